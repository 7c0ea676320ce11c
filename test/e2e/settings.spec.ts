import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { appActions, expect, test } from './fixtures';

// The Settings view (where the menu's Settings command leads, and where the theme is chosen): reachable from the menu command, a sidebar button and Ctrl+, ; theme and automatic updates.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Agents' });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings', exact: true });

test('the sidebar button opens Settings; the theme applies at once and is kept after a reload', async ({ app }) => {
  await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = settings(app);
  const theme = dialog.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'Same as the system' })).toBeChecked();
  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The page's own colours follow (not just the attribute).
  const darkBg = await app.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await theme.getByRole('radio', { name: 'Light' }).check();
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await app.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBg);
  await app.reload();
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
  await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(settings(app).getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('automatic updates in a copy that can never update: disabled, with the reason as its description', async ({ app }) => {
  await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
  const updates = settings(app).getByRole('checkbox', { name: 'Check for updates automatically' });
  // The box stayed live in the harness, which never updates. The reason is main's one sentence
  // (update-availability.ts), and it is the checkbox's description, not a hidden aside.
  await expect(updates).toBeDisabled();
  await expect(updates).toHaveAccessibleDescription(/This is not an installed copy of Switchboard, so it never checks for updates\./);
  await expect(settings(app)).toContainText('never checks for updates');
});

test.describe('in a copy that can update', () => {
  test.use({ updatableCopy: true });

  test('automatic updates: the setting is live, saved in main, and kept after a reload', async ({ app }) => {
    await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
    const updates = settings(app).getByRole('checkbox', { name: 'Check for updates automatically' });
    await expect(updates).toBeEnabled();
    await expect(updates).toBeChecked();
    await expect(updates).not.toHaveAccessibleDescription(/never checks/);
    await updates.uncheck();
    await expect(updates).not.toBeChecked();
    await app.reload();
    await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(settings(app).getByRole('checkbox', { name: 'Check for updates automatically' })).not.toBeChecked();
  });
});

test('the menu’s Settings command and Ctrl+, open it, never over another dialog; Escape closes it', async ({ app, harness }) => {
  await expect(sidebar(app).getByText('Ready')).toBeVisible();
  // The app menu's Settings… (main sends the command to the renderer).
  harness.hub.menuCommand('settings');
  await expect(settings(app)).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(settings(app)).toHaveCount(0);
  // Focus is not lost to <body> (nothing had it when the menu opened Settings): the Settings button takes it.
  await expect(appActions(app).getByRole('button', { name: 'Settings', exact: true })).toBeFocused();

  await app.keyboard.press('Control+,');
  await expect(settings(app)).toBeVisible();
  await app.keyboard.press('Escape');

  // In the agent editor, with something typed: Ctrl+, does not replace it.
  await appActions(app).getByRole('button', { name: 'Add agent' }).click();
  const editor = app.getByRole('dialog', { name: 'Agent settings' });
  await editor.getByLabel('Name').fill('Half typed');
  await app.keyboard.press('Control+,');
  await expect(settings(app)).toHaveCount(0);
  await expect(editor.getByLabel('Name')).toHaveValue('Half typed');
});

test.describe('in a copy that can update, with the keyboard', () => {
  test.use({ updatableCopy: true });

  test('keyboard alone: Tab to the theme, arrows choose, Space toggles updates, and focus returns to the button', async ({ app }) => {
    const button = appActions(app).getByRole('button', { name: 'Settings', exact: true });
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+,');
    await button.focus();
    await app.keyboard.press('Enter');
    const dialog = settings(app);
    await expect(dialog).toBeVisible();
    // The first control has focus as the dialog opens: the checked theme.
    await expect(dialog.getByRole('radio', { name: 'Same as the system' })).toBeFocused();
    await app.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
    await app.keyboard.press('Tab');
    const updates = dialog.getByRole('checkbox', { name: 'Check for updates automatically' });
    await expect(updates).toBeFocused();
    await app.keyboard.press('Space');
    await expect(updates).not.toBeChecked();
    await app.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`Settings passes axe-core with no moderate, serious or critical violation (${theme})`, async ({ app }) => {
    await app.emulateMedia({ colorScheme: theme });
    await appActions(app).getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(settings(app).getByRole('checkbox', { name: 'Check for updates automatically' })).toBeVisible();
    expect(await axeViolations(app)).toEqual([]);
  });
}
