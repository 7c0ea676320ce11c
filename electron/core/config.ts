/**
 * The agents config: which agent processes Switchboard runs (architecture "The agents config").
 *
 * Shape: `{ "agents": [ { "id", "name", "command", "args"?, "env"?, "cwd"?, "enabled"?, "muted"? } ],
 * "urlMode"? }`, checked against {@link AGENTS_CONFIG_SCHEMA} with ajv. An agent may name
 * `"builtin": "demo"` instead of a command: the host (Electron or the harness) knows where its own copy
 * of the demo agent lives and how to run it with its own runtime.
 */
import { readFile } from 'node:fs/promises';
import { Ajv, type ErrorObject } from 'ajv';

/** One configured agent, after defaults are applied. */
export interface AgentConfig {
  /** Stable id: 1–64 letters, digits, dots, dashes or underscores. */
  id: string;
  name: string;
  command?: string;
  args: string[];
  /** Merged over Switchboard's own environment. Values may be secrets: never logged. */
  env: Record<string, string>;
  cwd?: string;
  builtin?: 'demo';
  /** A disabled agent is kept in the config but not started. Default true. */
  enabled?: boolean;
  /** A muted agent raises no OS notification. Default false. */
  muted?: boolean;
}

/** The whole config, after defaults are applied. */
export interface AgentsConfig {
  agents: AgentConfig[];
  /** Where consented URL-mode pages open; `off` stops advertising URL mode (spec E-CAP-2). */
  urlMode: 'app-window' | 'system-browser' | 'off';
}

/** The JSON Schema of the agents config file (draft 7, as ajv's default entry point reads it). */
export const AGENTS_CONFIG_SCHEMA = {
  type: 'object',
  required: ['agents'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    agents: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
          name: { type: 'string', minLength: 1, maxLength: 100 },
          command: { type: 'string', minLength: 1 },
          args: { type: 'array', items: { type: 'string' }, default: [] },
          env: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
          cwd: { type: 'string', minLength: 1 },
          builtin: { const: 'demo' },
          enabled: { type: 'boolean' },
          muted: { type: 'boolean' },
        },
        oneOf: [{ required: ['command'], not: { required: ['builtin'] } }, { required: ['builtin'], not: { required: ['command'] } }],
      },
    },
    urlMode: { enum: ['app-window', 'system-browser', 'off'], default: 'app-window' },
  },
} as const;

// strictRequired off: the oneOf branches name properties declared one level up, which is fine.
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, strictRequired: false });
const validate = ajv.compile(AGENTS_CONFIG_SCHEMA);

/**
 * Checks a parsed JSON value against {@link AGENTS_CONFIG_SCHEMA}, filling defaults. The input is not
 * modified.
 * @throws Error whose message is a plain sentence naming the first problem and where it is.
 */
export function parseAgentsConfig(json: unknown): AgentsConfig {
  const config = structuredClone(json);
  if (!validate(config)) throw new Error(`The agents config is not valid: ${describe(mostTelling(validate.errors ?? []))}.`);
  const result = config as unknown as AgentsConfig;
  const ids = new Set<string>();
  for (const agent of result.agents) {
    if (ids.has(agent.id)) throw new Error(`The agents config names the agent id "${agent.id}" twice.`);
    ids.add(agent.id);
  }
  return result;
}

/**
 * The error worth showing: a failed command-or-builtin choice says more than the branch errors ajv
 * reports with it, which only say what each branch missed.
 */
function mostTelling(errors: ErrorObject[]): ErrorObject | undefined {
  return errors.find((e) => e.keyword === 'oneOf') ?? errors.find((e) => !e.schemaPath.includes('/oneOf/')) ?? errors[0];
}

/** An ajv error as words a person reads: where, then what. */
function describe(error: ErrorObject | undefined): string {
  if (!error) return 'unknown problem';
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : 'the top level';
  switch (error.keyword) {
    case 'oneOf':
      return `${where} needs either a "command" or "builtin": "demo", not both`;
    case 'additionalProperties':
      return `${where} has an unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case 'required':
      return `${where} is missing "${(error.params as { missingProperty: string }).missingProperty}"`;
    case 'pattern':
      return `${where} must be 1–64 letters, digits, dots, dashes or underscores`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

/**
 * Reads and checks a config file.
 * @throws Error with a plain sentence when the file is missing, not JSON, or not valid.
 */
export async function loadAgentsConfig(path: string): Promise<AgentsConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`Could not read the agents config ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The agents config ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseAgentsConfig(json);
}

/** The config a new user starts with: just the built-in demo agent. */
export function defaultAgentsConfig(): AgentsConfig {
  return parseAgentsConfig({ agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo' }] });
}
