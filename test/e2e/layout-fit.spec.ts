// At 800×600 and from 640 to 1920 px: the transcript keeps its room beside a waiting card, notices cover nothing, and
// the panes tile the window.
import { card, demoAgents, expect, startSessionAndPrompt, test, REVIEW_WINDOWS } from './fixtures';
import { transcript, composer, sidebar, requestsTab, notices, controlsUnder, boxesOf, WAITING, box, expectOnScreen } from './layout-fixture';

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
