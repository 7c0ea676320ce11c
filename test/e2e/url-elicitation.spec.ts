import type { APIRequestContext, Page } from '@playwright/test';
import type { RecordedOpen } from '../../electron/harness/recording-url-opener';
import type { Harness } from '../../electron/harness/server';
import { card, demoAgents, expect, harnessCloseWindow, harnessRecord, startSessionAndPrompt, test } from './fixtures';

// URL mode through the harness: the harness records what Electron would open, so these tests can prove
// that nothing opens before consent and that exactly the consented address opens (spec E-URL-2, E-URL-5).

function opened(request: APIRequestContext, harness: Harness): Promise<RecordedOpen[]> {
  return harnessRecord<RecordedOpen[]>(request, harness, 'opened');
}

/** Plays the sealed window: loads the consented page in a separate tab and presses its Authorize link. */
async function finishSignInPage(page: Page, url: string): Promise<void> {
  const tab = await page.context().newPage();
  await tab.goto(url);
  await tab.getByRole('link', { name: 'Authorize' }).or(tab.getByRole('button', { name: 'Authorize' })).click();
  await expect(tab.getByText(/close this window/i)).toBeVisible();
  await tab.close();
}

test.describe('URL mode', () => {
  test('shows the host and the full address, opens nothing until Open, then exactly that address', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    const consent = card(app, 'Demo agent');
    await expect(consent.getByRole('button', { name: 'Open', exact: true })).toBeVisible();
    // spec E-URL-3: host on its own, full URL as text, never a link.
    await expect(consent.getByRole('group', { name: 'Site' })).toContainText('127.0.0.1');
    await expect(consent).toContainText(/http:\/\/127\.0\.0\.1:\d+\/authorize\?state=/);
    await expect(app.locator('a[href]')).toHaveCount(0);
    // spec E-URL-2: nothing opened before consent.
    expect(await opened(request, harness)).toEqual([]);

    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(consent).toContainText('Continue in the window');
    const opens = await opened(request, harness);
    expect(opens).toHaveLength(1);
    expect(opens[0]).toMatchObject({ mode: 'app-window', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?state=/) });

    // The page calls back to the agent, which sends elicitation/complete (spec E-URL-8).
    await finishSignInPage(app, opens[0].url);
    await expect(consent).toContainText('the agent reports this is complete');
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('Signed in.');
    await consent.getByRole('button', { name: 'Dismiss' }).click();
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
  });

  test('each place the page can open in is described by what it is, whichever is chosen', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    const consent = card(app, 'Demo agent');
    const where = consent.getByRole('group', { name: 'Open in' });
    const inApp = where.getByRole('radio', { name: 'A Switchboard window' });
    const inBrowser = where.getByRole('radio', { name: 'Your browser' });
    // The one hint under "Open in my browser instead" described the app window while unchecked,
    // so it read as describing the checkbox's own choice. Each choice now carries its own description (spec E-URL-5).
    for (let round = 0; round < 2; round += 1) {
      await expect(inApp).toHaveAccessibleDescription('Starts signed out and forgets everything when closed.');
      await expect(inBrowser).toHaveAccessibleDescription('Uses the accounts you are signed in to there.');
      if (round === 0) {
        await expect(inApp).toBeChecked();
        await inBrowser.check();
      }
    }
    await expect(inApp).not.toBeChecked();
    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(consent).toContainText('Continue in your browser');
    expect((await opened(request, harness)).map((o) => o.mode)).toEqual(['system-browser']);
  });

  test('Decline and Cancel open nothing', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    await card(app, 'Demo agent').getByRole('button', { name: 'Decline' }).click();
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You declined.');
    await app.getByRole('textbox', { name: 'Message', exact: true }).fill('url');
    await app.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await card(app, 'Demo agent').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You cancelled.');
    // spec E-URL-2, E-RES-1
    expect(await opened(request, harness)).toEqual([]);
  });

  test('warns about a lookalike host, showing both of its forms', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'lookalike');
    const consent = card(app, 'Demo agent');
    // spec E-URL-4: punycode shown as xn-- and as Unicode, with a warning.
    await expect(consent.getByRole('group', { name: 'Site' })).toContainText('xn--pple-43d.com');
    await expect(consent.getByRole('group', { name: 'Site' })).toContainText('аpple.com');
    await expect(consent.getByRole('list', { name: 'Check before opening' })).toContainText('Warning:');
  });

  test('refuses a javascript: address outright and tells the user why', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'blocked');
    const refused = card(app, 'Demo agent');
    // spec E-URL-4: refused with a visible note; the agent hears decline.
    await expect(refused).toContainText('Switchboard refused to open this address');
    await expect(refused.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You declined.');
    expect(await opened(request, harness)).toEqual([]);
  });

  test('a completion that arrives before consent closes the consent view and opens nothing', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'complete-early');
    // spec E-URL-7: the agent finished first; the card goes, nothing opens, the agent hears cancel.
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You cancelled.', { timeout: 10_000 });
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
    expect(await opened(request, harness)).toEqual([]);
  });

  test('Reopen opens the page again after the user closed its window', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    const consent = card(app, 'Demo agent');
    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    const [first] = await opened(request, harness);
    await harnessCloseWindow(request, harness, first.itemId);
    await expect(consent).toContainText('The window was closed');
    await consent.getByRole('button', { name: 'Reopen' }).click();
    // spec E-URL-6
    await expect.poll(async () => (await opened(request, harness)).map((o) => o.url)).toEqual([first.url, first.url]);
  });
});

test.describe('URL mode in the system browser', () => {
  test.use({ agentsConfig: { ...demoAgents(), urlMode: 'system-browser' } });

  test('opens in the system browser when that is the setting, and the user can still choose per request', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    const consent = card(app, 'Demo agent');
    const choice = consent.getByRole('radio', { name: 'Your browser' });
    await expect(choice).toBeChecked();
    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(consent).toContainText('Continue in your browser');
    // spec E-URL-5: the OS browser is the remembered alternative.
    expect((await opened(request, harness)).map((o) => o.mode)).toEqual(['system-browser']);
  });
});

test.describe('signing in', () => {
  test('a sign-in asks through a request-scoped page labelled "while signing in"', async ({ app, harness, request }) => {
    const sidebar = app.getByRole('navigation', { name: 'Agents' });
    await sidebar.getByRole('button', { name: /^Demo agent/ }).click();
    await app.getByRole('button', { name: 'Sign in with Demo sign-in' }).click();
    const consent = card(app, 'Demo agent');
    // spec E-REQ-3
    await expect(consent).toContainText(/while signing in/i);
    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    const [open] = await opened(request, harness);
    await finishSignInPage(app, open.url);
    await expect(app.getByRole('status', { name: 'Notices' })).toContainText('Signed in to Demo agent.');
    await expect(app.getByRole('button', { name: 'Cancel sign-in' })).toHaveCount(0);
    // The header shows the signed-in state (authenticate answered with a result), not the offer to sign in again.
    const header = app.getByRole('main').locator('.agent-header');
    await expect(header.getByRole('status')).toHaveText('Signed in with Demo sign-in');
    await expect(app.getByRole('button', { name: 'Sign in with Demo sign-in' })).toHaveCount(0);
  });

  test('a sign-in the user cancels after opening its page says cancelled, never done', async ({ app }) => {
    const sidebar = app.getByRole('navigation', { name: 'Agents' });
    await sidebar.getByRole('button', { name: /^Demo agent/ }).click();
    await app.getByRole('button', { name: 'Sign in with Demo sign-in' }).click();
    const consent = card(app, 'Demo agent');
    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(consent).toContainText('Continue in the window');
    await app.getByRole('button', { name: 'Cancel sign-in' }).click();
    // It read "Done — the agent reports this is complete".
    await expect(consent).toContainText('You cancelled the sign-in');
    await expect(consent).not.toContainText(/Done|complete/);
    await expect(consent.getByRole('button')).toHaveText(['Dismiss']);
  });
});

test.describe('URL mode in the harness as the CLI runs it', () => {
  test.use({ urlOpensRecordedOnly: true });

  // In the harness nothing opens after Open, so the card must not say "The page is open in a
  // separate Switchboard window". spec E-URL-6: after consent the card says how to carry on; here that is to open
  // the recorded address yourself, since this copy opens nothing.
  test('after Open the card says nothing opened, that the agent was told you agreed, and shows the address to open', async ({ app, harness, request, context }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    const consent = card(app, 'Demo agent');
    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(consent.getByRole('status').first()).toHaveText('Nothing opened: this copy of Switchboard cannot open pages');
    await expect(consent).toContainText('Demo agent was told you agreed; to carry on, open the address yourself.');
    await expect(consent).not.toContainText(/is open in|opened in your browser|Continue in/);
    const [recorded] = await opened(request, harness);
    await expect(consent.getByText('Address to open yourself')).toBeVisible();
    await expect(consent.locator('.url-facts .code-text')).toHaveText(recorded.url);
    // The session's record says what the user did, not that a page opened.
    await expect(app.getByRole('log', { name: 'Transcript' }).getByRole('group', { name: 'Page to open request' })).toContainText('You agreed to open the page');
    // Reopen would only record it again; Cancel stays, and the address can be copied (rather than
    // selected by hand), with the keyboard alone.
    await expect(consent.getByRole('button')).toHaveText(['Copy address', 'Cancel']);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await consent.getByRole('button', { name: 'Copy address' }).focus();
    await app.keyboard.press('Enter');
    await expect(consent.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible();
    expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(recorded.url);

    // Opening it by hand finishes the sign-in, and the card says so.
    await finishSignInPage(app, recorded.url);
    await expect(consent).toContainText('the agent reports this is complete');
  });
});
