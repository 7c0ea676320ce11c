import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateAgentsConfig } from '../../electron/main/agents-config-file';
import { defaultAgentsConfig } from '../../electron/core/config/config';

let dir: string;
let errors: Array<{ title: string; content: string }>;
const showError = (title: string, content: string): void => {
  errors.push({ title, content });
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
  errors = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('agents config file', () => {
  it('writes the default config as pretty JSON when the file is missing, and uses it', async () => {
    const path = join(dir, 'agents.json');
    const loaded = await loadOrCreateAgentsConfig(path, showError);
    expect(loaded).toEqual({ config: defaultAgentsConfig(), startedInvalid: false });
    const written = readFileSync(path, 'utf8');
    expect(JSON.parse(written)).toEqual(defaultAgentsConfig());
    expect(written).toContain('\n  "agents": [');
    expect(errors).toEqual([]);
  });

  it('creates the user-data folder when it does not exist yet', async () => {
    const path = join(dir, 'fresh', 'profile', 'agents.json');
    await loadOrCreateAgentsConfig(path, showError);
    expect(JSON.parse(readFileSync(path, 'utf8')).agents[0].name).toBe('Demo agent');
  });

  it("uses a valid config as the user wrote it", async () => {
    const path = join(dir, 'agents.json');
    const mine = { agents: [{ id: 'mine', name: 'My agent', command: 'my-agent', args: ['--acp'] }] };
    writeFileSync(path, JSON.stringify(mine));
    const { config, startedInvalid } = await loadOrCreateAgentsConfig(path, showError);
    expect(config.agents.map((agent) => agent.id)).toEqual(['mine']);
    expect(startedInvalid).toBe(false);
    expect(errors).toEqual([]);
  });

  it.each([
    // Where the JSON breaks, as a line and column in words.
    ['not JSON', '{\n  "agents": [ ', 'is not JSON. Line 2, column 15: expected a closing ].'],
    ['not valid', JSON.stringify({ agents: [{ id: 'x', name: 'X' }] }), 'agents.0 needs either a "command"'],
  ])('shows the reason and starts with the default config, leaving a file that is %s untouched', async (_kind, text, reason) => {
    const path = join(dir, 'agents.json');
    writeFileSync(path, text);
    const loaded = await loadOrCreateAgentsConfig(path, showError);
    expect(loaded).toEqual({ config: defaultAgentsConfig(), startedInvalid: true });
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(errors).toHaveLength(1);
    expect(errors[0].title).toBe('Switchboard could not use your agents config');
    expect(errors[0].content).toMatch(/^The agents config .*not (JSON|valid)/);
    expect(errors[0].content).toContain(reason);
    expect(errors[0].content).toContain('Your file was not changed.');
    expect(errors[0].content).toContain('agents.json.invalid-');
  });
});
