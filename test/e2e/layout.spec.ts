import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { appActions, card, demoAgents, expect, paneTabs, startSessionAndPrompt, test, REVIEW_WINDOWS } from './fixtures';

// Layout at every width from 640 px, measured: bounding boxes, not pictures. At 800×600 the
// transcript keeps at least half the height whatever is waiting, and the card keeps its header and actions on
// screen while its body scrolls; below 761 px the session and the requests take turns under a switch; no width
// from 640 to 1920 leaves a blank region; a notice never moves the session.

const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Agents' });
const requestsTab = (page: Page) => paneTabs(page).getByRole('tab', { name: /^Requests/ });
const sessionTab = (page: Page) => paneTabs(page).getByRole('tab', { name: 'Session' });
const notices = (page: Page) => page.getByRole('status', { name: 'Notices' });

/** The accessible names (else tags) of the controls on screen that `cover` overlaps, outside it. */
async function controlsUnder(cover: Locator): Promise<string[]> {
  return cover.evaluate((strip) => {
    const area = strip.getBoundingClientRect();
    const selector = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"]), [role="tab"]';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => !strip.contains(el) && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.left < area.right && area.left < b.right && b.top < area.bottom && area.top < b.bottom;
      })
      .map((el) => el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.tagName));
  });
}

async function boxesOf(parts: Record<string, Locator>) {
  const out: Record<string, { y: number; height: number }> = {};
  for (const [name, locator] of Object.entries(parts)) out[name] = await box(locator);
  return out;
}

/** The request the demo agent makes for each prompt, and the buttons its card must keep on screen. */
const WAITING = [
  { prompt: 'form', kind: 'a form', buttons: ['Review', 'Decline', 'Cancel'] },
  { prompt: 'url', kind: 'a URL card', buttons: ['Open', 'Decline', 'Cancel'] },
  { prompt: 'permission', kind: 'a permission', buttons: ['Allow once', 'Reject', 'Cancel'] },
] as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

/** Every pixel of `locator` is inside the window. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  const b = await box(locator);
  const size = locator.page().viewportSize()!;
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(-0.5);
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(b.y + b.height, `${what}: bottom edge`).toBeLessThanOrEqual(size.height + 0.5);
  expect(b.x + b.width, `${what}: right edge`).toBeLessThanOrEqual(size.width + 0.5);
}

test.describe('800×600 with a request waiting', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  for (const waiting of WAITING) {
    // "at 800×600 the transcript keeps at least half the height" (it was 234 px with a form).
    test(`with ${waiting.kind} waiting the transcript keeps half the height and the card its header and buttons`, async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', waiting.prompt);
      const request = card(app, 'Demo agent');
      await expect(request.getByRole('button', { name: waiting.buttons[0], exact: true })).toBeVisible();
      const log = await box(transcript(app));
      expect(log.height, `transcript height with ${waiting.kind} waiting`).toBeGreaterThanOrEqual(300);
      // Three bars at most above it (agent, sessions, the session's state and settings), not five.
      const main = await box(app.getByRole('main'));
      expect(log.y - main.y, 'room taken above the transcript').toBeLessThanOrEqual(160);

      // The card's header and actions are on screen, and stay there with its body scrolled to the end (sticky,
      // The body scrolls, the card is not shrunk to fit.
      const header = request.getByRole('heading', { name: 'Demo agent' });
      const controls = [header, ...waiting.buttons.map((name) => request.getByRole('button', { name, exact: true }))];
      for (const control of controls) await expectOnScreen(control, `${await control.textContent()} before scrolling`);
      // Decline and Cancel wrapped under Review. An answer and its two ways to say no
      // are one row in the 280 px column (a permission's four choices keep to two rows, PermissionCard.css).
      if (waiting.prompt !== 'permission') {
        const rows = new Set<number>();
        for (const name of waiting.buttons) rows.add(Math.round((await box(request.getByRole('button', { name, exact: true }))).y));
        expect([...rows], `${waiting.buttons.join(', ')} on one row`).toHaveLength(1);
      }
      const queueBody = app.getByRole('complementary').locator('.queue-body');
      await queueBody.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      for (const control of controls) await expectOnScreen(control, `${await control.textContent()} scrolled to the end`);
      // Each state said once ("Ready", "Waiting for you" and "Working…" clashed above and below
      // the transcript): the agent's Ready is the sidebar's, the turn's pause is the session bar's.
      await expect(app.getByRole('main').locator('.agent-header')).not.toContainText('Ready');
      await expect(app.getByRole('main')).not.toContainText('Working…');
      await expect(app.getByRole('button', { name: /waiting for you\. Show it$/ })).toBeVisible();
      if (waiting.prompt === 'form') {
        expect(await queueBody.evaluate((el) => el.scrollHeight > el.clientHeight + 100), 'the form scrolls in its column').toBe(true);
        // The card is as wide as its column allows, not squeezed.
        expect((await box(request)).width).toBeGreaterThanOrEqual(240);
      }
    });
  }

  // With a request still waiting, the notice covers none of the
  // card's buttons either (a second form waits after the first is declined).
  test('a notice covers no control of the session or of the card still waiting', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    await card(app, 'Demo agent').getByRole('button', { name: 'Decline' }).click();
    const notice = notices(app).locator('.notice').filter({ hasText: 'You declined Demo agent’s request.' });
    await expect(notice).toBeVisible();
    await expect(card(app, 'Demo agent').getByRole('button', { name: 'Review' })).toBeVisible();
    expect(await controlsUnder(notices(app))).toEqual([]);
  });
});

test.describe('a notice takes room and covers nothing', () => {
  // At 640 and 800 the notices floated over the agent header, and
  // Restart agent and Sign in were hidden for the notice's 4–8 s. Now they sit in the flow above the composer: no
  // control on the page is under one, the agent header, the tabs and the composer stay where they were, and the
  // transcript only gives up its bottom edge.
  for (const [width, height] of REVIEW_WINDOWS) {
    test.describe(`${width}×${height}`, () => {
      test.use({ viewport: { width, height } });

      test('after a Reject the notice is above the composer, covers no control, and moves none', async ({ app }) => {
        await startSessionAndPrompt(app, 'Demo agent', 'permission');
        if (width < 761) await requestsTab(app).click();
        await card(app, 'Demo agent').getByRole('button', { name: 'Reject' }).click();
        const notice = notices(app).locator('.notice').filter({ hasText: 'You rejected Demo agent’s permission request.' });
        await expect(notice).toBeVisible();
        // The permission's tool call is recorded; the transcript has settled at its end.
        await expect(transcript(app)).toContainText('I left the build folder alone.');

        expect(await controlsUnder(notices(app))).toEqual([]);
        const signIn = app.getByRole('button', { name: /^Sign in/ });
        await expect(signIn).toBeVisible();
        const noticeBox = await box(notice);
        const composerBox = await box(composer(app));
        expect(noticeBox.y + noticeBox.height, 'the notice ends above the composer').toBeLessThanOrEqual(composerBox.y);
        expect(noticeBox.y, 'the notice is below the transcript’s top').toBeGreaterThan((await box(transcript(app))).y);

        const parts = {
          'agent name': app.getByRole('main').getByRole('heading', { name: 'Demo agent' }),
          'Sign in': signIn,
          'session tabs': app.getByRole('navigation', { name: 'Sessions' }),
          'New session': app.getByRole('button', { name: /^New( session)?$/ }),
          composer: composer(app),
          'Send prompt': app.getByRole('button', { name: 'Send prompt' }),
        };
        const withNotice = await boxesOf(parts);
        const logWith = await box(transcript(app));

        // Keyboard: the notice’s buttons are in the tab order, before the composer.
        await composer(app).focus();
        const dismiss = notice.getByRole('button', { name: 'Dismiss notice' });
        for (let i = 0; i < 40 && !(await dismiss.evaluate((el) => el === document.activeElement)); i++) await app.keyboard.press('Shift+Tab');
        await expect(dismiss).toBeFocused();
        await app.keyboard.press('Enter');
        await expect(notice).toHaveCount(0);

        const without = await boxesOf(parts);
        for (const name of Object.keys(parts)) {
          expect(Math.abs(without[name].y - withNotice[name].y), `${name}: moved with the notice`).toBeLessThanOrEqual(0.5);
          expect(Math.abs(without[name].height - withNotice[name].height), `${name}: resized with the notice`).toBeLessThanOrEqual(0.5);
        }
        const logWithout = await box(transcript(app));
        expect(Math.abs(logWithout.y - logWith.y), 'the transcript’s top').toBeLessThanOrEqual(0.5);
        // Following the newest text, it still shows the agent's last line with the notice and without.
        await expect(transcript(app).getByText('I left the build folder alone.')).toBeInViewport();
      });
    });
  }
});

test.describe('800×600: the session’s chrome and the card header', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  // The card header must not wrap to four lines at 800.
  test('the card header takes two lines: agent · session on the first, the tool call cut on the second', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const request = card(app, 'Demo agent');
    const header = request.locator('header').first();
    const agent = await box(header.getByRole('heading', { name: 'Demo agent' }));
    const session = await box(header.locator('.card-session'));
    await expect(header.locator('.card-session')).toHaveText(/form$/);
    expect(Math.abs(session.y + session.height - (agent.y + agent.height)), 'the session is on the agent’s line').toBeLessThanOrEqual(3);
    const tool = header.getByRole('list', { name: 'Context' }).getByRole('listitem');
    await expect(tool).toHaveText('Tool call: Ask the user for project details');
    const toolBox = await box(tool);
    expect(toolBox.height, 'the tool call is one line').toBeLessThanOrEqual(20);
    // The tool call's line comes right under the agent's: two lines from the agent's name to the tool call's end
    // (it was four: agent, identity, time and session each took one).
    expect(toolBox.y + toolBox.height - agent.y, 'the header’s two lines').toBeLessThanOrEqual(44);
    // Cut on screen, whole in its tooltip and for assistive tech.
    await expect(tool).toHaveAttribute('title', /^Tool call: Ask the user for project details\nTool call id: /);
    await expect(request).toContainText('switchboard-demo-agent');
  });

  // At 800×600 the working-folder box must not shrink to '/' nor the session tab be clipped.
  test('with two sessions and a request, the tabs, the folder box and New session all fit and read', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(card(app, 'Demo agent')).toBeVisible();
    await app.getByRole('button', { name: 'New session' }).click();
    const tabs = app.getByRole('navigation', { name: 'Sessions' });
    await expect(tabs.getByRole('button', { name: /^Session 2/ })).toBeVisible({ timeout: 15_000 });
    const main = await box(app.getByRole('main'));
    const folder = await box(app.getByLabel('Working folder'));
    expect(folder.width, 'the working-folder box keeps room for its path').toBeGreaterThanOrEqual(90);
    const strip = await box(tabs.getByRole('list'));
    const selected = await box(tabs.getByRole('button', { name: /^Session 2/ }));
    expect(selected.x, 'the selected tab’s left edge').toBeGreaterThanOrEqual(strip.x - 0.5);
    expect(selected.x + selected.width, 'the selected tab’s right edge').toBeLessThanOrEqual(strip.x + strip.width + 0.5);
    const newSession = await box(app.getByRole('button', { name: 'New session' }));
    expect(newSession.x + newSession.width, 'New session’s right edge').toBeLessThanOrEqual(main.x + main.width + 0.5);
    expect(newSession.y, 'New session on the tabs’ row').toBeLessThanOrEqual(strip.y + strip.height);
  });
});

test.describe('below 761 px: one pane at a time', () => {
  test.use({ viewport: { width: 640, height: 700 } });

  // At 640 px the Requests band once stacked above the session and pushed the composer off screen.
  test('a request arriving is counted and announced but leaves the session and the typing where they are', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toHaveAccessibleName('Requests (1)');
    await expect(sessionTab(app)).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByRole('main')).toBeVisible();
    await expect(app.getByRole('complementary')).toBeHidden();
    await expect(app.getByRole('status', { name: 'Requests arriving' })).toContainText('A new request is waiting (1 in all)');
    // The user was typing: the composer keeps focus and what they type.
    await expect(composer(app)).toBeFocused();
    await app.keyboard.type('still typing');
    await expect(composer(app)).toHaveValue('still typing');

    // The session fills the pane and its composer's buttons keep a margin from the window's bottom edge.
    const send = await box(app.getByRole('button', { name: 'Send prompt' }));
    expect(send.y + send.height, 'Send prompt’s bottom edge').toBeLessThanOrEqual(700 - 8);
    expect((await box(transcript(app))).height, 'transcript height at 640×700').toBeGreaterThanOrEqual(300);
  });

  test('the switch works from the keyboard alone, and Next waiting request goes to the Requests pane', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toBeVisible();
    // One tab stop: the selected tab; arrows move and select (WAI-ARIA tabs, automatic activation).
    await expect(requestsTab(app)).toHaveAttribute('tabindex', '-1');
    await sessionTab(app).focus();
    await app.keyboard.press('ArrowRight');
    await expect(requestsTab(app)).toBeFocused();
    await expect(requestsTab(app)).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByRole('complementary')).toBeVisible();
    await expect(app.getByRole('main')).toBeHidden();
    await expect(requestsTab(app)).toHaveAttribute('aria-controls', (await app.getByRole('complementary').getAttribute('id'))!);
    await app.keyboard.press('Home');
    await expect(sessionTab(app)).toBeFocused();
    await expect(app.getByRole('main')).toBeVisible();
    await app.keyboard.press('End');
    await expect(requestsTab(app)).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('ArrowLeft');
    await expect(sessionTab(app)).toHaveAttribute('aria-selected', 'true');

    // Ctrl+Alt+↓ from the composer (shared/shortcuts.ts): the Requests pane, focus in the card's first field.
    await composer(app).focus();
    await app.keyboard.press('Control+Alt+ArrowDown');
    await expect(requestsTab(app)).toHaveAttribute('aria-selected', 'true');
    await expect(card(app, 'Demo agent').getByRole('textbox', { name: /Project name/ })).toBeFocused();
    // The pane is the whole area right of the agents and below the switch.
    const pane = await box(app.getByRole('complementary'));
    const nav = await box(sidebar(app));
    const tabs = await box(paneTabs(app));
    expect(pane.x).toBeCloseTo(nav.x + nav.width, 0);
    expect(pane.x + pane.width).toBeCloseTo(640, 0);
    expect(pane.y).toBeGreaterThanOrEqual(tabs.y + tabs.height);
    expect(pane.y + pane.height).toBeCloseTo(700, 0);

    // Answered: nothing waits, the switch goes and the session is back.
    await card(app, 'Demo agent').getByRole('button', { name: 'Decline' }).click();
    await expect(paneTabs(app)).toHaveCount(0);
    await expect(app.getByRole('main')).toBeVisible();
    await expect(transcript(app)).toContainText('You declined.');
  });

  test('the session’s “Show it” and a notice’s Show switch to the request', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toBeVisible();
    await app.getByRole('button', { name: /request waiting for you\. Show it$/ }).click();
    await expect(requestsTab(app)).toHaveAttribute('aria-selected', 'true');
    await expect(card(app, 'Demo agent')).toBeFocused();
  });

  test('a choice in the sidebar while Requests is in front brings the session pane forward', async ({ app }) => {
    // Clicking History or an agent with Requests in front changed only the tab's label.
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await requestsTab(app).click();
    await expect(app.getByRole('complementary')).toBeVisible();
    await sidebar(app).getByRole('button', { name: /History/ }).click();
    const leftTab = paneTabs(app).getByRole('tab').first();
    await expect(leftTab).toHaveAccessibleName('History');
    await expect(leftTab).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByRole('main')).toBeVisible();
    await expect(app.getByRole('complementary')).toBeHidden();
    await requestsTab(app).click();
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    await expect(sessionTab(app)).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByRole('main')).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the switch and both panes pass axe-core in the ${theme} theme`, async ({ app }) => {
      await app.emulateMedia({ colorScheme: theme });
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(requestsTab(app)).toBeVisible();
      const found: Record<string, string[]> = { session: await axeViolations(app) };
      await requestsTab(app).click();
      await expect(card(app, 'Demo agent')).toBeVisible();
      // The requests in front hide the session's <main>: axe's moderate landmark-one-main is known to fail (axe.ts).
      found.requests = await axeViolations(app, ['landmark-one-main']);
      expect(found).toEqual({ session: [], requests: [] });
    });
  }
});

test.describe('no blank regions from 640 to 1920 px', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

  // "no blank regions" (below 761 px the layout once collapsed into a 176 px column).
  test('the agents, the session and the requests tile the window at every width, with a request waiting or not', async ({ app }) => {
    test.setTimeout(60_000);
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(card(app, 'Demo agent')).toBeAttached();
    const widths = [640, 700, 760, 761, 800, 960, 1100, 1101, 1280, 1440, 1920];
    for (const width of widths) {
      const height = width < 1000 ? 600 : 900;
      await app.setViewportSize({ width, height });
      const nav = await box(sidebar(app));
      const main = await box(app.getByRole('main'));
      const where = `at ${width}×${height}`;
      expect(nav.x, `agents’ left ${where}`).toBeCloseTo(0, 0);
      expect(nav.height, `agents’ height ${where}`).toBeCloseTo(height, 0);
      expect(main.x, `session’s left ${where}`).toBeCloseTo(nav.x + nav.width, 0);
      expect(main.y + main.height, `session’s bottom ${where}`).toBeCloseTo(height, 0);
      if (width <= 760) {
        // One pane at a time: the session takes all the rest; the requests, the same room, when chosen.
        expect(main.x + main.width, `session’s right ${where}`).toBeCloseTo(width, 0);
        await expect(app.getByRole('complementary')).toBeHidden();
      } else {
        const queue = await box(app.getByRole('complementary'));
        expect(queue.x, `requests’ left ${where}`).toBeCloseTo(main.x + main.width, 0);
        expect(queue.x + queue.width, `requests’ right ${where}`).toBeCloseTo(width, 0);
        expect(queue.height, `requests’ height ${where}`).toBeCloseTo(height, 0);
        expect(main.width, `the session keeps room ${where}`).toBeGreaterThanOrEqual(300);
      }
      // Inside the session: the transcript reaches down to the composer (no gap under it; the suggestions
      // went with the first message).
      const log = await box(transcript(app));
      const message = await box(composer(app));
      expect(message.y - (log.y + log.height), `gap under the transcript ${where}`).toBeLessThanOrEqual(40);
      await expectOnScreen(app.getByRole('button', { name: 'Send prompt' }), `Send prompt ${where}`);
    }
  });
});

/** `inner` lies inside `outer` (to the pixel) and shows all of its text (nothing cut by an ellipsis or overflow). */
async function expectWhole(inner: Locator, outer: Locator, what: string): Promise<void> {
  const a = await box(inner);
  const b = await box(outer);
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 0.5);
  const { scroll, client } = await inner.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll, `${what} is cut off`).toBeLessThanOrEqual(client + 1);
}

/** Whether two boxes share any pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

// Layout polish, each point measured.
test.describe('layout polish, each point measured', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

  test('“Waiting for you (N)” and its “1 new” pill are whole inside the sidebar at 640, 800 and 1440 px', async ({ app }) => {
    // At 640 px the session pane is in front as the request arrives, so its card is not seen yet; then another
    // agent is shown, so its card is not drawn at the wider widths either.
    await app.setViewportSize({ width: 640, height: 700 });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toBeVisible();
    await sidebar(app).getByRole('button', { name: 'Beta', exact: true }).click();
    const entry = sidebar(app).locator('.waiting-entry').first();
    const pill = entry.locator('.new-tag');
    for (const [width, height] of REVIEW_WINDOWS) {
      await app.setViewportSize({ width, height });
      await expect(pill).toHaveText('1 new');
      await expectWhole(pill, entry, `the “1 new” pill at ${width} px`);
      await expectWhole(entry.getByRole('button', { name: 'Waiting for you (1)' }), entry, `Waiting for you (1) at ${width} px`);
      await expectWhole(entry, sidebar(app), `the Waiting for you row at ${width} px`);
    }
  });

  test('at 800 px a second card keeps its buttons at its end, and pins them once enough of it is in view', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const cards = app.getByRole('article', { name: 'Request from Demo agent' });
    await expect(cards).toHaveCount(2);
    const second = cards.nth(1);
    await expect(second).toContainText('Question 2 of 2');
    // Its footer floated right under its header, over its own body (it was sticky to the queue's bottom edge).
    const body = await box(second.locator('.card-body'));
    const actions = await box(second.locator('.card-actions'));
    expect(actions.y, 'the second card’s buttons come after its body').toBeGreaterThanOrEqual(body.y + body.height - 0.5);
    await expect(second).not.toHaveAttribute('data-actions-pinned');
    // A tall card further down (a form from a second session), scrolled to the top of the queue's view: now its
    // buttons stay in view while its body scrolls, and the cards above it no longer pin theirs.
    await app.getByRole('button', { name: /^New/ }).click();
    await expect(app.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^Session 2/ })).toBeVisible({ timeout: 15_000 });
    await composer(app).fill('form');
    await composer(app).press('Enter');
    await expect(cards).toHaveCount(3);
    const tall = cards.nth(2);
    await expect(tall).not.toHaveAttribute('data-actions-pinned');
    const queueBody = app.getByRole('complementary').locator('.queue-body');
    await tall.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await queueBody.evaluate((el) => el.scrollBy({ top: 40 }));
    await expect(tall).toHaveAttribute('data-actions-pinned', '');
    await expect(app.locator('[data-actions-pinned]')).toHaveCount(1);
    const view = await box(queueBody);
    const review = await box(tall.getByRole('button', { name: 'Review' }));
    expect(review.y + review.height, 'Review inside the queue’s view').toBeLessThanOrEqual(view.y + view.height + 0.5);
    expect(review.y, 'Review inside the queue’s view').toBeGreaterThanOrEqual(view.y);
  });

  test('at 800 px a permission’s options and Cancel take two rows, not three', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'permission');
    const request = card(app, 'Demo agent');
    const tops = new Set<number>();
    for (const name of ['Allow once', 'Always allow', 'Reject', 'Cancel']) tops.add(Math.round((await box(request.getByRole('button', { name, exact: true }))).y));
    expect(tops.size, 'rows of buttons').toBeLessThanOrEqual(2);
    for (const name of ['Allow once', 'Always allow', 'Reject', 'Cancel']) {
      await expectWhole(request.getByRole('button', { name, exact: true }), request, `${name} in the card`);
    }
  });

  test('the Add agent dialog keeps Save and Cancel on screen at 640×700 while its fields scroll', async ({ app }) => {
    await app.setViewportSize({ width: 640, height: 700 });
    await appActions(app).getByRole('button', { name: 'Add agent' }).click();
    const dialog = app.getByRole('dialog', { name: 'Agent settings' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight + 40), 'the dialog is taller than the window').toBe(true);
    const save = dialog.getByRole('button', { name: 'Save' });
    for (const at of ['top', 'bottom'] as const) {
      if (at === 'bottom') await dialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expectOnScreen(save, `Save with the dialog scrolled to the ${at}`);
      await expectOnScreen(dialog.getByRole('button', { name: 'Cancel' }), `Cancel with the dialog scrolled to the ${at}`);
      // Nothing of the body shows below the footer.
      const frame = await box(dialog);
      const footer = await box(dialog.locator('.modal-actions'));
      expect(frame.y + frame.height - (footer.y + footer.height), `room under the footer, scrolled to the ${at}`).toBeLessThanOrEqual(2);
    }
    // The last field can still be reached and is not hidden under the footer.
    const last = dialog.getByRole('textbox', { name: /Working folder/ });
    await last.focus();
    const field = await box(last);
    expect(field.y + field.height, 'the last field above the footer').toBeLessThanOrEqual((await box(dialog.locator('.modal-actions'))).y + 0.5);
    expect(await axeViolations(app)).toEqual([]);
  });

  test('the sign-in keeps the agent header to one line at 1440 px; its description unfolds on request', async ({ app }) => {
    await app.setViewportSize({ width: 1440, height: 900 });
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    const signIn = app.getByRole('button', { name: 'Sign in with Demo sign-in' });
    await expect(signIn).toBeVisible();
    const header = app.getByRole('main').locator('.agent-header');
    expect((await box(header)).height, 'the agent header’s height (it was 105 px)').toBeLessThanOrEqual(72);
    // spec E-REQ-7: what the agent reported is said to be its own word (an agent called
    // itself "Switchboard (system)", and the header showed that under its name as if Switchboard said it).
    await expect(header).toContainText(/Calls itself switchboard-demo-agent, version \d/);
    // The description stays the button's, for assistive tech, folded or not.
    await expect(signIn).toHaveAccessibleDescription(/Sign in to the demo service/);
    const about = app.getByRole('button', { name: 'About signing in with Demo sign-in' });
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    const description = app.getByText(/^Sign in to the demo service/);
    await expect(description).toBeHidden();
    // From the keyboard: Tab from the sign-in button, Enter unfolds, Enter again folds.
    await signIn.focus();
    await app.keyboard.press('Tab');
    await expect(about).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(description).toBeVisible();
    // Unfolded, it is a panel over the bars below, inside the window: the header keeps its one line.
    expect((await box(header)).height, 'the agent header’s height with the description unfolded').toBeLessThanOrEqual(72);
    await expectOnScreen(description, 'the unfolded description');
    expect(await axeViolations(app)).toEqual([]);
    await app.keyboard.press('Enter');
    await expect(description).toBeHidden();
    // Escape folds it too, and focus stays on the "?".
    await app.keyboard.press('Enter');
    await expect(description).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(description).toBeHidden();
    await expect(about).toBeFocused();
    // A click anywhere else folds it too (it used to stay over the bars below).
    await about.click();
    await expect(description).toBeVisible();
    await header.getByRole('heading', { name: 'Demo agent' }).click();
    await expect(description).toBeHidden();
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    // A click inside the description leaves it open (it is there to be read, and selected).
    await about.click();
    await description.click();
    await expect(description).toBeVisible();
    await about.click();
    await expect(description).toBeHidden();
    // At 800×600 beside a request the header is one row too, and the panel stays inside the window.
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(card(app, 'Demo agent')).toBeVisible();
    await about.click();
    await expect(description).toBeVisible();
    await expectOnScreen(description, 'the unfolded description at 800×600');
    expect((await box(header)).height, 'the agent header’s height at 800×600').toBeLessThanOrEqual(48);
  });

  test('History at 1440 px fills the middle with where a chosen session opens, not a blank', async ({ app }) => {
    await app.setViewportSize({ width: 1440, height: 900 });
    await startSessionAndPrompt(app, 'Demo agent', 'plan');
    await sidebar(app).getByRole('button', { name: 'History' }).click();
    const history = app.getByRole('region', { name: 'History' });
    await expect(history.getByRole('region', { name: 'Demo agent' })).toBeVisible();
    const placeholder = history.getByText('Choose a session to read it here.');
    await expect(placeholder).toBeVisible();
    const main = await box(app.getByRole('main'));
    const list = await box(history.locator('.history-list-column'));
    const rest = await box(history.locator('.history-detail-empty'));
    expect(rest.x, 'the placeholder starts at the list’s edge').toBeCloseTo(list.x + list.width, 0);
    expect(rest.x + rest.width, 'and reaches the session area’s right edge').toBeCloseTo(main.x + main.width, 0);
    // History's own header is one line: its title and the search.
    expect((await box(history.locator('.history-head'))).height, 'History’s own header').toBeLessThanOrEqual(60);
    // Choosing a session puts it there.
    await history.getByRole('button', { name: /plan/ }).first().click();
    await expect(placeholder).toHaveCount(0);
    // The chosen session's header took 188 px at 800 px. Compact now: the title and
    // its actions, then the facts and the state on one line (two rows and the actions at narrower widths).
    const head = history.locator('.history-detail-head');
    await expect(head.getByRole('button', { name: 'Go to session' })).toBeVisible();
    expect((await box(head)).height, 'the chosen session’s header at 1440×900').toBeLessThanOrEqual(90);
    await app.setViewportSize({ width: 800, height: 600 });
    await expect(head.getByRole('button', { name: 'Back to history' })).toBeVisible();
    expect((await box(head)).height, 'the chosen session’s header at 800×600').toBeLessThanOrEqual(120);
  });

  // With nothing from the selected agent, the column spent 280 px at 800 px on
  // "Nothing waiting". Now narrow, it says so plainly and leads to the other agent's request; its landmark and
  // heading keep the agent's name for screen readers.
  test('an agent with nothing waiting gets a narrow Requests column that leads to the other agents’ requests', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Beta', 'form');
    await expect(card(app, 'Beta')).toBeVisible();
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    const requests = app.getByRole('complementary', { name: 'Requests from Demo agent' });
    await expect(requests.getByRole('heading', { name: 'Requests from Demo agent' })).toBeAttached();
    await expect(requests).toContainText('No requests from Demo agent.');
    expect((await box(requests)).width, 'the idle Requests column at 800 px').toBeLessThanOrEqual(200);
    expect((await box(app.getByRole('main'))).width, 'the session’s room').toBeGreaterThanOrEqual(420);
    await expectWhole(requests.getByRole('button', { name: 'Next waiting request' }), requests, 'Next waiting request');
    await requests.getByRole('button', { name: 'Beta: 1 request waiting' }).click();
    await expect(card(app, 'Beta')).toBeVisible();
    expect((await box(app.getByRole('complementary'))).width, 'a column with a card in it').toBeGreaterThanOrEqual(280);
  });

  test('at 640 px the Requests tab and the queue’s heading count the same requests', async ({ app }) => {
    await app.setViewportSize({ width: 640, height: 700 });
    await startSessionAndPrompt(app, 'Beta', 'form');
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toHaveAccessibleName('Requests (2)');
    await requestsTab(app).click();
    // The pane shows Demo agent's request and points at Beta's: the heading says both numbers.
    const count = app.getByRole('complementary').locator('.queue-head-count');
    await expect(count).toHaveText('1 request waiting here, 2 in all');
    await expect(requestsTab(app)).toHaveAttribute('title', '2 requests waiting from every agent');
    await card(app, 'Demo agent').getByRole('button', { name: 'Decline' }).click();
    await expect(requestsTab(app)).toHaveAccessibleName('Requests (1)');
    await expect(count).toHaveText('1 waiting from other agents');
  });

  test('at 800 px with many sessions and a request, the tabs scroll beside the folder box and never cover it', async ({ app }) => {
    test.setTimeout(60_000);
    await app.setViewportSize({ width: 800, height: 600 });
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    await expect(sidebar(app).getByText('Ready').first()).toBeVisible();
    const tabs = app.getByRole('navigation', { name: 'Sessions' });
    for (let n = 1; n <= 6; n++) {
      await app.getByRole('button', { name: 'New session' }).click();
      await expect(tabs.getByRole('button', { name: new RegExp(`^Session ${n}`) })).toBeVisible({ timeout: 15_000 });
    }
    await composer(app).fill('form');
    await composer(app).press('Enter');
    await expect(card(app, 'Demo agent')).toBeVisible();
    const main = await box(app.getByRole('main'));
    const strip = await box(tabs.getByRole('list'));
    const folder = await box(app.getByLabel('Working folder'));
    const newSession = await box(app.getByRole('button', { name: 'New session' }));
    expect(folder.width, 'the folder box keeps room for its path').toBeGreaterThanOrEqual(90);
    expect(overlap(strip, folder), 'the tabs cover the folder box').toBe(false);
    expect(overlap(newSession, folder), 'New session covers the folder box').toBe(false);
    expect(newSession.x + newSession.width, 'New session inside the session area').toBeLessThanOrEqual(main.x + main.width + 0.5);
    // The strip scrolls: the selected tab is the one in view, whole.
    expect(await tabs.getByRole('list').evaluate((el) => el.scrollWidth > el.clientWidth), 'the tabs scroll').toBe(true);
    const selected = await box(tabs.getByRole('button', { name: /^form/ }));
    expect(selected.x).toBeGreaterThanOrEqual(strip.x - 0.5);
    expect(selected.x + selected.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
  });
});

test.describe('notices, tabs and badges that read as meant', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

  // The sidebar's "not seen yet" dot sat over the corner of the count and hid part of it.
  test('the unseen dot sits beside an agent’s count, not on it', async ({ app }) => {
    await startSessionAndPrompt(app, 'Beta', 'form');
    await expect(card(app, 'Beta')).toBeVisible();
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    await startSessionAndPrompt(app, 'Beta', 'two');
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    const badge = sidebar(app).locator('li', { has: app.getByRole('button', { name: 'Beta', exact: true }) }).locator('.badge.has-new');
    await expect(badge).toBeVisible();
    const dot = await badge.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { left: parseFloat(after.left), width: parseFloat(after.width), content: after.content };
    });
    expect(dot.content, 'the dot is drawn').not.toBe('none');
    expect(dot.left + dot.width, 'the dot’s right edge, from the count’s left edge').toBeLessThanOrEqual(-1);
  });
});

test.describe('the agent header’s sign-in in a tight header', () => {
  // At 800 px beside a request the button read "Sign in …". The only method now reads
  // "Sign in" whole; its name (and tooltip) keep the method's.
  for (const [width, height] of [
    [640, 700],
    [800, 600],
  ] as const) {
    test(`at ${width}×${height} it reads “Sign in” whole, named with its method`, async ({ app }) => {
      await app.setViewportSize({ width, height });
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      const signIn = app.getByRole('button', { name: 'Sign in with Demo sign-in' });
      await expect(signIn).toBeVisible();
      // The header picks its label once the request's card has taken its room; read it after that, not before
      // (read at once, it failed under load while the card was still arriving).
      await expect(app.locator('article.card').first()).toBeAttached();
      await expect.poll(() => signIn.evaluate((el) => (el as HTMLElement).innerText), { message: 'what it reads' }).toBe('Sign in');
      await expect.poll(() => signIn.evaluate((el) => el.scrollWidth <= el.clientWidth), { message: 'the label is not cut' }).toBe(true);
      await expect(signIn).toHaveAttribute('title', 'Sign in with Demo sign-in');
    });
  }
});

test('with room, the sign-in reads in full, “Sign in with Demo sign-in”', async ({ app }) => {
  await app.setViewportSize({ width: 1440, height: 900 });
  const signIn = app.getByRole('button', { name: 'Sign in with Demo sign-in' });
  await expect(signIn).toBeVisible();
  expect(await signIn.evaluate((el) => (el as HTMLElement).innerText)).toBe('Sign in with Demo sign-in');
});

test.describe('the message box’s placeholder', () => {
  // At 800 px beside a request the placeholder was cut after its first line.
  for (const [width, height] of REVIEW_WINDOWS) {
    test(`fits its box at ${width}×${height} with a request waiting`, async ({ app }) => {
      await app.setViewportSize({ width, height });
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(app.locator('article.card').first()).toBeAttached();
      await composer(app).fill('');
      const fit = await composer(app).evaluate((el) => {
        const box = el as HTMLTextAreaElement;
        const style = getComputedStyle(box);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: box.placeholder, width: context.measureText(box.placeholder).width, room };
      });
      expect(fit.text).toMatch(/^Message/);
      expect(fit.width, `“${fit.text}” on one line`).toBeLessThanOrEqual(fit.room);
    });
  }
});

test.describe('640 px: the Session / Requests switch', () => {
  test.use({ viewport: { width: 640, height: 700 } });

  // In light theme the amber Requests tab read as the selected one.
  for (const theme of ['light', 'dark'] as const) {
    test(`in the ${theme} theme only the selected tab is filled; waiting requests show in the tab's colour and dot`, async ({ app }) => {
      await app.emulateMedia({ colorScheme: theme });
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(requestsTab(app)).toHaveAccessibleName('Requests (1)');
      await expect(sessionTab(app)).toHaveAttribute('aria-selected', 'true');
      const fill = (tab: Locator) => tab.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await fill(requestsTab(app)), 'the unselected Requests tab has no fill').toBe('rgba(0, 0, 0, 0)');
      expect(await fill(sessionTab(app)), 'the selected tab is filled').not.toBe('rgba(0, 0, 0, 0)');
      const dot = await requestsTab(app).evaluate((el) => getComputedStyle(el, '::before').backgroundColor);
      expect(dot, 'a dot in the waiting colour').not.toBe('rgba(0, 0, 0, 0)');
      expect(await axeViolations(app)).toEqual([]);
    });
  }
});

test.describe('Tab order', () => {
  // Sign in came only after the whole sidebar: its foot (Add agent … Settings) sat before the agent pane.
  for (const [width, height] of REVIEW_WINDOWS) {
    test(`at ${width}×${height} Tab reaches Sign in and New session right after the agents, and Switchboard’s own actions after the pane`, async ({ app }) => {
      await app.setViewportSize({ width, height });
      await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
      await expect(sidebar(app).getByText('Ready').first()).toBeVisible();
      await app.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const order: string[] = [];
      for (let i = 0; i < 12; i++) {
        await app.keyboard.press('Tab');
        order.push(await app.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent?.trim() || ''));
      }
      const at = (name: string) => order.findIndex((text) => text.startsWith(name));
      expect(at('Sign in with Demo sign-in'), `Tab order: ${order.join(' → ')}`).toBe(at('Agent actions for Demo agent') + 1);
      expect(at('New session')).toBeGreaterThan(at('Sign in with Demo sign-in'));
      expect(at('Add agent'), 'Add agent after the pane’s New session').toBeGreaterThan(at('New session'));
      expect(order.slice(at('Add agent'), at('Add agent') + 4)).toEqual(['Add agent', 'Import from Zed', 'MCP servers', 'Settings']);
      // Still drawn at the sidebar's foot, inside it.
      const foot = (await appActions(app).boundingBox())!;
      const side = (await sidebar(app).boundingBox())!;
      expect(foot.x).toBeGreaterThanOrEqual(side.x);
      expect(foot.x + foot.width).toBeLessThanOrEqual(side.x + side.width);
      expect(side.y + side.height - (foot.y + foot.height), 'at the sidebar’s foot').toBeCloseTo(14, 0);
    });
  }
});

test.describe('compact headers and bars that keep their room', () => {
  test.describe('800×600 beside a request', () => {
    test.use({ viewport: { width: 800, height: 600 } });

    test('the session’s bar is one line, and its settings open from one button with the keyboard alone', async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(card(app, 'Demo agent')).toBeVisible();
      const bar = app.locator('.session-header');
      await expect(bar).toContainText('Waiting for you');
      // One line of controls (it wrapped to two, 58 px, before): the state, Show it and the settings' button.
      expect((await box(bar)).height, 'the session bar’s height').toBeLessThanOrEqual(44);
      const menu = bar.getByRole('button', { name: 'Session settings' });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(app.getByRole('combobox', { name: 'Mode', exact: true })).toBeHidden();
      await menu.focus();
      await app.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const mode = app.getByRole('combobox', { name: 'Mode', exact: true });
      await expectOnScreen(mode, 'Mode in the open settings');
      await expectOnScreen(app.getByRole('switch', { name: 'Fast replies' }), 'Fast replies in the open settings');
      await app.keyboard.press('Tab');
      await expect(mode).toBeFocused();
      await app.keyboard.press('Escape');
      await expect(mode).toBeHidden();
      await expect(menu).toBeFocused();
      // A click anywhere else folds the panel away, as a popover does.
      await menu.click();
      await expect(mode).toBeVisible();
      await app.getByRole('textbox', { name: 'Message', exact: true }).click();
      await expect(mode).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });
  });

  test.describe('1440×900', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('a session state that changes width moves none of the session’s settings', async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      const bar = app.locator('.session-header');
      await expect(bar).toContainText('Waiting for you');
      // Beside the Requests column the pickers wait behind one button at the bar's end (with usage
      // and Show it the bar wrapped to two lines here).
      const mode = bar.getByRole('button', { name: 'Session settings' });
      // Measured from the bar's right end: the Requests column may close on Stop and widen the session.
      const place = async () => {
        const [m, b] = [await box(mode), await box(bar)];
        return { fromRight: b.x + b.width - m.x, y: m.y - b.y };
      };
      await app.getByRole('button', { name: 'Stop' }).click();
      // spec E-STATE-1: how the turn ended, in plain words.
      await expect(bar).toContainText('Stopped by you');
      await expect(bar).toContainText('tokens');
      const stoppedAt = await place();
      // The next turn waits for the user again: a wider state, and Show it beside it.
      await composer(app).fill('form');
      await composer(app).press('Enter');
      await expect(bar).toContainText('Waiting for you');
      await expect(bar.getByRole('button', { name: /Show it$/ })).toBeVisible();
      const waitingAt = await place();
      expect(waitingAt.fromRight, 'the settings’ place after the state changed').toBe(stoppedAt.fromRight);
      expect(waitingAt.y, 'the settings’ line after the state changed').toBe(stoppedAt.y);
      // One line with the state, Show it, the folder and the usage, and the pickers one Enter away.
      await expect(bar).toContainText('tokens');
      expect((await box(bar)).height, 'the session bar’s height at 1440×900 beside a request').toBeLessThanOrEqual(44);
      await mode.press('Enter');
      await expect(app.getByRole('combobox', { name: 'Mode', exact: true })).toBeVisible();
      await app.keyboard.press('Escape');
      await expect(mode).toBeFocused();
    });

    test('without a request the session bar shows its pickers on its one line', async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'plan');
      const bar = app.locator('.session-header');
      await expect(bar).toContainText('tokens');
      await expect(bar.getByRole('combobox', { name: 'Mode', exact: true })).toBeVisible();
      expect((await box(bar)).height, 'the session bar’s height at 1440×900').toBeLessThanOrEqual(44);
    });
  });
});
