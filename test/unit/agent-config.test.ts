import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultAgentsConfig, parseAgentsConfig } from '../../electron/core/config';
import { mintAgentId, moveAgent, upsertAgent } from '../../electron/core/config-edit';
import { FileConfigStore } from '../../electron/core/config-store';
import { importZedSettings } from '../../electron/core/zed-import';

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
    // Issue 11, scope 1: an MCP server entry that is not valid is named.
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
      skipped: [{ name: 'gemini', reason: 'it has no command (a built-in Zed agent)' }],
    });
  });

  // Issue 11, scope 1: Zed's MCP servers come along in all three shapes Zed writes.
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
    expect(() => importZedSettings('{ "agent_servers": ')).toThrow(/not valid Zed settings/);
    expect(() => importZedSettings('{ "theme": "x" }')).toThrow(/no "agent_servers" or "context_servers"/);
    const deep = `{ "agent_servers": { "x": { "command": "a", "args": ${'['.repeat(100_000)}${']'.repeat(100_000)} } } }`;
    expect(() => importZedSettings(deep)).toThrow(/not valid Zed settings/);
  });
});
