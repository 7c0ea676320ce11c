import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { appActions, card, demoAgents, expect, showRequests, startSessionAndPrompt, test, REVIEW_WINDOWS } from './fixtures';

// How the app looks and whether everyone can use it: axe-core on every main
// screen in both themes with no moderate, serious or critical violation, and screenshot comparisons of two stable screens at
// 640, 800 and 1440 px in light and dark. With UPDATE_README_SCREENSHOTS=1 the 1440 px shots are also written to
// docs/screenshots/ for the README (only then, so that a test run leaves the working tree as it found it).

const THEMES = ['light', 'dark'] as const;

/**
 * Masked in screenshots: clock times change per run, and the transcript's content may sit a pixel higher or lower
 * as it pins to the latest line (its frame, which is what the layout decides, stays in the picture).
 */
function volatile(page: Page) {
  // Only what is shown: a time in the pane a narrow window hides would be masked over the pane in front.
  const shown = { visible: true };
  // The arrival time's box, not the <time> inside it: the box has one width, the clock's digits do not (10:11 vs 21:07).
  return [page.locator('.card-time').filter(shown), page.locator('.waiting-time').filter(shown), page.getByRole('log', { name: 'Transcript' }).filter(shown)];
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, agentsConfig: demoAgents(['Demo agent', 'Beta']) });

    test('every main screen passes axe-core with no moderate, serious or critical violation', async ({ app }) => {
      test.setTimeout(90_000);
      const sidebar = app.getByRole('navigation', { name: 'Agents' });
      await expect(sidebar.getByText('Ready').first()).toBeVisible();
      const screens: Record<string, string[]> = {};
      screens['first load'] = await axeViolations(app);

      await startSessionAndPrompt(app, 'Demo agent', 'form');
      const form = card(app, 'Demo agent');
      await expect(form).toBeVisible();
      screens['form'] = await axeViolations(app);
      await form.getByRole('radio', { name: 'MIT' }).check();
      await form.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
      await form.getByRole('button', { name: 'Review' }).click();
      await expect(form.getByRole('heading', { name: 'Review before sending' })).toBeVisible();
      screens['review'] = await axeViolations(app);
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);

      const composer = app.getByRole('textbox', { name: 'Message', exact: true });
      await expect(app.getByRole('button', { name: 'Stop' })).toBeDisabled();
      await composer.fill('lookalike');
      await composer.press('Enter');
      await expect(card(app, 'Demo agent')).toContainText(/lookalike|xn--/i);
      screens['URL card'] = await axeViolations(app);
      await card(app, 'Demo agent').getByRole('button', { name: 'Cancel', exact: true }).click();

      await expect(app.getByRole('button', { name: 'Stop' })).toBeDisabled();
      await composer.fill('permission');
      await composer.press('Enter');
      await expect(card(app, 'Demo agent')).toContainText('Permission');
      screens['permission'] = await axeViolations(app);

      await sidebar.getByRole('button', { name: /^Waiting for you/ }).click();
      await expect(app.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
      screens['Waiting for you'] = await axeViolations(app);

      await sidebar.getByRole('button', { name: 'History' }).click();
      // The live session is listed (not just the empty view).
      await expect(app.getByRole('region', { name: 'History' }).getByRole('region', { name: 'Demo agent' })).toBeVisible();
      screens['history'] = await axeViolations(app);

      await appActions(app).getByRole('button', { name: 'Add agent' }).click();
      const editor = app.getByRole('dialog', { name: 'Agent settings' });
      await expect(editor).toBeVisible();
      screens['agent editor'] = await axeViolations(app);
      await editor.getByRole('button', { name: 'Cancel' }).click();

      await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(app.getByRole('dialog', { name: 'Settings', exact: true }).getByRole('checkbox')).toBeVisible();
      screens['settings'] = await axeViolations(app);

      expect(screens).toEqual({
        'first load': [],
        form: [],
        review: [],
        'URL card': [],
        permission: [],
        'Waiting for you': [],
        history: [],
        'agent editor': [],
        settings: [],
      });
    });

    test('the first screen and a form look as designed at 640, 800 and 1440 px', async ({ app }) => {
      test.setTimeout(90_000);
      await app.emulateMedia({ reducedMotion: 'reduce' });
      const sidebar = app.getByRole('navigation', { name: 'Agents' });
      await expect(sidebar.getByText('Ready')).toHaveCount(2);
      for (const [width, height] of REVIEW_WINDOWS) {
        await app.setViewportSize({ width, height });
        await expect(app).toHaveScreenshot(`first-load-${theme}-${width}.png`, { mask: volatile(app) });
      }
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(card(app, 'Demo agent')).toBeVisible();
      await app.getByRole('button', { name: 'Stop' }).focus();
      for (const [width, height] of REVIEW_WINDOWS) {
        await app.setViewportSize({ width, height });
        // At 640 px the session and the requests take turns: the session as the request arrived, then the form.
        if (width === 640) {
          await expect(app).toHaveScreenshot(`form-session-${theme}-${width}.png`, { mask: volatile(app) });
          await showRequests(app);
        } else await app.getByRole('button', { name: 'Stop' }).focus();
        await expect(app).toHaveScreenshot(`form-${theme}-${width}.png`, { mask: volatile(app) });
        // The README shows the 1440 px form in both themes, from this very run.
        if (width === 1440 && process.env.UPDATE_README_SCREENSHOTS === '1') await app.screenshot({ path: `docs/screenshots/form-${theme}.png` });
      }
    });

    test('Settings looks as designed at 640, 800 and 1440 px', async ({ app }) => {
      await app.emulateMedia({ reducedMotion: 'reduce' });
      await expect(app.getByRole('navigation', { name: 'Agents' }).getByText('Ready')).toHaveCount(2);
      await app.getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(app.getByRole('dialog', { name: 'Settings', exact: true }).getByRole('checkbox')).toBeVisible();
      for (const [width, height] of REVIEW_WINDOWS) {
        await app.setViewportSize({ width, height });
        await expect(app).toHaveScreenshot(`settings-${theme}-${width}.png`, { mask: volatile(app) });
      }
    });
  });
}

/** `inner`'s box lies inside `outer`'s (to the pixel), so nothing of it is clipped or pushed out of view. */
async function expectInside(inner: ReturnType<Page['locator']>, outer: ReturnType<Page['locator']>, what: string): Promise<void> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 1);
}

/** The element shows all of its text: nothing cut off with an ellipsis or hidden by overflow. */
async function expectNotTruncated(locator: ReturnType<Page['locator']>, what: string): Promise<void> {
  const { scroll, client } = await locator.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll, `${what} is cut off`).toBeLessThanOrEqual(client + 1);
}

test.describe('layout at every width', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

  // Known bugs: New session clipped at 800 px on first load; at 800×600 with a form waiting the
  // session bar ran out of the window ("Fast repl"), the agent's name read "De…" and the session pill was cut.
  test('New session, the session bar and the agent’s name fit at 640 and 800 px, with and without a request', async ({ app }) => {
    const sidebar = app.getByRole('navigation', { name: 'Agents' });
    await expect(sidebar.getByText('Ready')).toHaveCount(2);
    const main = app.getByRole('main');
    const newSession = app.getByRole('button', { name: 'New session' });
    for (const [width, height] of REVIEW_WINDOWS) {
      await app.setViewportSize({ width, height });
      await expectInside(newSession, main, `New session on first load at ${width} px`);
    }
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(card(app, 'Demo agent')).toBeVisible();
    for (const [width, height] of REVIEW_WINDOWS) {
      await app.setViewportSize({ width, height });
      const where = `at ${width}×${height} with a form waiting`;
      await expectInside(newSession, main, `New session ${where}`);
      // A compact session keeps its settings behind one button; open, they fit too.
      const menu = app.getByRole('button', { name: 'Session settings' });
      if (await menu.isVisible()) {
        await expectInside(menu, main, `the session settings button ${where}`);
        await menu.click();
      }
      await expectInside(app.getByRole('group', { name: 'Session settings' }), main, `the session bar ${where}`);
      await expectInside(app.getByRole('switch', { name: 'Fast replies' }), main, `Fast replies ${where}`);
      if (await menu.isVisible()) await menu.click();
      await expectNotTruncated(main.getByRole('heading', { name: 'Demo agent', level: 2 }), `the agent’s name ${where}`);
      await expectInside(app.getByRole('button', { name: /^Close / }).first(), main, `the session pill’s close button ${where}`);
    }
    // A request of another agent keeps the Requests column open beside an agent with no session yet.
    await sidebar.getByRole('button', { name: 'Beta', exact: true }).click();
    for (const [width, height] of REVIEW_WINDOWS) {
      await app.setViewportSize({ width, height });
      await expectInside(newSession, main, `New session beside another agent’s request at ${width} px`);
    }
  });

  test('no blank columns: the Requests column goes when empty, and the session fills 640 and 800 px windows', async ({ app }) => {
    const sidebar = app.getByRole('navigation', { name: 'Agents' });
    await sidebar.getByRole('button', { name: /^Demo agent/ }).click();
    await app.getByRole('button', { name: 'New session' }).click();
    const requests = app.getByRole('complementary');
    // Nothing is waiting: no Requests column keeping 30 % of the window.
    await expect(requests).toHaveCount(0);
    for (const [width, height] of [
      [640, 700],
      [800, 600],
    ]) {
      await app.setViewportSize({ width, height });
      const workspace = (await app.getByRole('main').boundingBox())!;
      const transcript = (await app.getByRole('log', { name: 'Transcript' }).boundingBox())!;
      // The session takes everything right of the agents (below 761 px it once collapsed into a 176 px column).
      expect(workspace.x + workspace.width).toBeGreaterThanOrEqual(width - 1);
      expect(workspace.height).toBeGreaterThanOrEqual(height - 1);
      // At 800×600 the transcript keeps at least half the height (it was ~150 px).
      expect(transcript.height, `transcript height at ${width}×${height}`).toBeGreaterThanOrEqual(height / 2);
    }
    // A request brings the column back.
    await app.getByRole('textbox', { name: 'Message', exact: true }).fill('form');
    await app.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await expect(card(app, 'Demo agent')).toBeVisible();
    await expect(requests).toHaveCount(1);
  });
});
