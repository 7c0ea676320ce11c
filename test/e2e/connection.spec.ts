import { expect, test } from './fixtures';

// The harness page's connection to Switchboard, as a user (and a failed test's record) meets it
// (renderer/src/shell/bridge-client.ts; architecture "The test harness").

const agentsReady = (page: import('@playwright/test').Page) =>
  expect(page.getByRole('navigation', { name: 'Agents' }).getByText('Ready').first()).toBeVisible();
const notices = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'Notices' });

// Session 20 item 1: a failed test's error-context showed "Lost the connection to Switchboard. Reconnecting…" with no
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

// Session 20 item 3: the harness took Host `localhost` (the page loaded) but the bridge wanted Origin 127.0.0.1 (its
// socket was refused, "Connecting…" for ever). Both loopback names now work for both.
test('a page opened at localhost instead of 127.0.0.1 connects', async ({ app, harness }) => {
  await app.goto(harness.pageUrl.replace('//127.0.0.1:', '//localhost:'));
  await agentsReady(app);
  await app.getByRole('button', { name: /^Demo agent/ }).first().click();
  await expect(app.getByRole('button', { name: 'New session' })).toBeEnabled();
});
