/**
 * Interop: Switchboard's core (the real Hub) against real ACP agents installed from npm.
 *
 * Run with `npm run test:interop` (not part of `npm test`): install-agents.mjs first installs the pinned
 * agents listed in agents.json into a cache folder, then this file starts one Hub per agent and checks
 * what the user would see: the negotiated protocol version, the agent's name, the elicitation modes
 * Switchboard advertised, the sign-in methods offered, and what happens on "New session" without any
 * credentials. Every agent runs with HOME pointed at an empty temporary folder and every API-key variable
 * removed, so no real account is read or touched.
 *
 * An agent whose install failed is skipped with the reason. The results are printed at the end and
 * written to `<cache>/last-results.json`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInitializeParams } from '../../electron/core/acp/agent-connection';
import type { AgentsConfig } from '../../electron/core/config/config';
import { Hub } from '../../electron/core/hub';
import type { AgentView } from '../../shared/views/agents';
import { RecordingUrlOpener } from '../../electron/harness/recording-url-opener';
import agentsFile from './agents.json';

interface InteropAgent {
  id: string;
  name: string;
  package: string;
  version: string;
  args: string[];
  expectedProtocolVersion: number;
  expectedAgentName: string;
  /** Extra env when the suite runs as root (claude-agent-acp refuses sessions as root without IS_SANDBOX). */
  rootEnv?: Record<string, string>;
}

interface AgentResult {
  agent: string;
  package: string;
  node: string;
  outcome: 'passed' | 'failed' | 'skipped';
  protocolVersion?: number;
  agentInfo?: AgentView['agentInfo'];
  advertisedModes?: AgentView['advertisedModes'];
  authMethods?: Array<{ methodId: string; name: string }>;
  newSession?: { kind: 'opened' | 'sign-in' | 'error'; message?: string };
  /** The MCP servers sent in session/new, whether the agent started the stdio one, and the session's setup. */
  mcp?: { sent: string[]; skipped: Array<{ name: string; reason: string }>; started: boolean };
  modes?: string[];
  configOptions?: Array<{ configId: string; type: string }>;
  commands?: number;
  readyAfterMs?: number;
  notes: string[];
}

/** Wall-clock budget for one agent: start, initialize, session/new, stop. */
const AGENT_BUDGET_MS = 60_000;
/** How long a stopped agent's own child processes may take to go away. */
const EXIT_GRACE_MS = 5_000;

const CACHE_ROOT = process.env.SWITCHBOARD_INTEROP_CACHE || join(homedir(), '.cache', 'switchboard-interop');
const ONLY = (process.env.SWITCHBOARD_INTEROP_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const AGENTS = (agentsFile.agents as InteropAgent[]).filter((a) => !ONLY.length || ONLY.includes(a.id));

/**
 * Environment variables that carry credentials or point an agent at an account; removed for the run.
 * Anything else that looks like a key or token is removed too (see {@link isCredentialVar}).
 */
const CREDENTIAL_VARS = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_BASE_URL',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'CLAUDE_CONFIG_DIR',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'CODEX_API_KEY',
  'CODEX_HOME',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'GOOGLE_GENAI_USE_GCA',
  // vitest's own loader options must not leak into the agents.
  'NODE_OPTIONS',
];

function isCredentialVar(name: string): boolean {
  return CREDENTIAL_VARS.includes(name) || /API_KEY|AUTH_TOKEN|OAUTH|ACCESS_TOKEN|CREDENTIALS/i.test(name);
}

const results: AgentResult[] = [];
const savedEnv = new Map<string, string>();
const liveHubs = new Set<Hub>();
let scratch: string;

beforeAll(() => {
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && isCredentialVar(name)) {
      savedEnv.set(name, value);
      delete process.env[name];
    }
  }
  scratch = mkdtempSync(join(tmpdir(), 'switchboard-interop-'));
});

afterAll(async () => {
  await Promise.all([...liveHubs].map((hub) => hub.stop()));
  for (const [name, value] of savedEnv) process.env[name] = value;
  if (scratch) rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  if (!results.length) return;
  const table = results.map((r) => ({
    agent: r.agent,
    package: r.package,
    outcome: r.outcome,
    protocol: r.protocolVersion ?? '',
    info: r.agentInfo ? `${r.agentInfo.name} ${r.agentInfo.version ?? ''}`.trim() : '',
    auth: r.authMethods?.map((m) => m.methodId).join(', ') || (r.authMethods ? '(none)' : ''),
    'new session without credentials': r.newSession ? r.newSession.kind : '',
    note: [r.newSession?.message, ...r.notes].filter(Boolean).join('; '),
  }));
  console.log('\nInterop results (node ' + process.version + '):');
  console.table(table);
  try {
    mkdirSync(CACHE_ROOT, { recursive: true });
    writeFileSync(join(CACHE_ROOT, 'last-results.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  } catch {
    // Reporting only.
  }
});

describe('the agents documented in docs/agents.md', () => {
  it('every agents.json example in the page is a valid Switchboard config', async () => {
    // Imported here, so a problem in the config module fails this check only, not every agent's.
    const { parseAgentsConfig } = await import('../../electron/core/config/config');
    const page = readFileSync(resolve('docs/agents.md'), 'utf8');
    const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const json = JSON.parse(block) as { agents?: unknown };
      // A block is either a whole config or one entry of its "agents" list.
      const config = parseAgentsConfig(json.agents ? json : { agents: [json] });
      for (const agent of config.agents) expect(agent.command ?? agent.builtin).toBeTruthy();
    }
  });
});

describe.each(AGENTS)('interop with $id', (agent) => {
  it(`${agent.package}@${agent.version} starts, speaks ACP v${agent.expectedProtocolVersion} and answers New session without credentials`, async (ctx) => {
    const result: AgentResult = { agent: agent.id, package: `${agent.package}@${agent.version}`, node: process.version, outcome: 'failed', notes: [] };
    results.push(result);

    const installed = locateAgent(agent);
    if ('skip' in installed) {
      result.outcome = 'skipped';
      result.notes.push(installed.skip);
      console.warn(`interop: skipping ${result.package}: ${installed.skip}`);
      ctx.skip(installed.skip);
      return;
    }

    const deadline = Date.now() + AGENT_BUDGET_MS;
    const home = mkdtempSync(join(scratch, `${agent.id}-home-`));
    const project = mkdtempSync(join(scratch, `${agent.id}-project-`));
    const marker = `${agent.id}-${randomUUID()}`;
    const log: string[] = [];
    const urlOpener = new RecordingUrlOpener();
    const rootEnv = process.geteuid?.() === 0 ? (agent.rootEnv ?? {}) : {};
    if (Object.keys(rootEnv).length) {
      result.notes.push(`running as root, so with ${Object.entries(rootEnv).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    }
    // One stdio MCP server that records being started, one HTTP server (never reached: both
    // agents advertise HTTP, so it must be sent; an agent that fails to reach it still opens the session).
    const mcpMarker = join(home, 'mcp-started.txt');
    const config: AgentsConfig = {
      mcpServers: [
        { name: 'interop-marker', type: 'stdio', command: process.execPath, args: [resolve('test/interop/mcp-marker-server.mjs'), mcpMarker], env: {} },
        { name: 'interop-http', type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer not-a-secret' } },
      ],
      agents: [
        {
          id: agent.id,
          name: agent.name,
          command: process.execPath,
          args: [installed.bin, ...agent.args],
          env: {
            HOME: home,
            USERPROFILE: home,
            XDG_CONFIG_HOME: join(home, '.config'),
            XDG_DATA_HOME: join(home, '.local', 'share'),
            XDG_STATE_HOME: join(home, '.local', 'state'),
            XDG_CACHE_HOME: join(home, '.cache'),
            // Lets the clean-up check find every process this agent started, and nothing else.
            SWITCHBOARD_INTEROP_RUN: marker,
            ...rootEnv,
          },
          cwd: project,
          mcpServers: ['interop-marker', 'interop-http'],
        },
      ],
      urlMode: 'app-window',
    };
    const hub = new Hub({
      config,
      builtinAgents: {},
      defaultCwd: project,
      batchIntervalMs: 5,
      initializeTimeoutMs: 45_000,
      urlOpener,
      log: (line) => log.push(line),
    });
    liveHubs.add(hub);
    const startedAt = Date.now();
    hub.start();

    try {
      // ── ready ──
      const view = await waitFor(() => {
        const v = viewOf(hub, agent.id);
        return v.status.kind === 'starting' ? undefined : v;
      }, deadline);
      if (view.status.kind !== 'ready') {
        throw new Error(`${agent.package}@${agent.version} did not become ready: ${JSON.stringify(view.status)}\n${log.join('\n')}`);
      }
      result.readyAfterMs = Date.now() - startedAt;

      // spec E-VER: the version each agent answers, and what it says it is (E-REQ-7).
      result.protocolVersion = view.protocolVersion;
      result.agentInfo = view.agentInfo;
      expect(view.protocolVersion).toBe(agent.expectedProtocolVersion);
      expect(view.agentInfo?.name).toBe(agent.expectedAgentName);
      expect(view.agentInfo?.version).toBe(agent.version);

      // spec E-CAP-1, E-CAP-2: with a URL opener both modes are advertised, as objects, in both shapes.
      result.advertisedModes = view.advertisedModes;
      expect(view.advertisedModes).toEqual(['form', 'url']);
      const init = buildInitializeParams(view.advertisedModes, { name: 'switchboard', title: 'Switchboard', version: '0' }) as {
        capabilities: { elicitation: unknown };
        clientCapabilities: { elicitation: unknown; terminal: unknown };
      };
      expect(init.capabilities.elicitation).toEqual({ form: {}, url: {} });
      expect(init.clientCapabilities.elicitation).toEqual({ form: {}, url: {} });
      expect(init.clientCapabilities.terminal).toBe(false);

      // Sign-in methods: whatever the agent offers, each has an id and a name to put on its button.
      result.authMethods = view.authMethods.map(({ methodId, name }) => ({ methodId, name }));
      for (const method of view.authMethods) {
        expect(method.methodId).toMatch(/\S/);
        expect(method.name).toMatch(/\S/);
      }

      // ── New session, with no credentials anywhere ──
      let outcome: NonNullable<AgentResult['newSession']>;
      try {
        const { sessionKey } = await withDeadline(
          hub.invoke('newSession', { agentId: agent.id, cwd: project }) as Promise<{ sessionKey: string }>,
          deadline,
          'session/new',
        );
        const session = hub.snapshot().sessions.find((s) => s.sessionKey === sessionKey);
        expect(session?.sessionId).toMatch(/\S/);
        outcome = { kind: 'opened' };
        // The configured MCP servers went out in session/new (v1: stdio always, HTTP where
        // advertised; v2: each where advertised), and the agent's modes and options appear on the session.
        const started = await waitFor(() => (existsSync(mcpMarker) ? true : undefined), Math.min(deadline, Date.now() + 10_000)).catch(() => false);
        result.mcp = { ...(session?.mcp ?? { sent: [], skipped: [] }), started };
        result.modes = session?.modes?.available.map((m) => m.id);
        result.configOptions = session?.configOptions?.map((o) => ({ configId: o.configId, type: o.type }));
        result.commands = session?.suggestions.length;
        if (agent.id === 'claude' || agent.id === 'codex') {
          expect(session?.mcp?.sent).toEqual(['interop-marker', 'interop-http']);
          expect(session?.configOptions?.some((o) => o.category === 'model')).toBe(true);
          expect(session?.configOptions?.some((o) => o.category === 'mode')).toBe(true);
          if (!started) result.notes.push('the agent did not start the stdio MCP server within 10 s of session/new');
        }
      } catch (error) {
        const message = (error as Error).message;
        outcome = { kind: /sign in/i.test(message) ? 'sign-in' : 'error', message };
      }
      result.newSession = outcome;
      // Both are acceptable; anything else is a bug on one side or the other.
      expect(['opened', 'sign-in'], `New session said: ${outcome.message}`).toContain(outcome.kind);
      if (outcome.kind === 'sign-in') {
        expect(isPlainSentence(outcome.message!), outcome.message).toBe(true);
        // Asking for sign-in only makes sense when there is a method to sign in with.
        expect(view.authMethods.length).toBeGreaterThan(0);
      }
      // Whatever it answered, the agent is still there.
      expect(viewOf(hub, agent.id).status.kind).toBe('ready');
      // Nothing was opened: no page opens without the user's consent (spec E-URL-2).
      expect(urlOpener.opened).toEqual([]);
      result.outcome = 'passed';
    } finally {
      await hub.stop();
      liveHubs.delete(hub);
      const leftovers = await processesMarked(marker, EXIT_GRACE_MS);
      for (const p of leftovers) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      if (leftovers.length) {
        result.outcome = 'failed';
        result.notes.push(`processes left after stop: ${leftovers.map((p) => p.command).join('; ')}`);
      }
      expect(leftovers.map((p) => p.command), 'every process the agent started is gone after hub.stop()').toEqual([]);
    }
  });
});

/** The installed agent's bin script, or why it cannot run. */
function locateAgent(agent: InteropAgent): { bin: string } | { skip: string } {
  const dir = join(CACHE_ROOT, `${agent.package}@${agent.version}`);
  const failed = join(dir, 'install-failed.json');
  if (existsSync(failed)) {
    const { reason } = JSON.parse(readFileSync(failed, 'utf8')) as { reason?: string };
    return { skip: `the install failed (${reason ?? 'no reason recorded'}); rerun npm run test:interop to retry` };
  }
  const manifestPath = join(dir, 'node_modules', agent.package, 'package.json');
  if (!existsSync(join(dir, 'installed.json')) || !existsSync(manifestPath)) {
    return { skip: `not (completely) installed in ${dir}; run node test/interop/install-agents.mjs` };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string; bin?: string | Record<string, string> };
  if (manifest.version !== agent.version) return { skip: `${dir} holds version ${manifest.version}, not ${agent.version}` };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) return { skip: `${agent.package} declares no "bin" in its package.json` };
  return { bin: join(dirname(manifestPath), bin) };
}

function viewOf(hub: Hub, agentId: string): AgentView {
  return hub.snapshot().agents.find((a) => a.agentId === agentId)!;
}

/** Polls `read` until it returns something, or fails at `deadline`. */
async function waitFor<T>(read: () => T | undefined, deadline: number): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`the agent did not get there within ${AGENT_BUDGET_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function withDeadline<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than the ${AGENT_BUDGET_MS / 1000} s budget`)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A message fit for the user: one plain sentence or two, no stack trace, no JSON dump. */
function isPlainSentence(text: string): boolean {
  const t = text.trim();
  return /^[A-Z]/.test(t) && /[.!?]$/.test(t) && t.length < 500 && !/\n\s+at /.test(t) && !/^[[{]/.test(t) && !t.includes('[object ');
}

/**
 * Processes whose environment carries `marker` (the agent and anything it started, even if re-parented),
 * waiting up to `graceMs` for them to go. Linux only (reads /proc); elsewhere it finds none.
 */
async function processesMarked(marker: string, graceMs: number): Promise<Array<{ pid: number; command: string }>> {
  if (!existsSync('/proc/self/environ')) return [];
  const needle = `SWITCHBOARD_INTEROP_RUN=${marker}`;
  const until = Date.now() + graceMs;
  for (;;) {
    const found: Array<{ pid: number; command: string }> = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
        if (!environ.split('\0').includes(needle)) continue;
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
        found.push({ pid: Number(entry), command });
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    }
    if (!found.length || Date.now() > until) return found;
    await new Promise((done) => setTimeout(done, 200));
  }
}
