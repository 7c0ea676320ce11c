import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { axeViolations } from './axe';
import { appActions, expect, test } from './fixtures';

// Errors that help: a failed start shows the agent's last stderr lines (redacted, spec
// E-PRIV-1) and a way to its log, and suggests Edit when the command is wrong; the Zed import says why per entry.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Agents' });
const header = (page: Page) => page.getByRole('main').locator('.agent-header');

/** A key-shaped value the agent echoes to stderr: it must never reach the screen. */
const PLANTED_KEY = 'sk-ant-api03-plantedSecretValue0123456789';

test.describe('a program that is not an ACP agent', () => {
  test.use({ agentsConfig: { agents: [{ id: 'cat', name: 'Cat', command: '/bin/cat', args: [], env: {} }], urlMode: 'app-window' } });

  // The pane offered only Restart agent, which cannot fix a wrong command.
  test('says what to check and offers Edit, not only Restart', async ({ app }) => {
    await sidebar(app).getByRole('button', { name: 'Cat', exact: true }).click();
    await expect(header(app)).toContainText('Cat did not answer the ACP handshake');
    // The sidebar says it in a few words; the whole sentence is the pane's.
    await expect(sidebar(app).locator('.agent-status')).toHaveText('Did not speak ACP');
    const fix = header(app).getByRole('group', { name: 'Check that it speaks ACP' });
    // What to check is said once, in the pane's sentence, not again in the box.
    await expect(header(app)).toContainText('many agents need a flag or an ACP adapter for that');
    expect((await header(app).innerText()).match(/ACP adapter/g)).toHaveLength(1);
    await expect(fix).toHaveText(/^Check that it speaks ACP\s*Edit Cat$/);
    await expect(app.getByRole('main')).toContainText('Fix its settings (Edit, above), then restart it');
    await fix.getByRole('button', { name: 'Edit Cat' }).click();
    await expect(app.getByRole('dialog', { name: 'Agent settings' }).getByLabel('Command')).toHaveValue('/bin/cat');
  });
});

test.describe('a failed start', () => {
  test.use({
    agentsConfig: {
      agents: [
        { id: 'missing', name: 'Missing', command: '/nonexistent/agent', args: [], env: {} },
        // A wrapper script whose program is not installed: the shell says so on stderr and exits 127.
        {
          id: 'wrapped',
          name: 'Wrapped',
          command: 'sh',
          args: ['-c', `echo "starting with key ${PLANTED_KEY} and token=$AGENT_TOKEN" >&2; echo "see https://example.com/help?code=abc123" >&2; exec no-such-agent-xyz --acp`],
          env: { AGENT_TOKEN: 'hunter2-from-env' },
        },
      ],
      urlMode: 'app-window',
    },
  });

  test('a command that does not exist says "Check the command" and Edit opens the agent editor on it', async ({ app }) => {
    await sidebar(app).getByRole('button', { name: 'Missing', exact: true }).click();
    await expect(header(app)).toContainText('Could not start "/nonexistent/agent": no such command or file.');
    const status = sidebar(app).getByRole('listitem').filter({ hasText: 'Missing' }).locator('.agent-status');
    await expect(status).toHaveText('Could not start: check its command');
    await expect(status).toHaveAttribute('title', 'Could not start "/nonexistent/agent": no such command or file.');
    const fix = header(app).getByRole('group', { name: 'Check the command' });
    await expect(fix).toContainText('“/nonexistent/agent” could not be run.');
    // Keyboard alone: the Edit button is reachable and opens the editor with the command to fix.
    await fix.getByRole('button', { name: 'Edit Missing' }).focus();
    await app.keyboard.press('Enter');
    const editor = app.getByRole('dialog', { name: 'Agent settings' });
    await expect(editor.getByLabel('Command')).toHaveValue('/nonexistent/agent');
  });

  test('an agent that dies at start shows its last stderr lines, redacted, with a link to its full log', async ({ app }) => {
    await sidebar(app).getByRole('button', { name: 'Wrapped', exact: true }).click();
    // Exit 127 from its shell: the command was not found.
    await expect(header(app)).toContainText('its command was not found');
    await expect(header(app).getByRole('group', { name: 'Check the command' })).toBeVisible();
    const tail = header(app).getByRole('region', { name: 'Last lines of its error output' });
    await expect(tail).toContainText('no-such-agent-xyz');
    await expect(tail).toContainText('starting with key');
    // Keys, env values and URL paths are redacted before they reach the renderer.
    const text = await tail.innerText();
    expect(text).not.toContain(PLANTED_KEY);
    expect(text).not.toContain('hunter2-from-env');
    expect(text).not.toContain('code=abc123');
    expect(text).toContain('‹redacted›');
    expect(text).toContain('https://example.com/…');
    await tail.getByRole('button', { name: 'Show full log' }).click();
    const log = app.getByRole('dialog', { name: 'Agent log' });
    await expect(log.getByLabel('Log text')).toContainText('no-such-agent-xyz');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the failure help passes axe-core with no moderate, serious or critical violation (${theme})`, async ({ app }) => {
      await app.emulateMedia({ colorScheme: theme });
      await sidebar(app).getByRole('button', { name: 'Wrapped', exact: true }).click();
      await expect(header(app).getByRole('region', { name: 'Last lines of its error output' })).toBeVisible();
      expect(await axeViolations(app)).toEqual([]);
    });
  }
});

test('the Zed import says why each entry it cannot use was left out', async ({ app }) => {
  await appActions(app).getByRole('button', { name: 'Import from Zed' }).click();
  const dialog = app.getByRole('dialog', { name: 'Import from Zed' });
  await dialog.getByLabel('Zed settings file').setInputFiles(resolve('test/fixtures/zed/agents-it-cannot-use.jsonc'));
  await expect(dialog).toContainText('Remote: Switchboard runs local agents over stdio; this one is reached over HTTP');
  await expect(dialog).toContainText('Split: its "command" is a list, not text');
  await expect(dialog).toContainText('claude: it is one of Zed’s built-in agents, which Zed installs itself; add it with the Claude preset');
  await expect(dialog.getByRole('checkbox', { name: 'Good' })).toBeChecked();
});

test('a Zed file with a syntax error names the line and column in words', async ({ app }) => {
  await appActions(app).getByRole('button', { name: 'Import from Zed' }).click();
  const dialog = app.getByRole('dialog', { name: 'Import from Zed' });
  await dialog.getByLabel('Zed settings file').setInputFiles({
    name: 'settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{\n  "agent_servers": {\n    "a": { "command": "x" "args": [] }\n  }\n}'),
  });
  await expect(dialog).toContainText('Line 3, column 27: expected a comma.');
  await expect(dialog).not.toContainText('CommaExpected');
});
