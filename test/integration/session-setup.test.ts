/**
 * Session setup end to end through the real core and the real demo agent, over ACP v1 and v2: MCP servers in
 * `session/new` in the shapes the agent's capabilities accept, modes and config options with their
 * refusals and memory, the working-folder check, usage, display terminals, and prompt content.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import { MemoryConfigStore } from '../../electron/core/config/config-store';
import type { AgentsConfig } from '../../electron/core/config/config';
import type { SessionView } from '../../shared/views/sessions';
import { agentView, eventually } from './hub-fixture';

/** How long to wait for what the agent does: generous, since CI shares two cores with everything else. */
const WAIT_MS = 30_000;
/** Each test starts a real agent and runs a few turns. */
const TEST_MS = 90_000;

let hub: Hub | undefined;
afterEach(async () => {
  await hub?.stop();
  hub = undefined;
});

const SERVERS: AgentsConfig['mcpServers'] = [
  { name: 'everything', type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { TOKEN: 'sekrit-env-value' } },
  { name: 'remote', type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer sekrit-header' } },
  { name: 'legacy', type: 'sse', url: 'https://mcp.example.com/sse', headers: {} },
];

function startDemo(env: Record<string, string>, extra: Partial<AgentsConfig['agents'][number]> = {}): { hub: Hub; store: MemoryConfigStore; logs: string[] } {
  const store = new MemoryConfigStore();
  const logs: string[] = [];
  hub = new Hub({
    config: {
      agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo', args: [], env, mcpServers: ['everything', 'remote', 'legacy'], ...extra }],
      mcpServers: SERVERS,
      urlMode: 'app-window',
    },
    builtinAgents: {
      demo: { command: process.execPath, args: ['--import', 'tsx', resolve('electron/demo-agent/index.ts')], env: { DEMO_STREAM_MS: '0' } },
    },
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
    configStore: store,
    log: (line) => logs.push(line),
  });
  hub.start();
  return { hub, store, logs };
}

async function ready(h: Hub): Promise<void> {
  await eventually(() => (agentView(h, 'demo').status.kind === 'ready' ? true : undefined), 30_000);
}

function session(h: Hub, sessionKey: string): SessionView {
  return h.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!;
}

function text(h: Hub, sessionKey: string): string {
  return session(h, sessionKey).transcript.map((e) => e.text).join('\n');
}

/** The transcript once it shows `expected` (a v1 turn's response may arrive before its last updates). */
function shows(h: Hub, sessionKey: string, expected: string | RegExp): Promise<string> {
  return eventually(() => {
    const t = text(h, sessionKey);
    return (typeof expected === 'string' ? t.includes(expected) : expected.test(t)) ? t : undefined;
  }, WAIT_MS);
}

async function turn(h: Hub, sessionKey: string, prompt: string, attachments?: unknown[]): Promise<void> {
  await h.invoke('prompt', { sessionKey, text: prompt, ...(attachments ? { attachments } : {}) });
  await eventually(() => (session(h, sessionKey).promptInFlight ? undefined : true), WAIT_MS);
}

describe.each<{ label: string; env: Record<string, string>; version: 1 | 2 }>([
  { label: 'v2', env: {}, version: 2 },
  { label: 'v1', env: { DEMO_AGENT_PROTOCOL: '1' }, version: 1 },
])('session setup over $label', ({ env, version }) => {
  it('sends the chosen MCP servers the agent takes, and says which it skipped and why', async () => {
    const { hub: h, logs } = startDemo(env);
    await ready(h);
    // The demo agent advertises stdio and HTTP, not SSE (v2 has no SSE at all).
    expect(agentView(h, 'demo').capabilities?.mcp).toEqual({ stdio: true, http: true, sse: false });
    const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
    expect(session(h, sessionKey).mcp).toEqual({
      sent: ['everything', 'remote'],
      skipped: [{ name: 'legacy', reason: version === 2 ? expect.stringMatching(/v2 has no SSE/) : 'the agent does not take SSE MCP servers' }],
    });
    await turn(h, sessionKey, 'status');
    // What the agent received, by name and transport (the demo agent never echoes env or headers).
    await shows(h, sessionKey, 'MCP servers: everything (stdio), remote (http).');
    // Nothing secret in the log.
    expect(logs.join('\n')).not.toMatch(/sekrit/);
  }, TEST_MS);

  it('shows modes and config options, sets them, shows a refusal, and re-applies the last choice to the next session', async () => {
    const { hub: h, store } = startDemo(env);
    await ready(h);
    const first = ((await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string }).sessionKey;
    const view = session(h, first);
    const ids = view.configOptions!.map((o) => o.configId);
    if (version === 1) {
      expect(view.modes).toMatchObject({ currentModeId: 'ask', available: [{ id: 'ask' }, { id: 'plan' }, { id: 'auto' }] });
      expect(ids).toEqual(['model', 'fast']);
    } else {
      expect(view.modes).toBeUndefined();
      expect(ids).toEqual(['mode', 'model', 'fast']);
    }
    // Switchboard opts in to boolean options in v1, so "Fast replies" is a boolean on both versions.
    expect(view.configOptions!.find((o) => o.configId === 'fast')).toMatchObject({ type: 'boolean', currentValue: false });

    if (version === 1) await h.invoke('setSessionMode', { sessionKey: first, modeId: 'plan' });
    else await h.invoke('setSessionConfigOption', { sessionKey: first, configId: 'mode', value: 'plan' });
    await h.invoke('setSessionConfigOption', { sessionKey: first, configId: 'model', value: 'demo-large' });
    await h.invoke('setSessionConfigOption', { sessionKey: first, configId: 'fast', value: true });
    await expect(h.invoke('setSessionConfigOption', { sessionKey: first, configId: 'model', value: 'demo-xl' })).rejects.toThrow(
      /^Demo agent did not switch the model: Demo XL is not available to you$/,
    );
    // The refused value is not shown as chosen.
    expect(session(h, first).configOptions!.find((o) => o.configId === 'model')?.currentValue).toBe('demo-large');
    await turn(h, first, 'status');
    await shows(h, first, 'Mode: Plan. Model: demo-large. Fast replies: on.');

    // Remembered in the config, and re-applied to a new session.
    expect(store.saved?.agents[0].remembered).toMatchObject({ configOptions: { model: 'demo-large', fast: true } });
    const second = ((await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string }).sessionKey;
    await eventually(() => (session(h, second).configOptions!.find((o) => o.configId === 'fast')?.currentValue === true ? true : undefined), WAIT_MS);
    await turn(h, second, 'status');
    await shows(h, second, 'Mode: Plan. Model: demo-large. Fast replies: on.');
  }, TEST_MS);

  it('refuses a working folder that does not exist, with the reason, and remembers the folder it used', async () => {
    const { hub: h } = startDemo(env);
    await ready(h);
    await expect(h.invoke('newSession', { agentId: 'demo', cwd: '/no/such/folder' })).rejects.toThrow(/There is no folder here/);
    const folder = mkdtempSync(join(tmpdir(), 'sb-cwd-'));
    await h.invoke('newSession', { agentId: 'demo', cwd: folder });
    await eventually(() => (agentView(h, 'demo').recentFolders?.[0] === folder ? true : undefined), WAIT_MS);
    // The next session without a folder uses the last one.
    const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo' })) as { sessionKey: string };
    expect(session(h, sessionKey).cwd).toBe(folder);
  }, TEST_MS);

  it('shows usage, commands with their input hint, and what a prompt carried', async () => {
    const { hub: h } = startDemo(env);
    await ready(h);
    const folder = mkdtempSync(join(tmpdir(), 'sb-files-'));
    mkdirSync(join(folder, 'src'));
    writeFileSync(join(folder, 'src', 'main.ts'), 'console.log(1);\n');
    const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: folder })) as { sessionKey: string };
    await eventually(() => (session(h, sessionKey).suggestions.length ? true : undefined), WAIT_MS);
    expect(session(h, sessionKey).suggestions.find((c) => c.name === 'echo')).toEqual({ name: 'echo', description: expect.any(String), hint: 'what to say back' });
    await turn(h, sessionKey, 'look at this', [
      { type: 'file', path: 'src/main.ts' },
      { type: 'image', name: 'shot.png', mimeType: 'image/png', data: Buffer.from('png-bytes').toString('base64') },
    ]);
    // The demo agent advertises embeddedContext: the file is embedded with its text.
    await shows(h, sessionKey, /the embedded file:\/\/.*src\/main\.ts \(16 characters\); an image \(image\/png, 9 bytes\)/);
    expect(session(h, sessionKey).transcript.find((e) => e.role === 'user')?.attachments).toEqual(['@src/main.ts', 'shot.png']);
    await eventually(() => (session(h, sessionKey).usage ? true : undefined), WAIT_MS);
    expect(session(h, sessionKey).usage).toMatchObject({ size: 200_000, cost: { currency: 'USD' } });
    await expect(h.invoke('prompt', { sessionKey, text: 'x', attachments: [{ type: 'file', path: '../etc/passwd' }] })).rejects.toThrow(/not inside the session's folder/);
  }, TEST_MS);

  it('shows a v2 display terminal with its output and exit code (v1: the agent says it has none)', async () => {
    const { hub: h } = startDemo(env);
    await ready(h);
    const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
    await turn(h, sessionKey, 'terminal');
    if (version === 1) {
      await shows(h, sessionKey, 'Display terminals are an ACP v2 feature');
      return;
    }
    const entry = await eventually(() => session(h, sessionKey).transcript.find((e) => e.kind === 'terminal' && e.terminal?.exitStatus), WAIT_MS);
    expect(entry.terminal).toMatchObject({ command: 'npm test', exitStatus: { exitCode: 0 }, droppedBytes: 0 });
    expect(entry.terminal!.output).toContain('\u001b[1;32mTests: 4 passed');
  }, TEST_MS);
});
