import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { demoAgents, expect, test } from './fixtures';

// A part of the window that cannot be drawn stays that part's problem: the sidebar, the other agents and the
// requests keep working, and the user reads a plain sentence with a way forward (brief: "bad input loses nothing").
// The fault is made the way a bug in main would make it: a view whose shape is wrong. The page's bridge socket is
// routed through the test, which gives one agent an `agentInfo.name` that is not a string in every frame.

const BROKEN = 'demo-2';

/** Gives every view of agent {@link BROKEN} in `value` a reported name that is an object, which no text can show. */
function breakAgentInfo(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(breakAgentInfo);
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  if (record.agentId === BROKEN && typeof record.agentInfo === 'object' && record.agentInfo !== null) {
    (record.agentInfo as Record<string, unknown>).name = { not: 'a string' };
  }
  Object.values(record).forEach(breakAgentInfo);
}

async function openWithOneBrokenAgent(page: Page, url: string): Promise<void> {
  await page.routeWebSocket(/.*/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (typeof message !== 'string') return socket.send(message);
      const frame: unknown = JSON.parse(message);
      breakAgentInfo(frame);
      socket.send(JSON.stringify(frame));
    });
  });
  await page.goto(url);
}

test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

test('a pane that cannot be drawn says so in its place; the sidebar and other agents keep working', async ({ page, harness }) => {
  await openWithOneBrokenAgent(page, harness.pageUrl);
  const sidebar = page.getByRole('navigation', { name: 'Agents' });
  await expect(sidebar.locator('li', { has: page.getByRole('button', { name: 'Beta', exact: true }) })).toContainText('Ready');
  await sidebar.getByRole('button', { name: 'Beta', exact: true }).click();

  const failed = page.getByRole('alert').filter({ hasText: 'This agent’s sessions could not be drawn.' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Your agents keep running');
  // Focus stays where the user put it, on the agent they chose.
  await expect(sidebar.getByRole('button', { name: 'Beta', exact: true })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  // The error's own words are there for a bug report, folded away from the plain sentence.
  await failed.getByText('Details for a bug report').click();
  await expect(failed).toContainText('Error: Minified React error #31');

  // Try again draws it again; with the same data it fails the same way, and says so again.
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toBeVisible();

  // Another agent is one click away and draws as usual: the failure did not spread.
  await sidebar.getByRole('button', { name: 'Demo agent', exact: true }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Demo agent', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Working folder' })).toBeVisible();

  // Reload window reloads the page, which loads main's state afresh (architecture rule 7).
  await sidebar.getByRole('button', { name: 'Beta', exact: true }).click();
  await expect(failed).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await failed.getByRole('button', { name: 'Reload window' }).click();
  await reloaded;
  await expect(sidebar.getByRole('button', { name: 'Demo agent', exact: true })).toBeVisible();
});
