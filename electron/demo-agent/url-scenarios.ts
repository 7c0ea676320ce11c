/**
 * The URL-mode scenarios: a sign-in page the agent waits for, a page completed before the user answers, and the
 * addresses Switchboard must warn about (a lookalike host) or refuse on its own (a javascript: URL).
 */
import { randomUUID } from 'node:crypto';
import { completeEarlyDelayMs, signInTimeoutMs } from './info';
import { describeUrlOutcome, formatDelay, type Scenario } from './scenario-kit';
import { waitForCallback } from './signin';
import type { ElicitOutcome, TurnHost } from './turn-host';
import { pause } from './turn-text';

export const url: Scenario = {
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
export async function askUnwaitedUrl(host: TurnHost, message: string, target: string): Promise<ElicitOutcome> {
  const elicitationId = randomUUID();
  const outcome = await host.askUrl({ scope: { sessionId: host.sessionId }, message, elicitationId, url: target });
  if (outcome.kind === 'accept') await host.completeElicitation(elicitationId);
  return outcome;
}

export const lookalike: Scenario = {
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

export const blocked: Scenario = {
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

export const completeEarly: Scenario = {
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
