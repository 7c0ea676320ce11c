// Narrow windows: one pane at a time below 761 px, the Session / Requests switch, the sign-in in a tight header, the
// message box's placeholder, and the Tab order.
import type { Locator } from '@playwright/test';
import { axeViolations } from './axe';
import { appActions, card, expect, paneTabs, startSessionAndPrompt, test, REVIEW_WINDOWS } from './fixtures';
import { transcript, composer, sidebar, requestsTab, sessionTab, box } from './layout-fixture';

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
