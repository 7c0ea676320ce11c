/**
 * The scenarios that ask nothing and show what else a turn can carry: a plan that progresses, a thought, markdown,
 * a diff, a display terminal, the session's setup, an echo, and links whose text may mislead.
 */
import { randomUUID } from 'node:crypto';
import { planStepMs } from './info';
import type { Scenario } from './scenario-kit';
import { describeSetup } from './setup';
import type { PlanStep } from './turn-host';
import { pause } from './turn-text';

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

export const plan: Scenario = {
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

export const status: Scenario = {
  name: 'status',
  description: 'Say which mode, model and MCP servers this session has',
  async run(host) {
    await host.say(describeSetup(host.setup, host.protocol));
    return 'end_turn';
  },
};

export const terminal: Scenario = {
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

export const echo: Scenario = {
  name: 'echo',
  description: 'Say back what you type after /echo',
  hint: 'what to say back',
  async run(host, text) {
    const rest = text.trim().replace(/^\/?echo\b\s*/i, '');
    await host.say(rest ? `You said: ${rest}` : 'Type something after /echo and I will say it back.');
    return 'end_turn';
  },
};

/** The address behind the links scenario's misleading link: its text names `docs.example.com`. */
export const MISLEADING_LINK_URL = 'https://login.example.net/docs';

export const links: Scenario = {
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
