/**
 * Session setup's pure core pieces: MCP server shapes per version and capability, the bounded readers of
 * modes / config options / commands / usage, display terminal output, the working-folder check, the
 * @-mention finder and prompt content.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentCapabilities, mcpServersFor } from '../../electron/core/acp/capabilities';
import { commands, configOptions, MAX_COMMANDS, MAX_CONFIG_OPTIONS, MAX_DESCRIPTION_CHARS, sessionModes } from '../../electron/core/acp/session-setup';
import { normalizeSessionUpdate } from '../../electron/core/acp/session-updates';
import type { McpServerConfig } from '../../electron/core/config/config';
import { findFiles } from '../../electron/core/sessions/file-finder';
import { buildPrompt } from '../../electron/core/sessions/prompt-content';
import { MAX_TERMINAL_OUTPUT_BYTES, SessionTerminals } from '../../electron/core/sessions/terminals';
import { checkFolder, defaultFolder, rememberFolder } from '../../electron/core/sessions/working-folder';

const STDIO: McpServerConfig = { name: 'local', type: 'stdio', command: 'npx', args: ['srv'], env: { TOKEN: 't' } };
const HTTP: McpServerConfig = { name: 'remote', type: 'http', url: 'https://m.example/mcp', headers: { Authorization: 'Bearer b' } };
const SSE: McpServerConfig = { name: 'old', type: 'sse', url: 'https://m.example/sse', headers: {} };

describe('MCP servers in session/new', () => {
  it('v1: stdio always (no type tag, env as name/value), HTTP and SSE only where advertised', () => {
    const none = agentCapabilities(1, { agentCapabilities: {} });
    expect(mcpServersFor(1, [STDIO, HTTP, SSE], none)).toEqual({
      mcpServers: [{ name: 'local', command: 'npx', args: ['srv'], env: [{ name: 'TOKEN', value: 't' }] }],
      skipped: [
        { name: 'remote', reason: 'the agent does not take HTTP MCP servers' },
        { name: 'old', reason: 'the agent does not take SSE MCP servers' },
      ],
    });
    // claude-agent-acp on v1 advertises http and sse (transcripts/…v1.init-session-nocreds).
    const both = agentCapabilities(1, { agentCapabilities: { mcpCapabilities: { http: true, sse: true } } });
    expect(mcpServersFor(1, [HTTP, SSE], both).mcpServers).toEqual([
      { type: 'http', name: 'remote', url: 'https://m.example/mcp', headers: [{ name: 'Authorization', value: 'Bearer b' }] },
      { type: 'sse', name: 'old', url: 'https://m.example/sse', headers: [] },
    ]);
  });

  it('v2: every transport must be advertised, stdio included, and there is no SSE', () => {
    const caps = agentCapabilities(2, { capabilities: { session: { mcp: { stdio: {}, http: {} } } } });
    const { mcpServers, skipped } = mcpServersFor(2, [STDIO, HTTP, SSE], caps);
    expect(mcpServers).toEqual([
      { type: 'stdio', name: 'local', command: 'npx', args: ['srv'], env: [{ name: 'TOKEN', value: 't' }] },
      { type: 'http', name: 'remote', url: 'https://m.example/mcp', headers: [{ name: 'Authorization', value: 'Bearer b' }] },
    ]);
    expect(skipped).toEqual([{ name: 'old', reason: expect.stringMatching(/ACP v2 has no SSE transport/) }]);
    const noMcp = agentCapabilities(2, { capabilities: { session: {} } });
    expect(mcpServersFor(2, [STDIO], noMcp).skipped).toEqual([{ name: 'local', reason: 'the agent does not take local (stdio) MCP servers' }]);
  });

  it('reads prompt capabilities of both versions (booleans in v1, objects in v2)', () => {
    expect(agentCapabilities(1, { agentCapabilities: { promptCapabilities: { image: true, embeddedContext: false } } }).prompt).toEqual({ image: true, audio: false, embeddedContext: false });
    expect(agentCapabilities(2, { capabilities: { session: { prompt: { image: {}, embeddedContext: {} } } } }).prompt).toEqual({ image: true, audio: false, embeddedContext: true });
    expect(agentCapabilities(2, { capabilities: { session: { prompt: { image: null } } } }).prompt.image).toBe(false);
  });
});

describe('modes, config options, commands and usage from an agent', () => {
  it('reads v1 (`id`) and v2 (`configId`) options, grouped values, booleans; drops unsound entries', () => {
    const options = configOptions([
      { id: 'model', name: 'Model', type: 'select', currentValue: 'a', options: [{ value: 'a', name: 'A' }] },
      { configId: 'effort', name: 'Effort', type: 'select', currentValue: 'x', options: [{ groupId: 'g', name: 'Fast', options: [{ value: 'x', name: 'X' }] }] },
      { configId: 'fast', name: 'Fast', type: 'boolean', currentValue: false },
      { configId: 'weird', name: 'W', type: '_custom', currentValue: 1 },
      { name: 'no id', type: 'boolean', currentValue: true },
      'nonsense',
    ]);
    expect(options).toEqual([
      { configId: 'model', name: 'Model', type: 'select', currentValue: 'a', options: [{ value: 'a', name: 'A' }] },
      { configId: 'effort', name: 'Effort', type: 'select', currentValue: 'x', options: [{ value: 'x', name: 'X', group: 'Fast' }] },
      { configId: 'fast', name: 'Fast', type: 'boolean', currentValue: false },
    ]);
  });

  it('bounds every list and label an agent sends', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ configId: `o${i}`, name: 'x'.repeat(10_000), type: 'boolean', currentValue: true }));
    const options = configOptions(many);
    expect(options).toHaveLength(MAX_CONFIG_OPTIONS);
    expect(options[0].name.length).toBe(200);
    const list = commands(Array.from({ length: 5000 }, (_, i) => ({ name: `c${i}`, description: 'd'.repeat(100_000) })));
    expect(list).toHaveLength(MAX_COMMANDS);
    expect(list[0].description.length).toBe(MAX_DESCRIPTION_CHARS);
  });

  it('reads the input hint of v1 and v2 commands and v1 modes', () => {
    expect(commands([{ name: 'review', description: 'Review', input: { hint: 'branch name' } }, { type: 'command', name: 'plan', description: 'Plan', input: null }])).toEqual([
      { name: 'review', description: 'Review', hint: 'branch name' },
      { name: 'plan', description: 'Plan' },
    ]);
    expect(sessionModes({ currentModeId: 'a', availableModes: [{ id: 'a', name: 'A' }, { id: 1 }] })).toEqual({ currentModeId: 'a', available: [{ id: 'a', name: 'A' }] });
    expect(sessionModes({ availableModes: [] })).toBeUndefined();
  });

  it('normalises the update notifications it used to drop', () => {
    // The shapes in transcripts/claude-agent-acp-0.101.0.v2.*: usage with cost.
    expect(normalizeSessionUpdate({ sessionUpdate: 'usage_update', used: 15, size: 1_000_000, cost: { amount: 0.00028, currency: 'USD' } })).toEqual({
      kind: 'usage',
      used: 15,
      size: 1_000_000,
      cost: { amount: 0.00028, currency: 'USD' },
    });
    expect(normalizeSessionUpdate({ sessionUpdate: 'usage_update', used: 15, size: 10, cost: null })).toMatchObject({ cost: null });
    expect(normalizeSessionUpdate({ sessionUpdate: 'usage_update', used: -1, size: 10 })).toMatchObject({ kind: 'unknown' });
    expect(normalizeSessionUpdate({ sessionUpdate: 'current_mode_update', currentModeId: 'plan' })).toEqual({ kind: 'mode', currentModeId: 'plan' });
    expect(normalizeSessionUpdate({ sessionUpdate: 'config_option_update', configOptions: [] })).toEqual({ kind: 'config_options', configOptions: [] });
    const terminal = normalizeSessionUpdate({ sessionUpdate: 'terminal_update', terminalId: 't', command: 'ls', output: { data: Buffer.from('hi').toString('base64') }, exitStatus: { exitCode: 2 } });
    expect(terminal).toMatchObject({ kind: 'terminal', terminalId: 't', command: 'ls', exitStatus: { exitCode: 2 } });
    expect(Buffer.from((terminal as { output: Uint8Array }).output).toString()).toBe('hi');
  });
});

describe('display terminal output', () => {
  it('appends chunks and keeps only the tail, counting what it dropped, never cutting a character', () => {
    const terminals = new SessionTerminals();
    terminals.update('t', { command: 'yes' });
    const chunk = new TextEncoder().encode('é'.repeat(10_000)); // 2 bytes each
    let view;
    for (let i = 0; i < 10; i++) view = terminals.append('t', chunk);
    expect(Buffer.byteLength(view!.output)).toBeLessThanOrEqual(MAX_TERMINAL_OUTPUT_BYTES);
    expect(view!.output).toMatch(/^é+$/);
    expect(view!.droppedBytes + Buffer.byteLength(view!.output)).toBe(200_000);
    // An update's output replaces the whole output.
    expect(terminals.update('t', { output: new TextEncoder().encode('fresh') })).toMatchObject({ output: 'fresh', command: 'yes' });
  });
});

describe('the working folder', () => {
  it('says why a folder cannot be used, beside the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-folder-'));
    writeFileSync(join(dir, 'file.txt'), 'x');
    expect(await checkFolder(dir)).toEqual({ ok: true, path: dir });
    expect(await checkFolder('relative/path')).toEqual({ ok: false, reason: expect.stringMatching(/full path/) });
    expect(await checkFolder(join(dir, 'missing'))).toEqual({ ok: false, reason: 'There is no folder here.' });
    expect(await checkFolder(join(dir, 'file.txt'))).toEqual({ ok: false, reason: 'This is a file, not a folder.' });
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o000);
      expect((await checkFolder(locked)).ok).toBe(false);
    }
  });

  it('defaults to the configured cwd, else the last folder, else home; keeps recent folders unique and bounded', () => {
    expect(defaultFolder({ cwd: '/c', recentFolders: ['/r'] }, '/home')).toBe('/c');
    expect(defaultFolder({ recentFolders: ['/r'] }, '/home')).toBe('/r');
    expect(defaultFolder({}, '/home')).toBe('/home');
    expect(rememberFolder(['/a', '/b'], '/b')).toEqual(['/b', '/a']);
    expect(rememberFolder(Array.from({ length: 20 }, (_, i) => `/${i}`), '/new')).toHaveLength(8);
  });
});

describe('the @ finder and prompt content', () => {
  function project(): string {
    const dir = mkdtempSync(join(tmpdir(), 'sb-project-'));
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
    mkdirSync(join(dir, 'build'));
    writeFileSync(join(dir, '.gitignore'), 'node_modules/\nbuild\n*.log\n');
    writeFileSync(join(dir, 'src', 'session-bar.tsx'), 'x');
    writeFileSync(join(dir, 'src', 'other.ts'), 'x');
    writeFileSync(join(dir, 'debug.log'), 'x');
    writeFileSync(join(dir, 'node_modules', 'x', 'index.js'), 'x');
    writeFileSync(join(dir, 'build', 'out.js'), 'x');
    return dir;
  }

  it('matches fuzzily and leaves out what .gitignore excludes', async () => {
    const dir = project();
    expect((await findFiles(dir, 'sbar')).paths[0]).toBe('src/session-bar.tsx');
    const all = (await findFiles(dir, '')).paths;
    expect(all).toEqual(expect.arrayContaining(['.gitignore', 'src/other.ts', 'src/session-bar.tsx']));
    expect(all.some((p) => p.includes('node_modules') || p.startsWith('build') || p.endsWith('.log'))).toBe(false);
  });

  it('sends a link, or the embedded text where the agent takes embedded context; refuses what the agent cannot take', async () => {
    const dir = project();
    const plain = { image: false, audio: false, embeddedContext: false };
    const linked = await buildPrompt(dir, 'see', [{ type: 'file', path: 'src/other.ts' }], plain);
    expect(linked.blocks).toEqual([
      { type: 'text', text: 'see' },
      { type: 'resource_link', uri: `file://${dir}/src/other.ts`, name: 'other.ts', size: 1 },
    ]);
    const embedded = await buildPrompt(dir, '', [{ type: 'file', path: 'src/other.ts' }, { type: 'text', name: '', text: 'long paste' }], { ...plain, embeddedContext: true });
    expect(embedded.blocks).toEqual([
      { type: 'resource', resource: { uri: `file://${dir}/src/other.ts`, text: 'x', mimeType: 'text/plain' } },
      { type: 'resource', resource: { uri: 'untitled:pasted-1.txt', text: 'long paste', mimeType: 'text/plain' } },
    ]);
    await expect(buildPrompt(dir, 'x', [{ type: 'image', name: 'a.png', mimeType: 'image/png', data: 'AAAA' }], plain)).rejects.toThrow('This agent does not take images.');
    await expect(buildPrompt(dir, 'x', [{ type: 'file', path: '../../etc/passwd' }], plain)).rejects.toThrow(/not inside the session's folder/);
    await expect(buildPrompt(dir, '  ', [], plain)).rejects.toThrow(/Type a message/);
  });
});
