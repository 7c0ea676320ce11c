import type { APIRequestContext, Page } from '@playwright/test';
import type { Harness } from '../../electron/harness/server';
import { axeViolations } from './axe';
import { expect, harnessRecord, REVIEW_WINDOWS, startSessionAndPrompt, test } from './fixtures';

// Links in an agent's message whose text names another host than where they go (the demo's `links` scenario:
// [docs.example.com](https://login.example.net/docs)) open only after the user says so in a dialog that names the
// real host as main parsed it (spec E-URL-3, E-URL-4). The harness records what main hands to the system browser.

/** The misleading link's address (MISLEADING_LINK_URL in the demo's display-scenarios.ts). */
const MISLEADING_LINK_URL = 'https://login.example.net/docs';

/** Links the core handed to the system browser (the harness records `openExternal`). */
function openedLinks(request: APIRequestContext, harness: Harness): Promise<string[]> {
  return harnessRecord<string[]>(request, harness, 'links');
}

/** The links scenario's reply, once it is drawn. */
async function linksReply(app: Page) {
  await startSessionAndPrompt(app, 'Demo agent', 'links');
  const reply = app.getByRole('log', { name: 'Transcript' }).locator('.entry-agent').filter({ hasText: 'This is the links scenario' });
  await expect(reply.getByRole('button', { name: 'docs.example.com' })).toBeVisible();
  return reply;
}

function consentDialog(app: Page) {
  return app.getByRole('dialog', { name: 'Open this link?' });
}

test('a link whose text names another host asks first, names the real host, and opens only on Open (keyboard only)', async ({ app, harness, request }) => {
  const reply = await linksReply(app);
  const misleading = reply.getByRole('button', { name: 'docs.example.com' });
  const dialog = consentDialog(app);

  // spec E-URL-3: the dialog names the host main parsed, its registrable domain emphasised, and the full address.
  await misleading.focus();
  await app.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Open a link to login.example.net?');
  await expect(dialog.locator('strong')).toHaveText('example.net');
  await expect(dialog.getByRole('listitem')).toHaveText(['Its text names docs.example.com, but it goes to login.example.net.']);
  await expect(dialog).toContainText(MISLEADING_LINK_URL);
  // Cancel has the focus: Enter alone opens nothing, and focus goes back to the link.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(misleading).toBeFocused();
  expect(await openedLinks(request, harness)).toEqual([]);

  // Escape cancels too.
  await app.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await openedLinks(request, harness)).toEqual([]);

  // Open (before Cancel) opens the address, as main re-serialised it, and nothing else.
  await app.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await app.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Open' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => openedLinks(request, harness)).toEqual([MISLEADING_LINK_URL]);
});

test('a link whose text is its own host opens on the click, with no dialog', async ({ app, harness, request }) => {
  const reply = await linksReply(app);
  await reply.getByRole('button', { name: 'example.com', exact: true }).click();
  await expect.poll(() => openedLinks(request, harness)).toEqual(['https://example.com/']);
  await expect(consentDialog(app)).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dialog passes axe-core and keeps its buttons in view at every window size (${theme})`, async ({ app }, testInfo) => {
    await app.emulateMedia({ colorScheme: theme });
    const reply = await linksReply(app);
    for (const [width, height] of REVIEW_WINDOWS) {
      await app.setViewportSize({ width, height });
      await reply.getByRole('button', { name: 'docs.example.com' }).click();
      const dialog = consentDialog(app);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Open' })).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
      expect(await axeViolations(app)).toEqual([]);
      await app.screenshot({ path: testInfo.outputPath(`link-consent-${width}-${theme}.png`) });
      await app.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
}
