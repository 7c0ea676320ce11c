import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { appActions, card, demoAgents, expect, harnessRecord, startSessionAndPrompt, test } from './fixtures';

// Running many agents all day: adding them three ways, managing them, and never missing or losing a request.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Agents' });

/** The pid of the demo agent the harness started as a child of this test process. */
function demoAgentPid(): number {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n');
  const line = lines.find((l) => l.includes('demo-agent.js'));
  if (!line) throw new Error('the demo agent is not running');
  return Number(line.trim().split(/\s+/)[0]);
}

test.describe('adding agents', () => {
  test('from a preset: the Demo agent preset starts a second demo agent that works', async ({ app, harness }) => {
    await appActions(app).getByRole('button', { name: 'Add agent' }).click();
    const editor = app.getByRole('dialog', { name: 'Agent settings' });
    await editor.getByRole('button', { name: 'Use preset: Demo agent' }).click();
    await editor.getByLabel('Name').fill('Second demo');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    // It is saved (in the harness: in memory) and it runs.
    await expect.poll(() => harness.configStore.saved?.agents.map((a) => a.name)).toEqual(['Demo agent', 'Second demo']);
    await startSessionAndPrompt(app, 'Second demo', 'secret');
    await expect(card(app, 'Second demo')).toBeVisible();
  });

  test('from the form: a command that does not exist is saved and says why it cannot start', async ({ app }) => {
    await appActions(app).getByRole('button', { name: 'Add agent' }).click();
    const editor = app.getByRole('dialog', { name: 'Agent settings' });
    await editor.getByLabel('Name').fill('Broken');
    await editor.getByLabel('Command').fill('/nonexistent/agent');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(sidebar(app)).toContainText('Could not start: check its command');
  });

  test('from Zed settings with comments and trailing commas, showing what was skipped', async ({ app, harness }) => {
    await appActions(app).getByRole('button', { name: 'Import from Zed' }).click();
    const dialog = app.getByRole('dialog', { name: 'Import from Zed' });
    await dialog.getByLabel('Zed settings file').setInputFiles(resolve('test/fixtures/zed/settings-with-comments.jsonc'));
    await expect(dialog.getByRole('checkbox', { name: 'Claude Code' })).toBeVisible();
    await expect(dialog).toContainText('gemini');
    await expect(dialog).toContainText('one of Zed’s built-in agents, which Zed installs itself; add it with the Gemini CLI preset');
    await dialog.getByRole('checkbox', { name: 'Claude Code' }).uncheck();
    await dialog.getByRole('button', { name: 'Add selected' }).click();
    await expect.poll(() => harness.configStore.saved?.agents.map((a) => a.name)).toEqual(['Demo agent', 'My agent']);
    await expect(sidebar(app).getByRole('button', { name: 'My agent', exact: true })).toBeVisible();
  });
});

test.describe('managing agents', () => {
  test.use({ agentsConfig: demoAgents(['Alpha', 'Beta']) });

  test('reorders, turns off and on, and removes an agent', async ({ app, harness }) => {
    await expect(sidebar(app).getByText('Ready')).toHaveCount(2);
    await sidebar(app).getByRole('button', { name: 'Agent actions for Beta' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Move up' }).click();
    await expect.poll(() => harness.hub.snapshot().agents.map((a) => a.name)).toEqual(['Beta', 'Alpha']);
    // The menu closed after acting; focus stayed on the moved row's button.
    await expect(sidebar(app).getByRole('button', { name: 'Agent actions for Beta' })).toBeFocused();
    await sidebar(app).getByRole('button', { name: 'Agent actions for Beta' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Turn off' }).click();
    await expect(sidebar(app)).toContainText('Turned off');
    await sidebar(app).getByRole('button', { name: 'Agent actions for Beta' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Turn on' }).click();
    await expect(sidebar(app).getByText('Ready')).toHaveCount(2);
    await sidebar(app).getByRole('button', { name: 'Agent actions for Beta' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Remove…' }).click();
    await app.getByRole('dialog', { name: 'Remove agent' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => harness.hub.snapshot().agents.map((a) => a.name)).toEqual(['Alpha']);
  });

  test('shows an agent log', async ({ app }) => {
    await sidebar(app).getByRole('button', { name: 'Agent actions for Alpha' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Show log' }).click();
    const log = app.getByRole('dialog', { name: 'Agent log' });
    await expect(log).toBeVisible();
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();
  });
});

test.describe('attention', () => {
  test.use({ agentsConfig: demoAgents(['Alpha', 'Beta']) });

  test('lists waiting requests of every agent in one place, and a notification names only the agent and the kind', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Alpha', 'secret');
    await expect(card(app, 'Alpha')).toBeVisible();
    await startSessionAndPrompt(app, 'Beta', 'secret');
    await expect(card(app, 'Beta')).toBeVisible();
    await sidebar(app).getByRole('button', { name: 'Waiting for you (2)' }).click();
    const waiting = app.getByRole('region', { name: 'Waiting for you' });
    await expect(waiting.getByRole('button', { name: /^Alpha/ })).toBeVisible();
    await expect(waiting.getByRole('button', { name: /^Beta/ })).toBeVisible();
    await waiting.getByRole('button', { name: /^Alpha/ }).click();
    await expect(card(app, 'Alpha')).toBeFocused();

    await expect.poll(async () => (await harnessRecord<unknown[]>(request, harness, 'notifications')).length).toBe(2);
    const notifications = await harnessRecord<Array<Record<string, unknown>>>(request, harness, 'notifications');
    expect(notifications.map((n) => [n.agentName, n.kind])).toEqual([
      ['Alpha', 'form'],
      ['Beta', 'form'],
    ]);
    // Never the content of the request.
    expect(JSON.stringify(notifications)).not.toContain('API token');
    expect(await harnessRecord<{ count: number }>(request, harness, 'badge')).toEqual({ count: 2 });
  });

  test('a muted agent raises no notification, and a clicked notification reveals its request', async ({ app, harness, request }) => {
    await sidebar(app).getByRole('button', { name: 'Agent actions for Beta' }).click();
    await sidebar(app).getByRole('menuitem', { name: 'Mute' }).click();
    await expect(sidebar(app)).toContainText('Muted');
    await startSessionAndPrompt(app, 'Beta', 'secret');
    await expect(card(app, 'Beta')).toBeVisible();
    await startSessionAndPrompt(app, 'Alpha', 'secret');
    await expect(card(app, 'Alpha')).toBeVisible();
    // Announced once the hub's short gathering time (ARRIVAL_GATHER_MS) is over.
    await expect
      .poll(async () => (await harnessRecord<Array<{ agentName: string }>>(request, harness, 'notifications')).map((n) => n.agentName))
      .toEqual(['Alpha']);
    // Electron calls focusItem when the notification is clicked.
    const betaItem = harness.hub.snapshot().queue.find((i) => i.agentName === 'Beta')!;
    harness.hub.focusItem(betaItem.itemId);
    await expect(card(app, 'Beta')).toBeFocused();
  });
});

test.describe('never losing an answer', () => {
  test('an agent that crashes while the user types leaves the card readable as "Agent disconnected"', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    await form.getByLabel('Project name').fill('typed before the crash');
    await app.waitForTimeout(500); // the draft reaches main
    // Kill the demo agent's process the way a crash would (the harness runs it as a child of this process).
    const pid = demoAgentPid();
    process.kill(pid, 'SIGKILL');
    await expect(form).toContainText('Agent disconnected');
    await expect(form).toContainText('typed before the crash');
    await expect(form.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(sidebar(app)).toContainText(/Crashed/);
  });
});
