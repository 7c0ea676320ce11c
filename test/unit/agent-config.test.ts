import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_DEPTH, defaultAgentsConfig, loadAgentsConfig, parseAgentsConfig } from '../../electron/core/config/config';
import { mintAgentId, moveAgent, upsertAgent } from '../../electron/core/config/config-edit';
import { FileConfigStore } from '../../electron/core/config/config-store';
import { MAX_ZED_SETTINGS_DEPTH, importZedSettings } from '../../electron/core/config/zed-import';

describe('the agents config schema', () => {
  it('fills defaults and accepts a builtin or a command', () => {
    expect(parseAgentsConfig({ agents: [{ id: 'a', name: 'A', command: 'x' }] })).toEqual({
      agents: [{ id: 'a', name: 'A', command: 'x', args: [], env: {} }],
      mcpServers: [],
      urlMode: 'app-window',
    });
    expect(defaultAgentsConfig().agents[0]).toMatchObject({ id: 'demo', builtin: 'demo' });
  });

  it.each([
    [{ agents: [{ id: 'a', name: 'A' }] }, /needs either a "command" or "builtin"/],
    [{ agents: [{ id: 'a', name: 'A', command: 'x', builtin: 'demo' }] }, /not both/],
    [{ agents: [{ id: 'bad id!', name: 'A', command: 'x' }] }, /agents\.0\.id must be 1–64 letters/],
    [{ agents: [{ id: 'a', name: 'A', command: 'x', colour: 'red' }] }, /unknown field "colour"/],
    [{ agents: [{ id: 'a', name: 'A', command: 'x', env: { K: 1 } }] }, /agents\.0\.env\.K/],
    [{ agents: [{ id: 'a', name: 'A', command: 'x' }, { id: 'a', name: 'B', command: 'y' }] }, /id "a" twice/],
    [{ agents: [], urlMode: 'popup' }, /urlMode/],
    // An MCP server entry that is not valid is named.
    [{ agents: [], mcpServers: [{ name: 'm', type: 'stdio', url: 'https://x' }] }, /mcpServers\.0 needs a "command" \(stdio\)/],
    [{ agents: [], mcpServers: [{ name: 'm', type: 'http', url: 'file:///x' }] }, /mcpServers\.0 needs/],
    [{ agents: [], mcpServers: [{ name: 'm', type: 'stdio', command: 'a' }, { name: 'm', type: 'stdio', command: 'b' }] }, /MCP server "m" twice/],
    [{ agents: [{ id: 'a', name: 'A', command: 'x', mcpServers: ['nope'] }] }, /asks for the MCP server "nope"/],
  ])('refuses %j with a sentence saying where', (config, message) => {
    expect(() => parseAgentsConfig(config)).toThrow(message);
  });
});

describe('editing agents', () => {
  it('mints readable, unique ids from names', () => {
    expect(mintAgentId('Claude (work)', new Set())).toBe('claude-work');
    expect(mintAgentId('Claude (work)', new Set(['claude-work']))).toBe('claude-work-2');
    expect(mintAgentId('🤖', new Set())).toBe('agent');
  });

  it('adds, replaces and moves agents, checking the result', () => {
    let config = defaultAgentsConfig();
    const added = upsertAgent(config, { name: 'Codex', command: 'npx', args: ['@agentclientprotocol/codex-acp'], env: {} });
    config = added.config;
    expect(added.agentId).toBe('codex');
    config = upsertAgent(config, { agentId: 'codex', name: 'Codex', command: 'codex-acp', args: [], env: {}, muted: true }).config;
    expect(config.agents[1]).toEqual({ id: 'codex', name: 'Codex', command: 'codex-acp', args: [], env: {}, muted: true });
    config = moveAgent(config, 'codex', 0);
    expect(config.agents.map((a) => a.id)).toEqual(['codex', 'demo']);
    expect(() => upsertAgent(config, { name: 'Broken', args: [], env: {} })).toThrow(/command/);
    expect(() => upsertAgent(config, { agentId: 'ghost', name: 'x', command: 'x', args: [], env: {} })).toThrow(/no such agent/);
  });
});

describe('saving the config file', () => {
  it('writes atomically: the file is always complete JSON, and no temporary file is left behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
    const path = join(dir, 'agents.json');
    const store = new FileConfigStore(path);
    const config = upsertAgent(defaultAgentsConfig(), { name: 'Big', command: 'x', args: Array(2000).fill('arg'), env: {} }).config;
    await Promise.all([store.save(config), store.save(defaultAgentsConfig()), store.save(config)]);
    expect(() => parseAgentsConfig(JSON.parse(readFileSync(path, 'utf8')))).not.toThrow();
    expect(readdirSync(dir)).toEqual(['agents.json']);
  });

  it('moves an invalid file aside instead of overwriting it, so nothing the user wrote is lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
    const path = join(dir, 'agents.json');
    writeFileSync(path, '{ "agents": [ oops');
    await new FileConfigStore(path, true).save(defaultAgentsConfig());
    const files = readdirSync(dir).sort();
    expect(files[0]).toBe('agents.json');
    expect(files[1]).toMatch(/^agents\.json\.invalid-\d+$/);
    expect(readFileSync(join(dir, files[1]), 'utf8')).toBe('{ "agents": [ oops');
  });
});

describe('importing from Zed', () => {
  it('reads agent_servers from settings with comments and trailing commas, and says what it skipped', () => {
    const text = readFileSync('test/fixtures/zed/settings-with-comments.jsonc', 'utf8');
    expect(importZedSettings(text)).toEqual({
      agents: [
        { name: 'Claude Code', command: 'npx', args: ['-y', '@agentclientprotocol/claude-agent-acp@0.101.0'], env: { ANTHROPIC_API_KEY: 'sk-ant-example-123456' } },
        { name: 'My agent', command: '/usr/local/bin/my-agent', args: [], env: {} },
      ],
      mcpServers: [],
      skipped: [{ name: 'gemini', reason: 'it is one of Zed’s built-in agents, which Zed installs itself; add it with the Gemini CLI preset' }],
    });
  });

  // Each entry that cannot be imported says what is wrong with that entry.
  it('gives the true reason for each agent it cannot import', () => {
    const text = `{
      "agent_servers": {
        "Remote": { "url": "https://agents.example.com/acp" },
        "Listed": { "type": "registry", "env": {} },
        "From extension": { "type": "extension" },
        "Odd": { "type": "wasm", "command": "x" },
        "Split": { "command": ["npx", "-y", "agent"] },
        "Numbered": { "command": 42 },
        "Blank": { "command": "  " },
        "Nameless": { "args": ["--acp"] },
        "Bad args": { "command": "a", "args": "--acp" },
        "Bad env": { "command": "a", "env": { "API_KEY": 5 } },
        "Not an object": "npx agent",
        "claude": {},
        "Nested": { "command": { "path": "/opt/agent", "args": ["--acp"], "env": { "A": "1" } } },
        "Typed": { "type": "custom", "command": "my-agent", "args": ["--stdio"] },
      },
    }`;
    const { agents, skipped } = importZedSettings(text);
    expect(agents).toEqual([
      { name: 'Nested', command: '/opt/agent', args: ['--acp'], env: { A: '1' } },
      { name: 'Typed', command: 'my-agent', args: ['--stdio'], env: {} },
    ]);
    expect(Object.fromEntries(skipped.map((s) => [s.name, s.reason]))).toEqual({
      Remote: 'Switchboard runs local agents over stdio; this one is reached over HTTP',
      Listed: 'it is installed from Zed’s agent registry, which only Zed can run; add it with Add agent and its command',
      'From extension': 'it comes from a Zed extension, which only Zed can run; add it with Add agent and its command',
      Odd: 'its type "wasm" is not one Switchboard knows (only "custom" agents can be imported)',
      Split: 'its "command" is a list, not text (put the program in "command" and its arguments in "args")',
      Numbered: 'its "command" is a number, not text (put the program in "command" and its arguments in "args")',
      Blank: 'its "command" is empty',
      Nameless: 'it has no "command"',
      'Bad args': 'its "args" must be a list of text',
      'Bad env': 'its "env" value for API_KEY is not text',
      'Not an object': 'its settings are string, not an object',
      claude: 'it is one of Zed’s built-in agents, which Zed installs itself; add it with the Claude preset',
    });
  });

  // Zed's MCP servers come along in all three shapes Zed writes.
  it('reads context_servers as MCP servers: a command, the older nested command, and a remote URL', () => {
    const text = `{
      // MCP servers
      "context_servers": {
        "everything": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], "env": { "TOKEN": "t" } },
        "old-style": { "command": { "path": "/usr/bin/mcp", "args": ["--stdio"], "env": {} } },
        "remote": { "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer x" } },
        "from-extension": { "source": "extension", "settings": {} },
      },
    }`;
    expect(importZedSettings(text)).toEqual({
      agents: [],
      mcpServers: [
        { name: 'everything', type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { TOKEN: 't' } },
        { name: 'old-style', type: 'stdio', command: '/usr/bin/mcp', args: ['--stdio'], env: {} },
        { name: 'remote', type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
      ],
      skipped: [{ name: 'from-extension', reason: 'it is an MCP server from a Zed extension, with no command to run' }],
    });
  });

  it('explains a file that is not settings, or has nothing to import', () => {
    // The line and column in words, not "ValueExpected at character 19".
    expect(() => importZedSettings('{\n  "agent_servers": {\n    "a": { "command": "x" "args": [] }\n  }\n}')).toThrow(
      'The file is not valid Zed settings. Line 3, column 27: expected a comma.',
    );
    expect(() => importZedSettings('{ "agent_servers": ')).toThrow(/not valid Zed settings/);
    expect(() => importZedSettings('{ "theme": "x" }')).toThrow(/no "agent_servers" or "context_servers"/);
    const deep = `{ "agent_servers": { "x": { "command": "a", "args": ${'['.repeat(100_000)}${']'.repeat(100_000)} } } }`;
    expect(() => importZedSettings(deep)).toThrow(/not valid Zed settings/);
  });
});

// Input bounds: a file nested without end is reported in a sentence naming it, before anything walks it (the
// copy and the validator recurse once a level and ran out of stack: "Maximum call stack size exceeded").
describe('absurdly deep files', () => {
  const nested = (levels: number, leaf = '1') => '{"k":'.repeat(levels) + leaf + '}'.repeat(levels);

  it('refuses a 100 000-level agents config with a sentence naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-deep-'));
    const file = join(dir, 'agents.json');
    writeFileSync(file, `{"agents":[{"id":"a","name":"A","command":"x","env":${nested(100_000, '"v"')}}]}`);
    await expect(loadAgentsConfig(file)).rejects.toThrow(
      `The agents config ${file} is not valid: it nests more than ${MAX_CONFIG_DEPTH} levels deep, and an agents config needs no more than 5.`,
    );
    // The same from the app's own edits (no file to name), and a real config's deepest shape still passes.
    expect(() => parseAgentsConfig({ agents: [], x: JSON.parse(nested(100_000)) })).toThrow(/^The agents config is not valid: it nests more than 32 levels/);
    const deepestReal = { agents: [{ id: 'a', name: 'A', command: 'x', remembered: { configOptions: { model: 'fast' }, recentFolders: ['/tmp'] } }] };
    expect(parseAgentsConfig(deepestReal).agents[0].remembered).toEqual({ configOptions: { model: 'fast' }, recentFolders: ['/tmp'] });
  });

  it('refuses a Zed settings file nested past the bound in a sentence, and still reads one nested as deep as Zed goes', () => {
    for (const levels of [100_000, 5_000, MAX_ZED_SETTINGS_DEPTH + 1]) {
      expect(() => importZedSettings(`{"x": ${nested(levels)}, "agent_servers": {}}`)).toThrow(
        `The file is not valid Zed settings: it nests more than ${MAX_ZED_SETTINGS_DEPTH} levels deep, so it was not read.`,
      );
    }
    // Stray closers first cannot bank depth for the openers after them.
    expect(() => importZedSettings(`[1 ${'}'.repeat(200_000)}, ${'['.repeat(200_000)}`)).toThrow(
      `The file is not valid Zed settings: it nests more than ${MAX_ZED_SETTINGS_DEPTH} levels deep, so it was not read.`,
    );
    // Brackets inside strings and comments are not nesting.
    const text = `{ // [[[[ {{{{\n "lsp": ${nested(MAX_ZED_SETTINGS_DEPTH - 2)}, "agent_servers": { "My agent": { "type": "custom", "command": "${'['.repeat(200)}" } } }`;
    expect(importZedSettings(text).agents).toEqual([expect.objectContaining({ name: 'My agent', command: '['.repeat(200) })]);
  });
});
