import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { card, demoAgents, expect, startSessionAndPrompt, test } from './fixtures';

// How the app looks and whether everyone can use it (issue 12, "checks that keep it so"): axe-core on every main
// screen in both themes with no serious or critical violation, and screenshot comparisons of two stable screens at
// 640, 800 and 1440 px in light and dark. With UPDATE_README_SCREENSHOTS=1 the 1440 px shots are also written to
// docs/screenshots/ for the README (only then, so that a test run leaves the working tree as it found it).

const THEMES = ['light', 'dark'] as const;
const WIDTHS: Array<[number, number]> = [
  [640, 700],
  [800, 600],
  [1440, 900],
];

/**
 * Masked in screenshots: clock times change per run, and the transcript's content may sit a pixel higher or lower
 * as it pins to the latest line (its frame, which is what the layout decides, stays in the picture).
 */
function volatile(page: Page) {
  return [page.locator('time'), page.locator('.waiting-time'), page.getByRole('log', { name: 'Transcript' })];
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, agentsConfig: demoAgents(['Demo agent', 'Beta']) });

    test('every main screen passes axe-core with no serious or critical violation', async ({ app }) => {
      test.setTimeout(90_000);
      const sidebar = app.getByRole('navigation', { name: 'Agents' });
      await expect(sidebar.getByText('Ready').first()).toBeVisible();
      const screens: Record<string, string[]> = {};
      screens['first load'] = await seriousViolations(app);

      await startSessionAndPrompt(app, 'Demo agent', 'form');
      const form = card(app, 'Demo agent');
      await expect(form).toBeVisible();
      screens['form'] = await seriousViolations(app);
      await form.getByRole('radio', { name: 'MIT' }).check();
      await form.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
      await form.getByRole('button', { name: 'Review' }).click();
      await expect(form.getByRole('heading', { name: 'Review before sending' })).toBeVisible();
      screens['review'] = await seriousViolations(app);
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);

      const composer = app.getByRole('combobox', { name: 'Message' });
      await expect(app.getByRole('button', { name: 'Stop' })).toBeDisabled();
      await composer.fill('lookalike');
      await composer.press('Enter');
      await expect(card(app, 'Demo agent')).toContainText(/lookalike|xn--/i);
      screens['URL card'] = await seriousViolations(app);
      await card(app, 'Demo agent').getByRole('button', { name: 'Cancel', exact: true }).click();

      await expect(app.getByRole('button', { name: 'Stop' })).toBeDisabled();
      await composer.fill('permission');
      await composer.press('Enter');
      await expect(card(app, 'Demo agent')).toContainText('Permission');
      screens['permission'] = await seriousViolations(app);

      await sidebar.getByRole('button', { name: /^Waiting for you/ }).click();
      await expect(app.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
      screens['Waiting for you'] = await seriousViolations(app);

      await sidebar.getByRole('button', { name: 'Add agent' }).click();
      await expect(app.getByRole('dialog', { name: 'Agent settings' })).toBeVisible();
      screens['agent editor'] = await seriousViolations(app);

      expect(screens).toEqual({
        'first load': [],
        form: [],
        review: [],
        'URL card': [],
        permission: [],
        'Waiting for you': [],
        'agent editor': [],
      });
    });

    test('the first screen and a form look as designed at 640, 800 and 1440 px', async ({ app }) => {
      test.setTimeout(90_000);
      await app.emulateMedia({ reducedMotion: 'reduce' });
      const sidebar = app.getByRole('navigation', { name: 'Agents' });
      await expect(sidebar.getByText('Ready')).toHaveCount(2);
      for (const [width, height] of WIDTHS) {
        await app.setViewportSize({ width, height });
        await expect(app).toHaveScreenshot(`first-load-${theme}-${width}.png`, { mask: volatile(app) });
      }
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(card(app, 'Demo agent')).toBeVisible();
      await app.getByRole('button', { name: 'Stop' }).focus();
      for (const [width, height] of WIDTHS) {
        await app.setViewportSize({ width, height });
        await expect(app).toHaveScreenshot(`form-${theme}-${width}.png`, { mask: volatile(app) });
        // The README shows the 1440 px form in both themes, from this very run.
        if (width === 1440 && process.env.UPDATE_README_SCREENSHOTS === '1') await app.screenshot({ path: `docs/screenshots/form-${theme}.png` });
      }
    });
  });
}

test.describe('layout at every width', () => {
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
    await app.getByRole('combobox', { name: 'Message' }).fill('form');
    await app.getByRole('combobox', { name: 'Message' }).press('Enter');
    await expect(card(app, 'Demo agent')).toBeVisible();
    await expect(requests).toHaveCount(1);
  });
});
