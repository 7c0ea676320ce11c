import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Harness, HarnessOptions } from '../../electron/harness/server';
import { card, demoAgents, expect, test as base } from './fixtures';

/**
 * A data folder per test, removed once the fixture's harnesses have closed (they close after the page, so a failed
 * test's page is recorded with its harness up: fixtures.ts startHarness).
 */
const test = base.extend<{ dataDir: string }>({
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-e2e-history-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  // Depends on dataDir, so its harnesses close (their history files too) before the folder is removed.
  startHarness: async ({ dataDir: _removedAfterTheseHarnessesClose, startHarness }, use) => {
    await use(startHarness);
  },
});

// Sessions that last, as a user meets them: the harness restarted on the same `--data` folder,
// the History view, Resume, the agent's own sessions (loaded with a replay), close and delete, the resume
// rule E-CXL-5, and a corrupt history moved aside. Over both protocol versions of the real demo agent.

for (const { label, env } of [
  { label: 'v2', env: {} },
  { label: 'v1', env: { DEMO_AGENT_PROTOCOL: '1' } },
]) {
  test.describe(`history over ${label}`, () => {
    let dataDir: string;
    let harness: Harness | undefined;
    let startHarness: (options: HarnessOptions) => Promise<Harness>;
    test.beforeEach(({ dataDir: dir, startHarness: start }) => {
      dataDir = dir;
      startHarness = start;
      harness = undefined;
    });

    /** (Re)starts the harness on the same data folder and opens the page on it. */
    async function open(page: Page): Promise<Harness> {
      await harness?.close();
      harness = await startHarness({ config: demoAgents(['Demo agent'], env), defaultCwd: '/tmp', dataDir });
      await page.goto(harness.pageUrl);
      await expect(page.getByRole('navigation', { name: 'Agents' }).getByText('Ready').first()).toBeVisible();
      return harness;
    }

    async function prompt(page: Page, text: string): Promise<void> {
      const composer = page.getByRole('textbox', { name: 'Message', exact: true });
      await composer.fill(text);
      await composer.press('Enter');
    }

    const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });
    const history = (page: Page) => page.getByRole('region', { name: 'History' });

    test('restart and resume: the session is in History, read-only and ended, and Resume carries on', async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: 'New session' }).click();
      await prompt(page, 'hello from yesterday');
      await expect(transcript(page)).toContainText("I'm the Switchboard demo agent");

      await open(page); // Switchboard (and the agent) restart on the same --data folder
      // The agent pane has no tab now, but says the session is in History and leads there.
      await expect(page.getByText('No open session with Demo agent.')).toBeVisible();
      await expect(page.getByText('or reopen one from History (1 saved).')).toBeVisible();
      await expect(page.getByText('No session with Demo agent yet.')).toHaveCount(0);
      await page.getByRole('button', { name: 'Open History' }).click();
      const view = history(page);
      await expect(view.getByRole('heading', { name: 'Demo agent' })).toBeVisible();
      await expect(view.getByRole('heading', { name: 'Today' }).first()).toBeVisible();
      await view.getByRole('button', { name: /hello from yesterday.*Ended/ }).click();
      await expect(view.getByRole('status').filter({ hasText: 'Ended: ended when Switchboard closed. Read-only.' })).toBeVisible();
      await expect(transcript(page)).toContainText('hello from yesterday');
      // Read-only: no composer while it is history.
      await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);

      await view.getByRole('button', { name: 'Resume' }).click();
      await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^hello from yesterday/ })).toBeVisible();
      await expect(transcript(page)).toContainText('hello from yesterday');
      await prompt(page, 'plan');
      await expect(transcript(page)).toContainText('All three steps are done.');
    });

    test('a corrupt history is moved aside with a sentence; the agent’s own session loads with its conversation', async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: 'New session' }).click();
      await prompt(page, 'kept by the agent');
      await expect(transcript(page)).toContainText("I'm the Switchboard demo agent");
      await harness!.close();
      harness = undefined;
      writeFileSync(join(dataDir, 'history.sqlite'), 'garbage, not a database');
      for (const suffix of ['-wal', '-shm']) rmSync(join(dataDir, `history.sqlite${suffix}`), { force: true });

      await open(page);
      await expect(page.getByText(/Your session history \(history\.sqlite\) could not be read, so it was moved aside to history\.sqlite\.unreadable-.* Nothing was deleted\./)).toBeVisible();
      expect(readdirSync(dataDir).some((name) => name.startsWith('history.sqlite.unreadable-'))).toBe(true);

      // Switchboard's copy is gone, but the agent still lists its session: labelled, and opened with a replay.
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const row = history(page).getByRole('button', { name: /kept by the agent.*Known to Demo agent only/ });
      await row.click();
      await history(page).getByRole('button', { name: 'Open', exact: true }).click();
      await expect(transcript(page)).toContainText('kept by the agent');
      await expect(transcript(page)).toContainText("I'm the Switchboard demo agent");
    });

    test('close keeps the session in History; delete asks first and removes it', async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: 'New session' }).click();
      await prompt(page, 'short lived');
      await expect(transcript(page)).toContainText("I'm the Switchboard demo agent");
      await page.getByRole('button', { name: /^Close / }).click();
      await expect(page.getByRole('navigation', { name: 'Sessions' })).toHaveCount(0);

      await page.getByRole('button', { name: 'History', exact: true }).click();
      const view = history(page);
      await view.getByRole('button', { name: /short lived/ }).click();
      await expect(view.getByRole('status').filter({ hasText: 'Ended: closed. Read-only.' })).toBeVisible();
      await view.getByRole('button', { name: 'Delete…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this session?' });
      await expect(dialog).toContainText('Demo agent is asked to delete its own copy');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(view.getByRole('button', { name: /short lived/ })).toBeVisible();
      await view.getByRole('button', { name: 'Delete…' }).click();
      await page.getByRole('dialog', { name: 'Delete this session?' }).getByRole('button', { name: 'Delete', exact: true }).click();
      // Gone from Switchboard's history and from the agent's own list.
      await expect(view.getByText('No sessions yet.')).toBeVisible();
      await expect(view.getByRole('button', { name: /short lived/ })).toHaveCount(0);
    });

    if (label === 'v2') test('an untitled open session has the same name in History as on its tab', async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: 'New session' }).click();
      const tabs = page.getByRole('navigation', { name: 'Sessions' });
      await expect(tabs).toContainText('Session 1');
      await page.getByRole('button', { name: 'History', exact: true }).click();
      // History said "Session in tmp" where the tab said "Session 1". One naming everywhere.
      const row = history(page).getByRole('button', { name: /^Session 1\b/ });
      await expect(row).toBeVisible();
      await expect(history(page)).not.toContainText('Session in');
      await row.click();
      await expect(history(page).getByRole('heading', { name: 'Session 1' })).toBeVisible();
    });

    // The view is the same whatever the protocol: checked once, over v2.
    if (label === 'v2') test('the History view, a past session and the delete dialog pass axe-core', async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: 'New session' }).click();
      await prompt(page, 'permission');
      await expect(card(page, 'Demo agent')).toBeVisible();
      await open(page);
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const axe = () => new AxeBuilder({ page }).include('.history-view').analyze();
      expect((await axe()).violations).toEqual([]);
      await history(page).getByRole('button', { name: /^permission/ }).click();
      // The request that waited when Switchboard closed, with its ending.
      await expect(history(page).getByRole('group', { name: 'Permission request' })).toContainText('Ended when Switchboard closed');
      await expect(history(page).getByRole('group', { name: 'Tool call: Delete the build folder' })).toContainText('Ended:');
      expect((await axe()).violations).toEqual([]);
      await history(page).getByRole('button', { name: 'Delete…' }).click();
      const dialog = await new AxeBuilder({ page }).include('dialog').analyze();
      expect(dialog.violations).toEqual([]);
    });

    test('E-CXL-5: resuming a session that ended cancelled leaves a form pending elsewhere open and answerable', async ({ page }) => {
      await open(page);
      // Session 1 ends cancelled (Stop during a permission request).
      await page.getByRole('button', { name: 'New session' }).click();
      await prompt(page, 'permission');
      await expect(card(page, 'Demo agent')).toBeVisible();
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(page.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
      await page.getByRole('button', { name: /^Close / }).first().click();

      // Session 2 asks a form; the user starts typing.
      await page.getByRole('button', { name: 'New session' }).click();
      await prompt(page, 'form');
      const form = card(page, 'Demo agent');
      await form.getByLabel('Project name').fill('still-here');

      // Resume the first session: v2 sends an idle snapshot that still says "cancelled"; v1 resumes without one.
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await history(page).getByRole('button', { name: /^permission.*Ended/ }).click();
      await history(page).getByRole('button', { name: 'Resume' }).click();
      await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^permission/ })).toBeVisible();

      // spec E-CXL-5: the form is neither cancelled, dismissed nor answered; what was typed is still there.
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Project name')).toHaveValue('still-here');
      await form.getByLabel('Team size').fill('5');
      await form.getByRole('radio', { name: 'MIT' }).check();
      await form.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
      await form.getByRole('button', { name: 'Review' }).click();
      await form.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^form/ }).click();
      await expect(transcript(page)).toContainText('"project_name":"still-here"');
    });
  });
}
