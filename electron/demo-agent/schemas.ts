/**
 * The `requestedSchema`s the demo agent sends. Each one is valid in both protocol versions (the type is the
 * intersection of the v1 and v2 SDK types), except {@link contradictorySchema}, which is deliberately wrong.
 */
import type * as v1 from '@agentclientprotocol/sdk';
import type * as v2 from '@agentclientprotocol/sdk/experimental/v2';

/** A form schema both the v1 and the v2 SDK accept. */
export type FormSchema = v1.ElicitationSchema & v2.ElicitationSchema;

/**
 * The "form" scenario's schema: one property of every kind the restricted schema allows (spec E-FORM-2),
 * each with its constraints and, where the kind has one, a default (falsy ones too, for E-FORM-3).
 */
export function projectDetailsSchema(): FormSchema {
  return {
    type: 'object',
    title: 'Project details',
    description: 'Everything the demo agent would need to set up a new project.',
    properties: {
      project_name: {
        type: 'string',
        title: 'Project name',
        description: 'Between 3 and 40 characters.',
        minLength: 3,
        maxLength: 40,
        default: 'my-project',
      },
      ticket: {
        type: 'string',
        title: 'Tracking ticket',
        description: 'Two to five capital letters, a dash and a number, like ABC-123.',
        pattern: '^[A-Z]{2,5}-[0-9]+$',
      },
      contact_email: { type: 'string', title: 'Contact email', format: 'email' },
      homepage: { type: 'string', title: 'Homepage', description: 'An absolute URL.', format: 'uri' },
      start_date: { type: 'string', title: 'Start date', format: 'date' },
      kickoff: { type: 'string', title: 'Kick-off meeting', description: 'Date and time.', format: 'date-time' },
      language: {
        type: 'string',
        title: 'Main language',
        enum: ['TypeScript', 'Rust', 'Go', 'Python'],
        default: 'TypeScript',
      },
      license: {
        type: 'string',
        title: 'License',
        description: 'Required, and deliberately without a default.',
        oneOf: [
          { const: 'mit', title: 'MIT' },
          { const: 'apache-2.0', title: 'Apache 2.0', description: 'Permissive, with a patent grant.' },
          { const: 'gpl-3.0', title: 'GPL 3.0', description: 'Copyleft.' },
        ],
      },
      budget: { type: 'number', title: 'Budget (EUR)', minimum: 0, maximum: 1000000, default: 0 },
      team_size: { type: 'integer', title: 'Team size', minimum: 1, maximum: 50, default: 3 },
      public: { type: 'boolean', title: 'Public repository', default: false },
      platforms: {
        type: 'array',
        title: 'Target platforms',
        items: { type: 'string', enum: ['linux', 'macos', 'windows'] },
        default: [],
      },
      reviewers: {
        type: 'array',
        title: 'Reviewers',
        description: 'Pick at least one.',
        minItems: 1,
        items: {
          anyOf: [
            { const: 'ada', title: 'Ada Lovelace' },
            { const: 'grace', title: 'Grace Hopper' },
            { const: 'linus', title: 'Linus Torvalds' },
          ],
        },
      },
    },
    required: ['project_name', 'license', 'public', 'reviewers'],
  };
}

/** First of the two parallel questions in the "two" scenario. */
export function favouriteColourSchema(): FormSchema {
  return {
    type: 'object',
    properties: {
      colour: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'], default: 'green' },
    },
    required: ['colour'],
  };
}

/** Second of the two parallel questions in the "two" scenario. */
export function lunchSchema(): FormSchema {
  return {
    type: 'object',
    properties: {
      dish: { type: 'string', title: 'Lunch', minLength: 1, maxLength: 60 },
      vegetarian: { type: 'boolean', title: 'Vegetarian', default: false },
    },
    required: ['dish'],
  };
}

/** The "withdraw" scenario's question, which the agent withdraws before the user answers. */
export function deployTargetSchema(): FormSchema {
  return {
    type: 'object',
    properties: {
      target: {
        type: 'string',
        title: 'Deploy to',
        oneOf: [
          { const: 'staging', title: 'Staging' },
          { const: 'production', title: 'Production' },
        ],
      },
    },
    required: ['target'],
  };
}

/** The "request" scenario's question (request-scoped: tied to the pending `session/prompt`). */
export function confirmPromptSchema(): FormSchema {
  return {
    type: 'object',
    properties: {
      proceed: { type: 'boolean', title: 'Go ahead with this prompt', default: true },
      note: { type: 'string', title: 'Anything to add?', maxLength: 200 },
    },
    required: ['proceed'],
  };
}

/** The "secret" scenario's schema: a property that looks like a secret, to show the client's warning (E-FORM-12). */
export function apiTokenSchema(): FormSchema {
  return {
    type: 'object',
    properties: {
      service: { type: 'string', title: 'Service', default: 'example.com' },
      api_token: { type: 'string', title: 'API token', minLength: 8 },
    },
    required: ['api_token'],
  };
}

/**
 * The "bad" scenario's schema: `minLength` greater than `maxLength`, which no answer can satisfy. The client
 * is expected to refuse it with -32602 naming the property (spec E-FORM-10).
 */
export function contradictorySchema(): FormSchema {
  return {
    type: 'object',
    properties: {
      nickname: { type: 'string', title: 'Nickname', minLength: 10, maxLength: 2 },
    },
    required: ['nickname'],
  };
}

/** How many folders the "long" scenario's multiple choice offers: far more than fit on a card. */
export const LONG_CHOICE_COUNT = 60;

/** The "long" scenario's form: a long multiple choice (its own scroll region on the card) and a note. */
export function longChoicesSchema(): FormSchema {
  const folders = Array.from({ length: LONG_CHOICE_COUNT }, (_unused, i) => `packages/module-${String(i + 1).padStart(2, '0')}`);
  return {
    type: 'object',
    properties: {
      folders: { type: 'array', title: 'Folders to clean', items: { type: 'string', enum: folders }, minItems: 1 },
      note: { type: 'string', title: 'Note for the log', maxLength: 200 },
    },
    required: ['folders'],
  };
}
