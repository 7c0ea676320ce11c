/**
 * The form scenarios: one form with every kind of field, two at once, a withdrawn one, a request-scoped one, and
 * the ones Switchboard must warn about or refuse (a secret asked for, a contradictory schema, a hidden
 * right-to-left override, a very long message).
 */
import { randomUUID } from 'node:crypto';
import { longMessageKb, withdrawDelayMs } from './info';
import {
  apiTokenSchema,
  confirmPromptSchema,
  contradictorySchema,
  deployTargetSchema,
  favouriteColourSchema,
  LONG_CHOICE_COUNT,
  longChoicesSchema,
  lunchSchema,
  projectDetailsSchema,
} from './schemas';
import { describeOutcome, describeUrlOutcome, formatDelay, type Scenario } from './scenario-kit';
import { askUnwaitedUrl } from './url-scenarios';

export const form: Scenario = {
  name: 'form',
  description: 'Ask one form with every kind of field (text, pattern, email, URL, dates, choices, numbers, checkbox)',
  needs: 'form',
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

export const two: Scenario = {
  name: 'two',
  description: 'Ask two small forms at the same time and echo each answer as it arrives',
  needs: 'form',
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

export const withdraw: Scenario = {
  name: 'withdraw',
  description: 'Ask a question, then withdraw it after a few seconds ($/cancel_request)',
  needs: 'form',
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

export const request: Scenario = {
  name: 'request',
  description: 'Ask a request-scoped form tied to the pending prompt request instead of the session',
  needs: 'form',
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

export const secret: Scenario = {
  name: 'secret',
  description: 'Ask for an API token in a form (agents must not): Switchboard should warn you',
  needs: 'form',
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

export const bad: Scenario = {
  name: 'bad',
  description: 'Send a contradictory form schema (minLength > maxLength): Switchboard should refuse it',
  needs: 'form',
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

/** A message of about `kb` KiB: numbered lines of a pretend build log (ASCII, so one character is one byte). */
export function longMessage(kb: number): string {
  const lines = ['I am about to clean these folders. Here is the whole build log first, so you can check it:'];
  let size = lines[0].length;
  for (let n = 1; size < kb * 1024; n++) {
    const line = `${String(n).padStart(5, '0')} [build] compiled packages/module-${String((n % 60) + 1).padStart(2, '0')} in ${(n * 37) % 900} ms`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

export const long: Scenario = {
  name: 'long',
  description: 'Ask a form with a very long message and a long list of choices, and a URL that is very long',
  needs: 'form',
  async run(host) {
    const kb = longMessageKb();
    await host.say(
      `This is the long scenario. I will ask a form whose message is about ${kb} KB long, with a list of ` +
        `${LONG_CHOICE_COUNT} folders to choose from, and at the same time ask you to open a very long address (I do not ` +
        'wait for that page). Switchboard should keep each card\'s buttons on screen.',
    );
    const toolCallId = `demo-${randomUUID()}`;
    await host.startToolCall(toolCallId, 'Clean the build folders');
    // Each answer is echoed as it arrives, as in the two scenario.
    const form = host
      .askForm({ scope: { sessionId: host.sessionId, toolCallId }, message: longMessage(kb), requestedSchema: longChoicesSchema() })
      .then(async (outcome) => {
        await host.endToolCall(toolCallId, outcome.kind === 'accept' ? 'completed' : 'cancelled');
        if (outcome.kind !== 'turn-cancelled') await host.say(`The form: ${describeOutcome(outcome)}`);
        return outcome;
      });
    const page = host.modes.url
      ? askUnwaitedUrl(host, 'Open this report of the build.', `https://example.com/report?${'step=compile&'.repeat(250)}end=1`).then(
          async (outcome) => {
            if (outcome.kind !== 'turn-cancelled') await host.say(`The address: ${describeUrlOutcome(outcome)}`);
            return outcome;
          },
        )
      : Promise.resolve(undefined);
    const outcomes = await Promise.all([form, page]);
    return outcomes.some((outcome) => outcome?.kind === 'turn-cancelled') ? 'cancelled' : 'end_turn';
  },
};

/** A file name that reads as "eviltxt.exe" when its right-to-left override (U+202E) is applied. */
export const SPOOFED_NAME = 'evil\u202Eexe.txt';

export const spoof: Scenario = {
  name: 'spoof',
  description: 'Send text with a hidden right-to-left override (U+202E): a client must show it, not apply it',
  needs: 'form',
  async run(host) {
    await host.say(
      `This is the spoof scenario. The file I mention is named ${SPOOFED_NAME}. A client that applies the hidden ` +
        'right-to-left override in that name shows it as a harmless-looking text file; a client that cannot be ' +
        'lied to shows the override itself.',
    );
    await host.updatePlan([{ content: `Look at ${SPOOFED_NAME}`, priority: 'high', status: 'in_progress' }]);
    const toolCallId = `demo-${randomUUID()}`;
    await host.startToolCall(toolCallId, `Read ${SPOOFED_NAME}`);
    const outcome = await host.askForm({
      scope: { sessionId: host.sessionId, toolCallId },
      message: `Keep ${SPOOFED_NAME}?`,
      requestedSchema: {
        type: 'object',
        properties: {
          choice: {
            type: 'string',
            title: `What to do with ${SPOOFED_NAME}`,
            oneOf: [
              { const: 'keep', title: `Keep ${SPOOFED_NAME}` },
              { const: 'delete', title: 'Delete it' },
            ],
          },
        },
        required: ['choice'],
      },
    });
    await host.endToolCall(toolCallId, outcome.kind === 'accept' ? 'completed' : 'cancelled');
    if (outcome.kind === 'turn-cancelled') return 'cancelled';
    await host.say(describeOutcome(outcome));
    return 'end_turn';
  },
};
