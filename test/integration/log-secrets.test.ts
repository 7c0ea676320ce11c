/**
 * Nothing secret in any log (spec E-PRIV-1). Secrets are planted in an agent's env, in its MCP servers' env and
 * headers, in its stderr and stdout, in a form answer and in a URL query; the flows run through the real hub under the
 * Electron glue (fake `electron`) and under the test harness; then every line the hub, the glue, the harness
 * and the SDK (console) wrote is searched.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { AgentsConfig } from '../../electron/core/config/config';
import { redactLogLine } from '../../electron/core/agents/redact';
import { startSwitchboard, type ElectronMainApi } from '../../electron/main/app-lifecycle';
import { startHarness } from '../../electron/harness/server';
import { FakeApp, FakeBrowserWindow, FakeIpcMain, FakeNotification, FakeProtocol, FakeSession, fakeInstalledAppApi } from '../electron-glue/fake-electron';
import { eventually, handshake, openSession, queueItem } from './hub-fixture';
import { Puppet } from './puppet';

const ENV_SECRET = 'planted-env-value-Q7xv2';
const ANTHROPIC_KEY = 'sk-ant-api03-PlantedKey0123456789abcdefXYZ';
const GITHUB_TOKEN = 'ghp_PlantedGithubToken0123456789AB';
const AWS_KEY_ID = 'AKIAPLANTED01234567X';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwbGFudGVkIn0.c2lnbmF0dXJlLXBsYW50ZWQ';
const FORM_SECRET = 'planted-form-answer-Z9k';
const URL_SECRET = 'planted-state-77wq';
const MCP_ENV_SECRET = 'planted-mcp-env-K4rt9';
const MCP_HEADER_SECRET = 'planted-mcp-header-W2pz8';
const PLANTED = [ENV_SECRET, ANTHROPIC_KEY, GITHUB_TOKEN, AWS_KEY_ID, JWT, FORM_SECRET, URL_SECRET, MCP_ENV_SECRET, MCP_HEADER_SECRET, 'PlantedKey', 'PlantedGithub'];
/** MCP servers whose env and header values are secrets, given to the agent in its sessions. */
const MCP_SERVERS = [
  { name: 'tools', type: 'stdio', command: 'mcp-tools', args: [], env: { TOOLS_KEY: MCP_ENV_SECRET } },
  { name: 'remote', type: 'http', url: 'https://mcp.example.com/', headers: { 'X-Api-Key': MCP_HEADER_SECRET } },
];
const SIGN_IN_URL = `https://login.example.com/oauth/authorize?client_id=app&state=${URL_SECRET}`;

/** What an agent that prints its configuration would write to stderr. */
const STDERR = [
  `starting with PLANTED_TOKEN=${ENV_SECRET}`,
  `ANTHROPIC_API_KEY=${ANTHROPIC_KEY} GITHUB=${GITHUB_TOKEN} aws ${AWS_KEY_ID}`,
  `Authorization: Bearer ${JWT}`,
  `callback ${SIGN_IN_URL}`,
  `mcp servers: tools TOOLS_KEY ${MCP_ENV_SECRET}; remote key ${MCP_HEADER_SECRET}`,
].join('\n');

/**
 * Every console line and every byte written to this process's stdout/stderr while a test ran: the SDK logs to
 * the console, and each connection worker's console is piped into this process's stdout and stderr.
 */
let consoleLines: string[];
beforeEach(() => {
  consoleLines = [];
  for (const method of ['log', 'error', 'warn', 'info', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg) ?? String(arg))).join(' '));
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      consoleLines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
  }
});
afterEach(() => vi.restoreAllMocks());

function expectNoSecret(lines: string[]): void {
  for (const line of lines) for (const secret of PLANTED) expect(line, `log line: ${line}`).not.toContain(secret);
}

/** The flows that put secrets within reach of a log, on one hub whose agent is `puppet`. */
async function runFlows(hub: Hub, puppet: Puppet): Promise<void> {
  await handshake(hub, puppet, 'a');
  await openSession(hub, puppet, 'a');
  // Agent output that is not JSON-RPC at all.
  await puppet.sendRaw(`not json ${ANTHROPIC_KEY} ${ENV_SECRET}`);
  // A form answered with a secret.
  await puppet.send({ id: 1, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'Token?', requestedSchema: { type: 'object', properties: { token: { type: 'string' } } } } });
  const form = await queueItem(hub, (item) => item.mode === 'form');
  await hub.invoke('answerElicitation', { itemId: form.itemId, agentId: 'a', action: 'accept', values: { token: FORM_SECRET } });
  await puppet.responseTo(1);
  // A URL-mode request whose query carries OAuth state, consented to (the page then fails to load).
  await puppet.send({ id: 2, method: 'elicitation/create', params: { mode: 'url', sessionId: 'sess-1', message: 'Sign in', elicitationId: 'e1', url: SIGN_IN_URL } });
  const page = await queueItem(hub, (item) => item.mode === 'url');
  await hub.invoke('answerElicitation', { itemId: page.itemId, agentId: 'a', action: 'accept' });
  await puppet.responseTo(2);
  // A link from a message, to the system browser.
  await hub.invoke('openExternal', { url: SIGN_IN_URL });
  // The agent crashes: the exit line is written.
  puppet.exit();
  await eventually(() => (hub.snapshot().agents[0].status.kind === 'crashed' ? true : undefined));
}

describe('log lines (spec E-PRIV-1)', () => {
  let userData: string;
  beforeEach(() => {
    userData = mkdtempSync(join(tmpdir(), 'switchboard-secrets-'));
    FakeBrowserWindow.created = [];
    FakeBrowserWindow.failLoadWith = null;
  });
  afterEach(() => rmSync(userData, { recursive: true, force: true }));

  it('carry none of the planted secrets from the hub and the Electron glue', async () => {
    const puppet = await Puppet.create();
    const config = puppet.agentConfig('a', 'Agent A', { PLANTED_TOKEN: ENV_SECRET, PUPPET_STDERR: STDERR, PUPPET_EXIT_CODE: '1' });
    writeFileSync(join(userData, 'agents.json'), JSON.stringify({ agents: [{ ...config, mcpServers: ['tools', 'remote'] }], mcpServers: MCP_SERVERS, urlMode: 'app-window' }));
    const lines: string[] = [];
    let hub: Hub | undefined;
    const app = new FakeApp({ userData, home: userData }, []);
    const electron = {
      app,
      BrowserWindow: FakeBrowserWindow,
      dialog: { showErrorBox: () => {} },
      ipcMain: new FakeIpcMain(),
      protocol: new FakeProtocol([]),
      session: { defaultSession: new FakeSession() },
      // Chromium's and the OS's errors repeat the address they failed on.
      shell: { openExternal: (url: string) => Promise.reject(new Error(`Failed to open ${url}`)) },
      Notification: FakeNotification,
      ...fakeInstalledAppApi(),
    } as unknown as ElectronMainApi;
    startSwitchboard(electron, {
      mainDir: '/opt/switchboard/out/main',
      platform: 'linux',
      createHub: (options) => (hub = new Hub({ ...options, batchIntervalMs: 1 })),
      log: (line) => lines.push(line),
    });
    app.becomeReady();
    const running = await eventually(() => hub);
    FakeBrowserWindow.failLoadWith = Object.assign(new Error(`ERR_CONNECTION_REFUSED (-102) loading '${SIGN_IN_URL}'`), { code: 'ERR_CONNECTION_REFUSED', url: SIGN_IN_URL });
    try {
      await runFlows(running, puppet);
      await eventually(() => (lines.some((line) => line.includes('did not load')) && lines.some((line) => line.includes('could not open the link')) ? true : undefined));
    } finally {
      await running.stop();
      await puppet.close();
    }
    // The lines that matter were written (else this test proves nothing), with the host and no more.
    expect(lines).toContainEqual(expect.stringMatching(/agent a: The agent exited with code 1/));
    expect(lines).toContainEqual(expect.stringMatching(/page on login\.example\.com did not load: ERR_CONNECTION_REFUSED/));
    expectNoSecret([...lines, ...consoleLines]);
  });

  it('carry none of the planted secrets from the harness', async () => {
    const puppet = await Puppet.create();
    const config = puppet.agentConfig('a', 'Agent A', { PLANTED_TOKEN: ENV_SECRET, PUPPET_STDERR: STDERR, PUPPET_EXIT_CODE: '1' });
    const lines: string[] = [];
    const harness = await startHarness({
      config: { agents: [{ ...config, mcpServers: ['tools', 'remote'] }], mcpServers: MCP_SERVERS as AgentsConfig['mcpServers'], urlMode: 'app-window' },
      log: (line) => lines.push(line),
    });
    try {
      await runFlows(harness.hub, puppet);
      // The crashed agent's status quotes its last error output, redacted like a log line: the MCP line is
      // there, its values are not.
      const status = harness.hub.snapshot().agents[0].status;
      const shown = JSON.stringify('stderrTail' in status ? status.stderrTail : []);
      expect(shown).toContain('mcp servers: tools TOOLS_KEY');
      expectNoSecret([shown]);
    } finally {
      await harness.close();
      await puppet.close();
    }
    expect(lines).toContainEqual(expect.stringMatching(/agent a: The agent exited with code 1/));
    expectNoSecret([...lines, ...consoleLines]);
  });
});

describe('redactLogLine', () => {
  it('cuts every URL to its host and redacts key shapes and env values', () => {
    const line = redactLogLine(`at ${SIGN_IN_URL} and http://user:pw@10.0.0.1:8080/x ${STDERR}`, [ENV_SECRET, MCP_ENV_SECRET, MCP_HEADER_SECRET]);
    expect(line).toContain('https://login.example.com/…');
    expect(line).toContain('http://10.0.0.1:8080/…');
    expectNoSecret([line]);
    expect(line).not.toContain('pw@');
  });

  it('keeps one line one line and bounds its length', () => {
    const line = redactLogLine(`first\nforged: second\r${'x'.repeat(5000)}`);
    expect(line).not.toMatch(/[\n\r]/);
    expect(line.length).toBeLessThanOrEqual(2001);
  });
});
