/**
 * The demo agent's scenarios. A prompt picks one by its first word (case-insensitive, a leading `/` allowed);
 * each streams what it does, asks through `elicitation/create`, and echoes the answer into the transcript.
 * Scenarios only talk to a {@link TurnHost}, so the same code serves ACP v1 and v2.
 */
import { randomUUID } from 'node:crypto';
import { log, withdrawDelayMs } from './info';
import {
  apiTokenSchema,
  confirmPromptSchema,
  contradictorySchema,
  deployTargetSchema,
  favouriteColourSchema,
  lunchSchema,
  projectDetailsSchema,
} from './schemas';
import type { DemoStopReason, ElicitOutcome, TurnHost } from './turn';

/** One thing the demo agent can do, advertised to the client as a command. */
export interface Scenario {
  /** Keyword (and command name): the prompt's first word selects it. */
  name: string;
  /** One line for the client's suggestion list. */
  description: string;
  /** Whether the scenario needs the client to advertise form elicitation. */
  needsForm: boolean;
  run(host: TurnHost): Promise<DemoStopReason>;
}

/** The transcript line for a finished question (spec wording the client's tests look for). */
export function describeOutcome(outcome: ElicitOutcome): string {
  switch (outcome.kind) {
    case 'accept':
      return `You accepted: ${JSON.stringify(outcome.content)}`;
    case 'decline':
      return 'You declined.';
    case 'cancel':
      return 'You cancelled.';
    case 'withdrawn':
      return 'I withdrew my question.';
    case 'turn-cancelled':
      return 'The turn was cancelled, so I withdrew my question.';
    case 'error':
      return `The client answered with an error (${outcome.code}): ${outcome.message}`;
  }
}

const form: Scenario = {
  name: 'form',
  description: 'Ask one form with every kind of field (text, pattern, email, URL, dates, choices, numbers, checkbox)',
  needsForm: true,
  async run(host) {
    await host.say(
      'This is the form scenario. I will ask for the details of a new project in one form that uses every ' +
        'kind of field ACP allows: text with a length limit, text with a pattern, an email address, a URL, a ' +
        'date, a date and time, a single choice with and without titles, a number, a whole number, a ' +
        'checkbox and two multiple choices. Defaults are filled in; License and Reviewers are up to you.',
    );
    const toolCallId = `demo-${randomUUID()}`;
    await host.startToolCall(toolCallId, 'Ask the user for project details');
    const outcome = await host.askForm({
      scope: { sessionId: host.sessionId, toolCallId },
      message: 'Please fill in the details of your new project.',
      requestedSchema: projectDetailsSchema(),
    });
    if (outcome.kind === 'turn-cancelled') {
      await host.endToolCall(toolCallId, 'cancelled');
      return 'cancelled';
    }
    await host.endToolCall(toolCallId, outcome.kind === 'error' ? 'failed' : 'completed');
    await host.say(describeOutcome(outcome));
    return 'end_turn';
  },
};

const two: Scenario = {
  name: 'two',
  description: 'Ask two small forms at the same time and echo each answer as it arrives',
  needsForm: true,
  async run(host) {
    await host.say(
      'This is the two scenario. I will ask two questions at the same time. Answer them in any order; ' +
        'I will repeat each answer as soon as it arrives.',
    );
    const ask = async (label: string, message: string, schema: ReturnType<typeof lunchSchema>) => {
      const outcome = await host.askForm({ scope: { sessionId: host.sessionId }, message, requestedSchema: schema });
      if (outcome.kind !== 'turn-cancelled') await host.say(`${label}: ${describeOutcome(outcome)}`);
      return outcome;
    };
    const outcomes = await Promise.all([
      ask('Question 1 (colour)', 'Question 1 of 2: what is your favourite colour?', favouriteColourSchema()),
      ask('Question 2 (lunch)', 'Question 2 of 2: what would you like for lunch?', lunchSchema()),
    ]);
    if (outcomes.some((outcome) => outcome.kind === 'turn-cancelled')) return 'cancelled';
    await host.say('Both questions are settled.');
    return 'end_turn';
  },
};

const withdraw: Scenario = {
  name: 'withdraw',
  description: 'Ask a question, then withdraw it after a few seconds ($/cancel_request)',
  needsForm: true,
  async run(host) {
    const delay = withdrawDelayMs();
    await host.say(
      `This is the withdraw scenario. I will ask where to deploy, then change my mind and withdraw the ` +
        `question after ${formatDelay(delay)}, before you answer it.`,
    );
    const withdrawal = new AbortController();
    const timer = setTimeout(() => withdrawal.abort(new Error('the demo agent changed its mind')), delay);
    try {
      const outcome = await host.askForm({
        scope: { sessionId: host.sessionId },
        message: 'Where should I deploy the build?',
        requestedSchema: deployTargetSchema(),
        withdraw: withdrawal.signal,
      });
      if (outcome.kind === 'turn-cancelled') return 'cancelled';
      if (outcome.kind === 'withdrawn') await host.say('I withdrew my question.');
      else await host.say(`You answered before I withdrew it. ${describeOutcome(outcome)}`);
      return 'end_turn';
    } finally {
      clearTimeout(timer);
    }
  },
};

const request: Scenario = {
  name: 'request',
  description: 'Ask a request-scoped form tied to the pending prompt request instead of the session',
  needsForm: true,
  async run(host) {
    await host.say(
      `This is the request scenario. My next question belongs to your pending prompt request ` +
        `(JSON-RPC id ${JSON.stringify(host.promptRequestId)}), not to this session, so it carries a ` +
        `requestId instead of a sessionId.`,
    );
    const outcome = await host.askForm({
      scope: { requestId: host.promptRequestId },
      message: 'Before I answer this prompt: shall I go ahead?',
      requestedSchema: confirmPromptSchema(),
    });
    if (outcome.kind === 'turn-cancelled') return 'cancelled';
    await host.say(describeOutcome(outcome));
    return 'end_turn';
  },
};

const secret: Scenario = {
  name: 'secret',
  description: 'Ask for an API token in a form (agents must not): Switchboard should warn you',
  needsForm: true,
  async run(host) {
    await host.say(
      'This is the secret scenario. I am about to do something agents must not do: ask for an API token in ' +
        'a form. Switchboard should warn you about it. Do not type a real token.',
    );
    const outcome = await host.askForm({
      scope: { sessionId: host.sessionId },
      message: 'Please paste your API token so I can call the service for you.',
      requestedSchema: apiTokenSchema(),
    });
    if (outcome.kind === 'turn-cancelled') return 'cancelled';
    if (outcome.kind === 'accept') {
      const { api_token: token, ...rest } = outcome.content;
      const length = typeof token === 'string' ? token.length : 0;
      await host.say(
        `You accepted: ${JSON.stringify(rest)}. I will not repeat the API token here (it had ${length} characters).`,
      );
    } else {
      await host.say(describeOutcome(outcome));
    }
    return 'end_turn';
  },
};

const bad: Scenario = {
  name: 'bad',
  description: 'Send a contradictory form schema (minLength > maxLength): Switchboard should refuse it',
  needsForm: true,
  async run(host) {
    await host.say(
      'This is the bad scenario. I am sending a form whose schema contradicts itself: Nickname must be at ' +
        'least 10 and at most 2 characters long. Switchboard should refuse it with an error.',
    );
    const outcome = await host.askForm({
      scope: { sessionId: host.sessionId },
      message: 'Please choose a nickname.',
      requestedSchema: contradictorySchema(),
    });
    if (outcome.kind === 'turn-cancelled') return 'cancelled';
    if (outcome.kind === 'error') await host.say(`Switchboard refused: ${outcome.message}`);
    else await host.say(`Switchboard did not refuse the contradictory schema. ${describeOutcome(outcome)}`);
    return 'end_turn';
  },
};

/** Every scenario, in the order the help text and the command list show them. */
export const SCENARIOS: readonly Scenario[] = [form, two, withdraw, request, secret, bad];

/** The commands sent in `available_commands_update`: one per scenario. */
export function scenarioCommands(): Array<{ name: string; description: string }> {
  return SCENARIOS.map(({ name, description }) => ({ name, description }));
}

/** The scenario a prompt selects by its first word (case-insensitive, `/form` works too), if any. */
export function pickScenario(text: string): Scenario | undefined {
  const first = text.trim().split(/\s+/, 1)[0] ?? '';
  const keyword = first
    .replace(/^\/+/, '')
    .replace(/[.,:;!?]+$/, '')
    .toLowerCase();
  return SCENARIOS.find((scenario) => scenario.name === keyword);
}

/** The help text for a prompt that names no scenario. */
export function helpText(): string {
  const lines = SCENARIOS.map((scenario) => `- ${scenario.name}: ${scenario.description}`);
  return [
    "I'm the Switchboard demo agent. I don't think; I demonstrate how agents ask you things. Start a " +
      'prompt with one of these words:',
    ...lines,
  ].join('\n');
}

/**
 * Runs one prompt turn: the selected scenario, or the help text. Never rejects; the result is the turn's stop
 * reason (`cancelled` whenever the turn was cancelled, whatever the scenario returned).
 */
export async function runPrompt(host: TurnHost, text: string): Promise<DemoStopReason> {
  const scenario = pickScenario(text);
  try {
    if (!scenario) {
      await host.say(helpText());
    } else if (scenario.needsForm && !host.modes.form) {
      await host.say(
        `I can't run the ${scenario.name} scenario: your client did not advertise form elicitation in ` +
          'initialize, and I only ask in modes a client advertises.',
      );
    } else {
      log(`session ${host.sessionId}: scenario ${scenario.name} (v${host.protocol})`);
      const stop = await scenario.run(host);
      return host.cancelled.aborted ? 'cancelled' : stop;
    }
  } catch (error) {
    log(`scenario failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!host.cancelled.aborted) {
      await host.say('Sorry, the demo agent hit an internal error. See its stderr.').catch(() => undefined);
    }
  }
  return host.cancelled.aborted ? 'cancelled' : 'end_turn';
}

function formatDelay(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
