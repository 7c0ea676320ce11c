import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoAgents, expect, test } from './fixtures';

// Session setup as a user meets it: MCP servers defined once and chosen per agent, the session bar's pickers
// (a refusal shown beside the control), the working-folder check, slash commands from the keyboard, @
// mentions, and a display terminal. The built renderer in Chromium, the real core and the demo agent.

const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const sessionBar = (page: Page) => page.getByRole('group', { name: 'Session settings' });

async function newSession(page: Page, agentName = 'Demo agent'): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Agents' });
  await sidebar.getByRole('button', { name: new RegExp(`^${agentName}`) }).click();
  await expect(sidebar.getByText('Ready').first()).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(composer(page)).toBeFocused();
}

test.describe('MCP servers', () => {
  test('a server defined from the preset, ticked for the agent, reaches session/new; values stay masked', async ({ app }) => {
    await app.getByRole('button', { name: 'MCP servers' }).click();
    const dialog = app.getByRole('dialog', { name: 'MCP servers' });
    await dialog.getByRole('button', { name: 'Use preset: Everything (tries forms and URLs)' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('everything');
    await dialog.getByRole('textbox', { name: 'Environment' }).fill('TOKEN=very-secret-value');
    // Masked on screen until Show values: the mask shows bullets, not the value.
    await expect(dialog.locator('.env-mask')).toContainText('TOKEN=•••••');
    await expect(dialog.locator('.env-mask')).not.toContainText('very-secret-value');
    await dialog.getByRole('button', { name: 'Save server' }).click();
    await expect(dialog.getByRole('list', { name: 'Defined MCP servers' })).toContainText('everything');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The agent editor offers it; ticking it gives it to the agent's sessions.
    await app.getByRole('button', { name: 'Agent actions for Demo agent' }).click();
    await app.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const editor = app.getByRole('dialog', { name: 'Agent settings' });
    await editor.getByRole('checkbox', { name: /everything/ }).check();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);

    await newSession(app);
    await expect(sessionBar(app)).toContainText('MCP: everything');
    await composer(app).fill('status');
    await composer(app).press('Enter');
    await expect(transcript(app)).toContainText('MCP servers: everything (stdio).');
  });

  test('an entry that is not valid gets a sentence beside its field, and nothing typed is lost', async ({ app }) => {
    await app.getByRole('button', { name: 'MCP servers' }).click();
    const dialog = app.getByRole('dialog', { name: 'MCP servers' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('remote');
    await dialog.getByRole('radio', { name: 'An HTTP address' }).check();
    await dialog.getByRole('textbox', { name: 'Address' }).fill('ftp://example.com');
    await dialog.getByRole('button', { name: 'Save server' }).click();
    await expect(dialog.getByText('Type the server’s address, starting with https://')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue('ftp://example.com');
  });
});

test.describe('modes and config options', () => {
  for (const [label, env] of [
    ['v2', {}],
    ['v1', { DEMO_AGENT_PROTOCOL: '1' }],
  ] as const) {
    test.describe(label, () => {
      test.use({ agentsConfig: demoAgents(['Demo agent'], env) });
      test('pickers change the session, a refusal is shown beside the picker, the choice carries to the next session', async ({ app }) => {
        await newSession(app);
        const bar = sessionBar(app);
        await bar.getByRole('combobox', { name: 'Mode', exact: true }).selectOption('plan');
        await bar.getByRole('combobox', { name: 'Model' }).selectOption('demo-large');
        // A controlled switch: it shows checked once the agent accepted the change.
        await bar.getByRole('switch', { name: 'Fast replies' }).click();
        await expect(bar.getByRole('switch', { name: 'Fast replies' })).toBeChecked();
        // Demo XL is always refused: the sentence shows beside the picker, which keeps the agent's value.
        await bar.getByRole('combobox', { name: 'Model' }).selectOption('demo-xl');
        await expect(bar.getByRole('alert')).toContainText('Demo XL is not available');
        await expect(bar.getByRole('combobox', { name: 'Model' })).toHaveValue('demo-large');
        await composer(app).fill('status');
        await composer(app).press('Enter');
        await expect(transcript(app)).toContainText('Mode: Plan. Model: demo-large. Fast replies: on.');

        await app.getByRole('button', { name: 'New session' }).click();
        await expect(app.getByRole('heading', { name: 'Session 2' })).toBeVisible();
        await expect(sessionBar(app).getByRole('combobox', { name: 'Model' })).toHaveValue('demo-large');
        await expect(sessionBar(app).getByRole('combobox', { name: 'Mode', exact: true })).toHaveValue('plan');
      });
    });
  }
});

test.describe('the composer', () => {
  test('/ lists the commands, navigable by keyboard alone, and shows the chosen command’s hint', async ({ app }) => {
    await newSession(app);
    await composer(app).press('/');
    const list = app.getByRole('listbox', { name: 'Commands' });
    await expect(list).toBeVisible();
    // The text box owns the list and points at the chosen option, keeping the role a textarea may have (axe).
    await expect(composer(app)).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    await composer(app).pressSequentially('ech');
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option', { selected: true })).toContainText('Say back what you type');
    await expect(composer(app)).toHaveAttribute('aria-activedescendant', (await list.getByRole('option', { selected: true }).getAttribute('id'))!);
    const { violations } = await new AxeBuilder({ page: app }).withRules(['aria-allowed-role', 'aria-allowed-attr']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await expect(list.getByRole('option', { selected: true })).toContainText('what to say back');
    await composer(app).press('Enter');
    await expect(composer(app)).toHaveValue('/echo ');
    await expect(list).toHaveCount(0);
    await expect(app.locator('.composer-hint')).toContainText('/echo what to say back');
    await composer(app).pressSequentially('hello');
    await composer(app).press('Enter');
    await expect(transcript(app)).toContainText('You said: hello');

    // Arrow keys move the selection; Escape closes the list and keeps the text.
    await composer(app).press('/');
    await composer(app).press('ArrowDown');
    await expect(app.getByRole('listbox', { name: 'Commands' }).getByRole('option', { selected: true })).toContainText('/two');
    await composer(app).press('Escape');
    await expect(app.getByRole('listbox', { name: 'Commands' })).toHaveCount(0);
    await expect(composer(app)).toHaveValue('/');
  });

  test('@ finds a file in the working folder; it is sent with the prompt', async ({ app }) => {
    await app.getByRole('textbox', { name: 'Working folder' }).fill(process.cwd());
    await newSession(app);
    await composer(app).pressSequentially('look at @pkgjson');
    const files = app.getByRole('listbox', { name: 'Files' });
    await expect(files.getByRole('option').first()).toHaveText('package.json');
    await composer(app).press('Tab');
    await expect(composer(app)).toHaveValue('look at @package.json ');
    await expect(app.getByRole('list', { name: 'Attachments' })).toContainText('@package.json');
    await composer(app).press('Enter');
    await expect(transcript(app)).toContainText(/Besides your text I received: the embedded file:\/\/.*package\.json/);
  });
});

test('a folder that does not exist is refused beside the field, with the reason', async ({ app }) => {
  const sidebar = app.getByRole('navigation', { name: 'Agents' });
  await expect(sidebar.getByText('Ready').first()).toBeVisible();
  await app.getByRole('textbox', { name: 'Working folder' }).fill('/no/such/folder');
  await expect(app.getByText('There is no folder here.')).toBeVisible();
  await app.getByRole('button', { name: 'New session' }).click();
  await expect(app.getByText('There is no folder here.')).toBeVisible();
  await expect(app.getByRole('textbox', { name: 'Working folder' })).toHaveValue('/no/such/folder');
});

test('a v2 display terminal shows its command, coloured output and exit code; usage shows in the bar', async ({ app }) => {
  await newSession(app);
  await composer(app).fill('terminal');
  await composer(app).press('Enter');
  const terminal = app.getByRole('figure', { name: 'Terminal: npm test' });
  await expect(terminal).toContainText('Exited with 0');
  await expect(terminal).toContainText('Tests: 4 passed');
  // ANSI green, drawn through a theme class (no raw escape codes on screen).
  await expect(terminal.locator('.ansi-green-fg').first()).toBeVisible();
  await expect(terminal).not.toContainText('[32m');
  await expect(sessionBar(app)).toContainText(/tokens · \$/);
});
