import { demoAgents, expect, test } from './fixtures';

// The harness page's connection to Switchboard, as a user (and a failed test's record) meets it
// (renderer/src/shell/bridge-client.ts; architecture "The test harness").

const agentsReady = (page: import('@playwright/test').Page) =>
  expect(page.getByRole('navigation', { name: 'Agents' }).getByText('Ready').first()).toBeVisible();
const notices = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'Notices' });

// A failed test's error-context showed "Lost the connection to Switchboard. Reconnecting…" with no
// socket close in its log. The fixture closed the harness (closing the page's socket) after attaching the log and
// before Playwright recorded the page at the context's close. The page must be recorded, and closed, first.
test.describe.serial('a test’s page is recorded before its harness closes', () => {
  const order: string[] = [];

  test('the test (its teardown is what is checked)', async ({ app, harness }) => {
    await agentsReady(app);
    await expect(notices(app)).not.toContainText('Lost the connection');
    app.on('close', () => order.push('page closed'));
    const close = harness.close;
    harness.close = () => {
      order.push('harness closing');
      return close();
    };
  });

  test('the page closed while its harness was still up', () => {
    expect(order).toEqual(['page closed', 'harness closing']);
  });
});

test.describe('a page whose harness went away', () => {
  test.use({ agentsConfig: demoAgents() });

  test('stopped: it says to open the address Switchboard prints, not "Reconnecting…" for ever', async ({ app, harness }) => {
    await agentsReady(app);
    await harness.close();
    await expect(notices(app)).toContainText(
      'Switchboard is no longer running at this address. If you started it again, open the address it printed: each start has a new one.',
    );
    await expect(notices(app)).not.toContainText('Reconnecting');
  });

  test('restarted on the same port with a new token: it says so, and the new address works', async ({ app, harness, startHarness }) => {
    await agentsReady(app);
    const port = Number(new URL(harness.origin).port);
    await harness.close();
    const restarted = await startHarness({ config: demoAgents(), defaultCwd: '/tmp', port, startAgents: 'atOnce' });
    await expect(notices(app)).toContainText(
      'Switchboard restarted, so this page’s address no longer works. Open the new address it printed when it started.',
    );
    await app.goto(restarted.pageUrl);
    await agentsReady(app);
    await expect(notices(app)).toHaveText('');
  });

  test('an old address reloaded after a restart on the same port says so in place of "Connecting…"', async ({ page, harness, startHarness }) => {
    const port = Number(new URL(harness.origin).port);
    const stale = harness.pageUrl;
    await harness.close();
    await startHarness({ config: demoAgents(), defaultCwd: '/tmp', port, startAgents: 'atOnce' });
    await page.goto(stale); // the page itself is served without a token; its socket is refused
    await expect(page.getByRole('main')).toHaveText(
      'Switchboard restarted, so this page’s address no longer works. Open the new address it printed when it started.',
    );
  });
});

// The harness took Host `localhost` (the page loaded) but the bridge wanted Origin 127.0.0.1 (its
// socket was refused, "Connecting…" for ever). Both loopback names now work for both.
test('a page opened at localhost instead of 127.0.0.1 connects', async ({ app, harness }) => {
  await app.goto(harness.pageUrl.replace('//127.0.0.1:', '//localhost:'));
  await agentsReady(app);
  await app.getByRole('button', { name: /^Demo agent/ }).first().click();
  await expect(app.getByRole('button', { name: 'New session' })).toBeEnabled();
});
