import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { card, demoAgents, expect, harnessRecord, startSessionAndPrompt, test } from './fixtures';
import type { Harness } from '../../electron/harness/server';
import type { CommandResults } from '../../shared/bridge';

// Everything across request cards: notices that name things once and go away, one
// notification for requests sent together, the keyboard route from one waiting request to the next, focus that
// never drops to <body>, and the agent actions menu.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Agents' });
const notices = (page: Page) => page.getByRole('status', { name: 'Notices' });
/** The Ctrl (⌘ on macOS) + Alt shortcut with an arrow; Chromium here runs on Linux. */
const NEXT = 'Control+Alt+ArrowDown';
const PREVIOUS = 'Control+Alt+ArrowUp';

/** Starts a session of an agent that is not on screen and prompts it from outside the window (as the agent would ask). */
async function promptInBackground(harness: Harness, agentId: string, text: string): Promise<void> {
  await expect.poll(() => harness.hub.snapshot().agents.find((a) => a.agentId === agentId)?.status.kind).toBe('ready');
  const { sessionKey } = (await harness.hub.invoke('newSession', { agentId })) as CommandResults['newSession'];
  void harness.hub.invoke('prompt', { sessionKey, text });
}

/** The request card whose message contains `text`. */
function cardWith(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text });
}

test.describe('notices', () => {
  test('an info notice names the agent once and goes away by itself, but not while the pointer is on it', async ({ app }) => {
    test.setTimeout(60_000);
    await startSessionAndPrompt(app, 'Demo agent', 'complete-early');
    const notice = notices(app).getByText('finished the request before you opened the page');
    await expect(notice).toBeVisible();
    // Named once: the sentence itself names the agent, nothing is put in front of it.
    await expect(notice).toHaveText('Demo agent finished the request before you opened the page; nothing was opened.');
    await expect(notices(app)).not.toContainText('Demo agent: ');
    // Held while the pointer rests on it (longer than it would otherwise stay)…
    await notice.hover();
    await app.waitForTimeout(9_000);
    await expect(notice).toBeVisible();
    // …and gone a few seconds after the pointer leaves.
    await app.mouse.move(5, 5);
    await expect(notice).toBeHidden({ timeout: 12_000 });
  });

  test('the notices strip never covers a card button', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'complete-early');
    await expect(notices(app).getByText('finished the request')).toBeVisible();
    await app.getByRole('textbox', { name: 'Message', exact: true }).fill('form');
    await app.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    const form = card(app, 'Demo agent');
    await expect(form).toBeVisible();
    const strip = await notices(app).boundingBox();
    for (const name of ['Review', 'Decline', 'Cancel']) {
      const button = await form.getByRole('button', { name, exact: true }).boundingBox();
      if (!strip || !button) continue;
      const overlaps =
        strip.x < button.x + button.width && button.x < strip.x + strip.width && strip.y < button.y + button.height && button.y < strip.y + strip.height;
      expect(overlaps, `the notices cover ${name}`).toBe(false);
    }
  });
});

test.describe('requests that arrive together', () => {
  test.use({ agentsConfig: demoAgents(['Alpha', 'Beta']) });

  test('two requests from an agent not on screen give one notice and one notification, and Show opens the first', async ({ app, harness, request }) => {
    await sidebar(app).getByRole('button', { name: 'Alpha', exact: true }).click();
    await expect(sidebar(app).getByText('Ready')).toHaveCount(2);
    await promptInBackground(harness, 'demo-2', 'two');
    // spec E-REQ-5: both wait, and the user hears of them once.
    const notice = notices(app).getByText('Beta is asking you 2 things.');
    await expect(notice).toBeVisible();
    await expect(notices(app).getByText(/Beta is asking/)).toHaveCount(1);
    await expect
      .poll(async () => (await harnessRecord<Array<{ agentName: string; count: number }>>(request, harness, 'notifications')).map((n) => [n.agentName, n.count]))
      .toEqual([['Beta', 2]]);

    expect(await axeViolations(app)).toEqual([]);
    await notices(app).getByRole('button', { name: 'Show' }).click();
    await expect(cardWith(app, 'Question 1 of 2')).toBeFocused();
    await expect(notice).toHaveCount(0);
  });

  test('no notice for requests of the agent on screen: its cards say it', async ({ app }) => {
    await startSessionAndPrompt(app, 'Alpha', 'two');
    await expect(cardWith(app, 'Question 2 of 2')).toBeVisible();
    await app.waitForTimeout(600); // past the hub's gathering time
    await expect(notices(app).getByText(/asking you/)).toHaveCount(0);
  });
});

test.describe('keyboard across requests', () => {
  test.use({ agentsConfig: demoAgents(['Alpha', 'Beta']) });

  test('Next and Previous waiting request move focus into each waiting card in arrival order, across agents, and wrap', async ({ app }) => {
    await startSessionAndPrompt(app, 'Alpha', 'two');
    await expect(cardWith(app, 'Question 2 of 2')).toBeVisible();
    await startSessionAndPrompt(app, 'Beta', 'secret');
    await expect(card(app, 'Beta')).toBeVisible();
    await app.getByRole('textbox', { name: 'Message', exact: true }).focus();

    const first = cardWith(app, 'Question 1 of 2');
    const second = cardWith(app, 'Question 2 of 2');
    const beta = card(app, 'Beta');
    // Where focus enters a card: its first field, and for a radio group its checked radio (WAI-ARIA radio group:
    // "Question 1 of 2" starts with the colours, green chosen by default).
    const firstField = (c: ReturnType<typeof cardWith>) => c.locator('input[type="radio"]:checked, input:not([type="radio"]), select, textarea').first();

    // From the composer, Next goes to the oldest request, into its first field (Alpha's card, so Alpha is shown).
    await app.keyboard.press(NEXT);
    await expect(firstField(first)).toBeFocused();
    await expect(app.getByRole('heading', { name: /Requests from Alpha/ })).toBeVisible();
    await app.keyboard.press(NEXT);
    await expect(firstField(second)).toBeFocused();
    await app.keyboard.press(NEXT);
    await expect(firstField(beta)).toBeFocused();
    await expect(app.getByRole('heading', { name: /Requests from Beta/ })).toBeVisible();
    // Wraps to the oldest, and Previous walks back (wrapping the other way).
    await app.keyboard.press(NEXT);
    await expect(firstField(first)).toBeFocused();
    await app.keyboard.press(PREVIOUS);
    await expect(firstField(beta)).toBeFocused();

    // The controls say which keys do the same.
    const next = app.getByRole('button', { name: 'Next waiting request' });
    await expect(next).toHaveAttribute('aria-keyshortcuts', 'Control+Alt+ArrowDown');
    await expect(app.getByRole('button', { name: 'Previous waiting request' })).toHaveAttribute('aria-keyshortcuts', 'Control+Alt+ArrowUp');
    await app.getByRole('button', { name: 'Previous waiting request' }).click();
    await expect(firstField(second)).toBeFocused();
  });

  test('focus moves to the card when the one being typed in is withdrawn, never to the page', async ({ app }) => {
    await startSessionAndPrompt(app, 'Alpha', 'withdraw');
    const form = card(app, 'Alpha');
    await expect(form).toBeVisible();
    await app.keyboard.press(NEXT);
    const field = form.locator('input, textarea').first();
    await expect(field).toBeFocused();
    await app.keyboard.type('typing when it goes');
    // spec E-CXL-1: withdrawn by the agent, shown as such; the keyboard user is still in the card.
    await expect(form).toContainText('Withdrawn by the agent', { timeout: 10_000 });
    await expect.poll(() => app.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label') ?? document.activeElement?.tagName)).toBe('Request from Alpha');
  });
});

test.describe('agent actions menu', () => {
  test.use({ agentsConfig: demoAgents(['Alpha', 'Beta']) });

  test('is a menu button: arrows, Home and End move, Escape closes back to the button', async ({ app }) => {
    await expect(sidebar(app).getByText('Ready')).toHaveCount(2);
    const button = sidebar(app).getByRole('button', { name: 'Agent actions for Alpha' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await app.keyboard.press('Enter');
    const menu = sidebar(app).getByRole('menu', { name: 'Actions for Alpha' });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    expect(await axeViolations(app)).toEqual([]);
    await app.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Remove…' })).toBeFocused();
    await app.keyboard.press('Home');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await app.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Remove…' })).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await app.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // ↑ on the button opens it on its last item.
    await app.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Remove…' })).toBeFocused();
  });

  test('offers Restart for a live agent; it closes after acting and focus stays on the agent row', async ({ app, harness }) => {
    await expect(sidebar(app).getByText('Ready')).toHaveCount(2);
    const button = sidebar(app).getByRole('button', { name: 'Agent actions for Beta' });
    await button.click();
    const restart = sidebar(app).getByRole('menuitem', { name: 'Restart' });
    await expect(restart).toBeVisible();
    const statuses: string[] = [];
    harness.hub.subscribe((events) => {
      for (const event of events) if (event.type === 'agent' && event.agent.agentId === 'demo-2') statuses.push(event.agent.status.kind);
    });
    await restart.press('Enter');
    await expect(sidebar(app).getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();
    // It really restarted (started again and got ready), and focus is still on the row once it is ready.
    await expect.poll(() => statuses.join(' ')).toMatch(/starting.*ready/);
    await expect(sidebar(app).getByText('Ready')).toHaveCount(2);
    await expect.poll(() => app.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Agent actions for Beta');
  });

  test('after Restart the old session stays readable but says it ended and takes no prompt', async ({ app }) => {
    // The old tab looked usable and only Enter said "This session ended when its agent stopped".
    await startSessionAndPrompt(app, 'Alpha', 'hello');
    const message = app.getByRole('textbox', { name: 'Message', exact: true });
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('hello');
    await sidebar(app).getByRole('button', { name: 'Agent actions for Alpha' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Restart' }).click();
    await expect(message).toHaveAttribute('placeholder', /This session ended when its agent stopped/);
    await expect(message).toHaveAttribute('readonly', '');
    await expect(app.getByRole('button', { name: 'Send prompt' })).toBeDisabled();
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('hello');
  });

  test('Restart is listed for a turned-off agent too, saying what to do first', async ({ app }) => {
    await sidebar(app).getByRole('button', { name: 'Agent actions for Alpha' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Turn off' }).click();
    await expect(sidebar(app)).toContainText('Turned off');
    await sidebar(app).getByRole('button', { name: 'Agent actions for Alpha' }).click();
    const restart = sidebar(app).getByRole('menuitem', { name: /Restart/ });
    await expect(restart).toHaveAttribute('aria-disabled', 'true');
    await expect(restart).toContainText('turn it on first');
  });
});

test.describe('a record of what you answered', () => {
  const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });

  test('the transcript keeps each request inline: the question, then what was sent with the secret masked', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'secret');
    const record = transcript(app).getByRole('group', { name: 'Form request' });
    await expect(record).toContainText('Please paste your API token');
    await expect(record).toContainText('Waiting for your answer');
    const form = card(app, 'Demo agent');
    await form.getByLabel('Service').fill('svc.example');
    await form.getByLabel('API token').fill('tok-1234567890');
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
    await expect(record).toContainText('You sent your answer');
    await expect(record).toContainText('svc.example');
    // spec E-FORM-12: a secret-looking field is masked in the record, and its value is nowhere on the page.
    await expect(record).toContainText('looked secret');
    expect(await app.content()).not.toContain('tok-1234567890');
    expect(await axeViolations(app)).toEqual([]);
  });

  test('after Decline, one step opens the composer to tell the agent why, as an ordinary prompt', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const first = cardWith(app, 'Question 1 of 2');
    await first.getByRole('button', { name: 'Decline' }).click();
    // spec E-RES-1, E-RES-2: the agent got a plain decline (it says so); the record says declined.
    await expect(transcript(app)).toContainText('Question 1 (colour): You declined.');
    const record = transcript(app).getByRole('group', { name: 'Form request' }).filter({ hasText: 'Question 1 of 2' });
    await expect(record).toContainText('You declined');
    const notice = notices(app).getByText('You declined Demo agent’s request.');
    await expect(notice).toBeVisible();
    // The step is offered once, on the record, which stays (it was on the notice too).
    await expect(app.getByRole('button', { name: 'Tell the agent why…' })).toHaveCount(1);
    await expect(notices(app).getByRole('button', { name: 'Tell the agent why…' })).toHaveCount(0);
    await record.getByRole('button', { name: 'Tell the agent why…' }).click();
    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await expect(composer).toBeFocused();
    await expect(composer).toHaveValue('I declined “Question 1 of 2: what is your favourite colour?” because ');
    await app.keyboard.type('I cannot see colours.');
    // Pressed again, it keeps what is typed.
    await record.getByRole('button', { name: 'Tell the agent why…' }).click();
    await expect(composer).toBeFocused();
    await expect(composer).toHaveValue(/because I cannot see colours\.$/);
    // It goes as an ordinary prompt once the turn is over (the other question is still open until then).
    await cardWith(app, 'Question 2 of 2').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(app.getByRole('button', { name: 'Stop' })).toBeDisabled();
    await composer.focus();
    await app.keyboard.press('Enter');
    await expect(transcript(app).getByText('because I cannot see colours.').first()).toBeVisible();
  });

  test('notices do not pile up: a second Decline’s notice replaces the first', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    await cardWith(app, 'Question 1 of 2').getByRole('button', { name: 'Decline' }).click();
    await expect(notices(app).locator('.notice')).toHaveCount(1);
    await cardWith(app, 'Question 2 of 2').getByRole('button', { name: 'Decline' }).click();
    await expect(transcript(app)).toContainText('Question 2 (lunch): You declined.');
    await expect(notices(app).locator('.notice-text')).toHaveText(['You declined Demo agent’s request.']);
  });

  test('ended cards are dismissed together with Clear ended; their records stay in the transcript', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const cards = app.getByRole('article', { name: 'Request from Demo agent' });
    await expect(cards).toHaveCount(2);
    await app.getByRole('button', { name: 'Stop' }).click();
    await expect(cards.filter({ hasText: 'You stopped the turn' })).toHaveCount(2);
    const clear = app.getByRole('button', { name: 'Clear ended (2)' });
    expect(await axeViolations(app)).toEqual([]);
    await clear.click();
    await expect(cards).toHaveCount(0);
    await expect(transcript(app).getByRole('group', { name: 'Form request' })).toHaveCount(2);
    await expect(transcript(app).getByRole('group', { name: 'Form request' }).first()).toContainText('you stopped what it belonged to');
    expect(await app.evaluate(() => document.activeElement === document.body)).toBe(false);
  });
});
