/**
 * The demo agent's scenarios. A prompt picks one by its first word (case-insensitive, a leading `/` allowed);
 * each streams what it does, asks through `elicitation/create` (form or URL mode) or
 * `session/request_permission`, and echoes the answer into the transcript; "plan" shows the rest of what a
 * turn can carry (plan, thought, markdown, a diff). Scenarios only talk to a {@link TurnHost}, so the same
 * code serves ACP v1 and v2.
 */
import { randomUUID } from 'node:crypto';
import { completeEarlyDelayMs, log, longMessageKb, planStepMs, signInTimeoutMs, withdrawDelayMs } from './info';
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
import { describeSetup } from './setup';
import { waitForCallback, type DemoAccount } from './signin';
import type { DemoStopReason, ElicitOutcome, PermissionChoice, PermissionOutcome, PlanStep, TurnHost } from './turn-host';
import { pause } from './turn-text';

/** One thing the demo agent can do, advertised to the client as a command. */
export interface Scenario {
  /** Keyword (and command name): the prompt's first word selects it. */
  name: string;
  /** One line for the client's suggestion list. */
  description: string;
  /** The elicitation mode the client must have advertised for the scenario to run (none: runs anywhere). */
  needs?: 'form' | 'url';
  /** What to type after the command, when it takes input (the command's `input.hint`). */
  hint?: string;
  /** `text` is the whole prompt. */
  run(host: TurnHost, text: string): Promise<DemoStopReason>;
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

/** The transcript line for a finished URL question: `accept` is consent only. */
export function describeUrlOutcome(outcome: ElicitOutcome): string {
  switch (outcome.kind) {
    case 'accept':
      return 'You agreed to open the page.';
    case 'error':
      return `Switchboard refused: ${outcome.message}`;
    default:
      return describeOutcome(outcome);
  }
}

const form: Scenario = {
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

const two: Scenario = {
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

const withdraw: Scenario = {
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

const request: Scenario = {
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

const secret: Scenario = {
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

const bad: Scenario = {
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

const url: Scenario = {
  name: 'url',
  description: 'Ask you to open a sign-in page (URL mode) and wait until you finish signing in there',
  needs: 'url',
  async run(host) {
    await host.say(
      'This is the url scenario. I will ask you to open a sign-in page that I serve on this computer ' +
        '(127.0.0.1). Nothing is loaded before you agree. On the page, choose Authorize; I will notice and ' +
        'carry on.',
    );
    const toolCallId = `demo-${randomUUID()}`;
    await host.startToolCall(toolCallId, 'Sign in to the demo service');
    const elicitationId = randomUUID();
    const page = await host.services.pages.register(elicitationId);
    // Sent as soon as the page reports back, even if that happens before the client's answer.
    const completion = page.completed.then(() => host.completeElicitation(elicitationId));
    completion.catch(() => undefined);
    try {
      const outcome = await host.askUrl({
        scope: { sessionId: host.sessionId, toolCallId },
        message: 'Sign in to the demo service to continue.',
        elicitationId,
        url: page.url,
      });
      if (outcome.kind === 'turn-cancelled') {
        await host.endToolCall(toolCallId, 'cancelled');
        return 'cancelled';
      }
      if (outcome.kind !== 'accept' && !page.done) {
        await host.endToolCall(toolCallId, outcome.kind === 'error' ? 'failed' : 'completed');
        await host.say(describeUrlOutcome(outcome));
        return 'end_turn';
      }
      await host.say(
        outcome.kind === 'accept'
          ? 'You agreed to open the page; waiting for you to finish signing in.'
          : `${describeUrlOutcome(outcome)} The sign-in page reported back anyway.`,
      );
      const waited = await waitForCallback(page, host.cancelled);
      if (waited === 'aborted') {
        await host.endToolCall(toolCallId, 'cancelled');
        return 'cancelled';
      }
      if (waited !== 'completed') {
        await host.endToolCall(toolCallId, 'failed');
        await host.say(
          `I stopped waiting: the sign-in page was not completed within ${formatDelay(signInTimeoutMs())}.`,
        );
        return 'end_turn';
      }
      await completion;
      await host.endToolCall(toolCallId, 'completed');
      await host.say('Signed in.');
      return 'end_turn';
    } finally {
      page.dispose();
    }
  },
};

/**
 * Asks one URL question for a page the agent does not wait for. If the user consents anyway, the agent sends
 * `elicitation/complete` right away so the client can close its window.
 */
async function askUnwaitedUrl(host: TurnHost, message: string, target: string): Promise<ElicitOutcome> {
  const elicitationId = randomUUID();
  const outcome = await host.askUrl({ scope: { sessionId: host.sessionId }, message, elicitationId, url: target });
  if (outcome.kind === 'accept') await host.completeElicitation(elicitationId);
  return outcome;
}

const lookalike: Scenario = {
  name: 'lookalike',
  description: 'Ask you to open a page on a lookalike host (punycode): Switchboard should warn you',
  needs: 'url',
  async run(host) {
    await host.say(
      'This is the lookalike scenario. I will ask you to open a page on xn--pple-43d.com. Decoded, that host ' +
        'reads \u201c\u0430pple.com\u201d, but its first letter is a Cyrillic \u0430, not a Latin a: a classic ' +
        'phishing trick. Switchboard should warn you and show both forms of the host. Please decline.',
    );
    const outcome = await askUnwaitedUrl(host, 'Sign in to continue.', 'https://xn--pple-43d.com/login');
    if (outcome.kind === 'turn-cancelled') return 'cancelled';
    await host.say(describeUrlOutcome(outcome));
    if (outcome.kind === 'accept') {
      await host.say('I am not waiting for that page, so I told Switchboard the question is complete.');
    }
    return 'end_turn';
  },
};

const blocked: Scenario = {
  name: 'blocked',
  description: 'Ask you to open a javascript: URL: Switchboard must refuse it (decline) on its own',
  needs: 'url',
  async run(host) {
    await host.say(
      'This is the blocked scenario. I will ask you to open a javascript: URL, which would run code instead ' +
        'of showing a page. Switchboard must refuse it without opening anything and answer decline.',
    );
    const outcome = await askUnwaitedUrl(host, 'Open this link to continue.', 'javascript:alert(document.cookie)');
    if (outcome.kind === 'turn-cancelled') return 'cancelled';
    await host.say(describeUrlOutcome(outcome));
    if (outcome.kind === 'accept') await host.say('Switchboard accepted a javascript: URL; it should have refused it.');
    return 'end_turn';
  },
};

const completeEarly: Scenario = {
  name: 'complete-early',
  description: 'Ask you to open a page, then report it complete before you answer (elicitation/complete)',
  needs: 'url',
  async run(host) {
    const delay = completeEarlyDelayMs();
    await host.say(
      `This is the complete-early scenario. I will ask you to open a sign-in page, then, ${formatDelay(delay)} ` +
        'later and before you answer, tell Switchboard that the sign-in already finished elsewhere ' +
        '(elicitation/complete). Switchboard should close the question without opening anything and answer ' +
        'cancel.',
    );
    const elicitationId = randomUUID();
    const page = await host.services.pages.register(elicitationId);
    let answered = false;
    let completedFirst = false;
    try {
      const answer = host
        .askUrl({
          scope: { sessionId: host.sessionId },
          message: 'Sign in to the demo service to continue.',
          elicitationId,
          url: page.url,
        })
        .then((outcome) => {
          answered = true;
          return outcome;
        });
      const early = pause(delay, host.cancelled).then(async () => {
        if (host.cancelled.aborted) return;
        completedFirst = !answered;
        page.dispose();
        await host.completeElicitation(elicitationId);
      });
      const [outcome] = await Promise.all([answer, early]);
      if (outcome.kind === 'turn-cancelled') return 'cancelled';
      await host.say(
        completedFirst
          ? 'I sent elicitation/complete before you answered.'
          : 'You answered before I sent elicitation/complete.',
      );
      await host.say(describeUrlOutcome(outcome));
      return 'end_turn';
    } finally {
      page.dispose();
    }
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

const long: Scenario = {
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

/** The options the permission scenario offers, in the order the client should show them. */
export const PERMISSION_OPTIONS: readonly PermissionChoice[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
];

/** The transcript line for a finished permission request (spec wording the client's tests look for). */
export function describePermissionOutcome(outcome: PermissionOutcome): string {
  switch (outcome.kind) {
    case 'selected':
      return `You chose: ${outcome.option.name}.`;
    case 'cancelled':
      return 'You cancelled the permission request.';
    case 'turn-cancelled':
      return 'The turn was cancelled, so I withdrew my permission request.';
    case 'error':
      return `The client answered with an error (${outcome.code}): ${outcome.message}`;
  }
}

const permission: Scenario = {
  name: 'permission',
  description: 'Ask permission before a tool call (session/request_permission) and say which option you chose',
  async run(host) {
    await host.say(
      'This is the permission scenario. I want to delete the build folder, so I ask your permission first ' +
        '(session/request_permission) with three options: Allow once, Always allow and Reject. Nothing is ' +
        'deleted whatever you choose: I only pretend.',
    );
    const toolCallId = `demo-${randomUUID()}`;
    const title = 'Delete the build folder';
    // Absolute, as ACP locations are; the same pretend folder as the plan scenario's file.
    const target = '/tmp/demo/build';
    await host.startToolCall(toolCallId, title, { kind: 'delete' });
    const outcome = await host.askPermission({
      toolCallId,
      title,
      kind: 'delete',
      description: 'The demo agent only pretends: nothing on your computer is deleted.',
      paths: [target],
      rawInput: { path: target, recursive: true },
      options: [...PERMISSION_OPTIONS],
    });
    switch (outcome.kind) {
      case 'selected': {
        const allowed = outcome.option.kind.startsWith('allow');
        await host.endToolCall(toolCallId, allowed ? 'completed' : 'failed');
        await host.say(describePermissionOutcome(outcome));
        await host.say(
          allowed
            ? 'I pretended to delete the build folder; nothing was touched.'
            : 'I left the build folder alone.',
        );
        return 'end_turn';
      }
      case 'cancelled':
      case 'turn-cancelled':
        // Also after Stop: a v1 client answers `cancelled` before it sends session/cancel, and ACP lets the
        // agent report that until it ends the turn.
        await host.endToolCall(toolCallId, 'cancelled');
        await host.say(describePermissionOutcome(outcome), { evenIfCancelled: true });
        return host.cancelled.aborted ? 'cancelled' : 'end_turn';
      case 'error':
        await host.endToolCall(toolCallId, 'failed');
        await host.say(describePermissionOutcome(outcome));
        return 'end_turn';
    }
  },
};

/** The reply of the plan scenario: a heading, a list, inline code, a fenced block and a link. */
export const PLAN_REPLY = [
  '## How a client shows an agent at work',
  '',
  'Three things happened so far:',
  '',
  '- a **plan** whose steps move from pending to done',
  '- a _thought_, folded until you open it',
  '- this reply, written in markdown',
  '',
  'Markdown has `inline code` and fenced blocks:',
  '',
  '```ts',
  "const greeting = 'hello, world';",
  'console.log(greeting);',
  '```',
  '',
  'Links open only when you click them: [example documentation](https://example.com/docs).',
].join('\n');

/** The steps of the plan scenario (all pending). */
function planSteps(): PlanStep[] {
  return [
    { content: 'Think about what to show', priority: 'high', status: 'pending' },
    { content: 'Write a reply in markdown', priority: 'medium', status: 'pending' },
    { content: 'Edit /tmp/demo/hello.txt', priority: 'low', status: 'pending' },
  ];
}

const plan: Scenario = {
  name: 'plan',
  description: 'Show a plan that progresses, a thought, a markdown reply with a link, and a tool call with a diff',
  async run(host) {
    const step = planStepMs();
    const steps = planSteps();
    /** Marks the first `done` steps completed and, when `working`, the next one in progress. */
    const progress = (done: number, working: boolean) =>
      host.updatePlan(
        steps.map((entry, index) => ({
          ...entry,
          status: index < done ? 'completed' : index === done && working ? 'in_progress' : 'pending',
        })),
      );
    /** Waits one plan step; true when the turn was cancelled meanwhile. */
    const wait = async () => {
      await pause(step, host.cancelled);
      return host.cancelled.aborted;
    };

    await host.say(
      'This is the plan scenario. I will work through a plan of three steps: think (a thought you can open), ' +
        'reply in markdown, and edit a file (shown as a diff; nothing is written).',
    );
    await progress(0, false);
    if (await wait()) return 'cancelled';
    await progress(0, true);
    await host.think(
      'The user wants to see how a client draws an agent at work. A plan, this thought, some markdown and a ' +
        'diff should cover it.',
    );
    if (await wait()) return 'cancelled';
    await progress(1, true);
    await host.say(PLAN_REPLY);
    if (await wait()) return 'cancelled';
    await progress(2, true);
    const toolCallId = `demo-${randomUUID()}`;
    await host.startToolCall(toolCallId, 'Edit hello.txt', {
      kind: 'edit',
      diff: { path: '/tmp/demo/hello.txt', oldText: 'hello\n', newText: 'hello, world\n' },
    });
    if (await wait()) {
      await host.endToolCall(toolCallId, 'cancelled');
      return 'cancelled';
    }
    await host.endToolCall(toolCallId, 'completed');
    await progress(3, false);
    await host.say('All three steps are done. The diff was only shown: no file was written.');
    return 'end_turn';
  },
};

const status: Scenario = {
  name: 'status',
  description: 'Say which mode, model and MCP servers this session has',
  async run(host) {
    await host.say(describeSetup(host.setup, host.protocol));
    return 'end_turn';
  },
};

const terminal: Scenario = {
  name: 'terminal',
  description: 'Run a (pretend) test command in a display terminal, with coloured output (ACP v2)',
  async run(host) {
    if (!host.showTerminal) {
      await host.say('Display terminals are an ACP v2 feature; on v1 the client would run terminals itself.');
      return 'end_turn';
    }
    await host.say('Running the tests in a terminal you can watch:');
    const esc = '\u001b[';
    await host.showTerminal(
      `term-${randomUUID()}`,
      'npm test',
      [
        `${esc}1m> demo@1.0.0 test${esc}0m\r\n`,
        `${esc}32m✓${esc}0m parses the config ${esc}2m(3 ms)${esc}0m\r\n`,
        `${esc}32m✓${esc}0m sends MCP servers ${esc}2m(5 ms)${esc}0m\r\n`,
        `${esc}31m✗${esc}0m renders ${esc}4mcolours${esc}0m ${esc}33m(retrying)${esc}0m\r\n`,
        `${esc}32m✓${esc}0m renders colours ${esc}2m(2 ms)${esc}0m\r\n`,
        `\r\n${esc}1;32mTests: 4 passed${esc}0m, 4 total\r\n`,
      ],
      0,
    );
    await host.say('The tests passed.');
    return 'end_turn';
  },
};

const echo: Scenario = {
  name: 'echo',
  description: 'Say back what you type after /echo',
  hint: 'what to say back',
  async run(host, text) {
    const rest = text.trim().replace(/^\/?echo\b\s*/i, '');
    await host.say(rest ? `You said: ${rest}` : 'Type something after /echo and I will say it back.');
    return 'end_turn';
  },
};

/** A file name that reads as "eviltxt.exe" when its right-to-left override (U+202E) is applied. */
export const SPOOFED_NAME = 'evil\u202Eexe.txt';

const spoof: Scenario = {
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

/** The address behind the links scenario's misleading link: its text names `docs.example.com`. */
export const MISLEADING_LINK_URL = 'https://login.example.net/docs';

const links: Scenario = {
  name: 'links',
  description: 'Send a link whose text names another host than where it goes: Switchboard should ask first',
  async run(host) {
    await host.say(
      [
        'This is the links scenario. Both links below are written by me, text and address alike.',
        '',
        '- An honest one: [example.com](https://example.com/). It opens when you click it.',
        `- A misleading one: [docs.example.com](${MISLEADING_LINK_URL}). Its text names one host, but it goes to ` +
          'another. Switchboard should ask before opening it and name the real host.',
      ].join('\n'),
    );
    return 'end_turn';
  },
};

/** Every scenario, in the order the help text and the command list show them. */
export const SCENARIOS: readonly Scenario[] = [
  form,
  two,
  withdraw,
  request,
  secret,
  bad,
  url,
  lookalike,
  blocked,
  completeEarly,
  permission,
  long,
  plan,
  status,
  terminal,
  echo,
  spoof,
  links,
];

/** The commands sent in `available_commands_update`: one per scenario. */
export function scenarioCommands(): Array<{ name: string; description: string; input?: { hint: string } }> {
  return SCENARIOS.map(({ name, description, hint }) => ({ name, description, ...(hint ? { input: { hint } } : {}) }));
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

/** The help text for a prompt that names no scenario (with the sign-in status when `account` is given). */
export function helpText(account?: DemoAccount): string {
  const lines = SCENARIOS.map((scenario) => `- ${scenario.name}: ${scenario.description}`);
  return [
    "I'm the Switchboard demo agent. I don't think; I demonstrate how agents ask you things. Start a " +
      'prompt with one of these words:',
    ...lines,
    ...(account ? ['', account.status()] : []),
  ].join('\n');
}

/**
 * Runs one prompt turn: the selected scenario, or the help text. Never rejects; the result is the turn's stop
 * reason (`cancelled` whenever the turn was cancelled, whatever the scenario returned).
 */
export async function runPrompt(host: TurnHost, text: string, attachments: string[] = []): Promise<DemoStopReason> {
  const scenario = pickScenario(text);
  try {
    const announcement = host.services.account.takeAnnouncement();
    if (announcement) await host.say(announcement);
    if (attachments.length) await host.say(`Besides your text I received: ${attachments.join('; ')}.`);
    if (!scenario && attachments.length) {
      // A prompt that only carried files or images needs no help text.
    } else if (!scenario) {
      await host.say(helpText(host.services.account));
    } else if (scenario.needs && !host.modes[scenario.needs]) {
      await host.say(
        `I can't run the ${scenario.name} scenario: your client did not advertise ` +
          `${scenario.needs === 'url' ? 'URL' : 'form'} elicitation in initialize, and I only ask in modes a ` +
          'client advertises.',
      );
    } else {
      log(`session ${host.sessionId}: scenario ${scenario.name} (v${host.protocol})`);
      const stop = await scenario.run(host, text);
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
