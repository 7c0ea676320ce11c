/**
 * Replays of real agents (test/fixtures/transcripts/): the replay agent (test/fixtures/replay-agent.mjs) plays
 * the recorded agent side against the real core, and each test plays the user through `hub.invoke` exactly as a
 * person would, so Switchboard produces the client messages of the recording. Then it checks what the user and
 * the agent would observe. Spec rule ids refer to the elicitation contract (E-…).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { McpServerConfig } from '../../electron/core/config/config';
import type { QueueItemView } from '../../shared/views/requests';
import type { SessionView } from '../../shared/views/sessions';
import type { FormValues } from '../../shared/form-schema/types';
import { RecordingUrlOpener } from '../../electron/harness/recording-url-opener';
import { agentView, eventually } from './hub-fixture';
import type { WireMessage } from './puppet';

const TRANSCRIPTS = resolve('test/fixtures/transcripts');
const REPLAY_AGENT = resolve('test/fixtures/replay-agent.mjs');
export const AGENT_ID = 'replayed';

export const CLAUDE_FORM = 'claude-agent-acp-0.101.0.v2.mcp-elicitation-form.jsonl';
export const CLAUDE_URL = 'claude-agent-acp-0.101.0.v2.mcp-elicitation-url.jsonl';
export const CLAUDE_CANCEL = 'claude-agent-acp-0.101.0.v2.mcp-elicitation-cancel.jsonl';
export const CLAUDE_V1 = 'claude-agent-acp-0.101.0.node20.v1.init-session-nocreds.jsonl';
export const CODEX_FORM = 'codex-acp-2.6.0.v2.mcp-elicitation-form.jsonl';
export const CODEX_URL = 'codex-acp-2.6.0.v2.mcp-elicitation-url.jsonl';
export const CODEX_CANCEL = 'codex-acp-2.6.0.v2.mcp-elicitation-cancel.jsonl';
export const CODEX_DEVICE_CODE = 'codex-acp-2.6.0.v2.device-code-login-fake-issuer.jsonl';
export const GEMINI_V1 = 'gemini-cli-0.61.0.acp-flag.fake-key.v1.init-session.jsonl';

/**
 * The codex recordings sign in first through a custom model gateway (`auth/login` with a `_meta.gateway`
 * payload). Switchboard has no such control, and nothing later depends on it, so that request is skipped.
 */
export const CODEX_SKIP = ['auth/login'];

// ── the recording ─────────────────────────────────────────────────────────────────────────────────────

interface Recorded {
  dir: 'in' | 'out';
  msg: WireMessage;
}

/** The wire messages of a transcript, in order (`in` = agent → client, `out` = client → agent). */
export function recording(file: string): Recorded[] {
  return readFileSync(join(TRANSCRIPTS, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { dir: string; msg: WireMessage })
    .filter((line): line is Recorded => line.dir === 'in' || line.dir === 'out');
}

/** The first recorded client request with `method`. */
export function recordedRequest(file: string, method: string): WireMessage {
  const found = recording(file).find((r) => r.dir === 'out' && r.msg.method === method && r.msg.id !== undefined);
  if (!found) throw new Error(`${file} has no ${method} request`);
  return found.msg;
}

/** The first recorded agent request with `method`, and the client's recorded answer to it (if any). */
export function recordedAgentRequest(file: string, method: string): { request: WireMessage; response?: WireMessage } {
  const lines = recording(file);
  const request = lines.find((r) => r.dir === 'in' && r.msg.method === method && r.msg.id !== undefined)?.msg;
  if (!request) throw new Error(`${file} has no ${method} request from the agent`);
  const response = lines.find((r) => r.dir === 'out' && r.msg.method === undefined && r.msg.id === request.id)?.msg;
  return { request, response };
}

/** The agent's recorded response to the client request `request`. */
export function recordedResponseTo(file: string, request: WireMessage): WireMessage {
  const found = recording(file).find((r) => r.dir === 'in' && r.msg.method === undefined && r.msg.id === request.id);
  if (!found) throw new Error(`${file} has no response to ${request.method}`);
  return found.msg;
}

/** Everything the agent said in `agent_message_chunk`s, joined. */
export function recordedAgentText(file: string): string {
  return recording(file)
    .filter((r) => r.dir === 'in' && r.msg.method === 'session/update' && r.msg.params.update.sessionUpdate === 'agent_message_chunk')
    .map((r) => r.msg.params.update.content.text as string)
    .join('');
}

/**
 * The recorded form `content` in the form's own representation (shared/form-schema/types.ts FormValues): text and
 * selects as strings, numbers as their digits, booleans as booleans, multi-selects as string[].
 */
export function asFormValues(content: Record<string, unknown>, schema: Record<string, unknown>): FormValues {
  const properties = schema.properties as Record<string, { type?: string }>;
  return Object.fromEntries(
    Object.entries(content).map(([name, value]) => {
      const type = properties[name]?.type;
      return [name, type === 'number' || type === 'integer' ? String(value) : value];
    }),
  );
}

/** A copy of a schema without the legacy `enumNames` keyword. */
export function withoutEnumNames(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([name, { enumNames: _enumNames, ...rest }]) => [name, rest]),
  );
  return { ...schema, properties };
}

// ── the rig ───────────────────────────────────────────────────────────────────────────────────────────

/** What the replay agent writes to REPLAY_REPORT (see test/fixtures/replay-agent.mjs). */
export interface ReplayReport {
  finished: boolean;
  stdinEnded: boolean;
  /** A recorded client message Switchboard did not send in time: its kind, and what had arrived instead. */
  mismatches: Array<{ expected: string; answering?: string; recorded: WireMessage; got: WireMessage[] }>;
  /** Every message Switchboard sent to the agent, in order. */
  received: WireMessage[];
  /** Received messages that no recorded client message accounts for. */
  unexpected: WireMessage[];
  skipped: WireMessage[];
  dropped: WireMessage[];
}

/** How a replay runs. */
export interface ReplayOptions {
  /** Recorded client methods Switchboard has no equivalent for (REPLAY_SKIP_OUT_METHODS). */
  skip?: string[];
}

/**
 * The MCP servers a recording's `session/new` carried, as Switchboard's config defines them, so that
 * Switchboard sends the same list.
 */
function recordedMcpServers(file: string): McpServerConfig[] {
  const sessionNew = recording(file).find((l) => l.dir === 'out' && l.msg.method === 'session/new');
  type Wire = { name: string; type?: 'stdio' | 'http' | 'sse'; url?: string; command?: string; args?: string[] } & Record<'env' | 'headers', Array<{ name: string; value: string }> | undefined>;
  const servers = (sessionNew?.msg.params?.mcpServers ?? []) as Wire[];
  const record = (pairs: Array<{ name: string; value: string }> = []) => Object.fromEntries(pairs.map((p) => [p.name, p.value]));
  return servers.map((s): McpServerConfig =>
    s.url
      ? { name: s.name, type: s.type === 'sse' ? 'sse' : 'http', url: s.url, headers: record(s.headers) }
      : { name: s.name, type: 'stdio', command: s.command ?? '', args: s.args ?? [], env: record(s.env) },
  );
}

/** The real core (a Hub) against the replay agent playing one recording, in fresh temporary folders. */
export class Replay {
  readonly opener = new RecordingUrlOpener();
  readonly hub: Hub;
  private readonly dir = mkdtempSync(join(tmpdir(), 'switchboard-replay-'));
  /** The session's folder: the recorded one (`/home/user/project`) does not exist here, and Switchboard checks it. */
  readonly cwd = mkdtempSync(join(tmpdir(), 'switchboard-replay-cwd-'));
  private readonly reportPath = join(this.dir, 'report.json');
  private closed?: Promise<ReplayReport>;

  constructor(
    readonly file: string,
    options: ReplayOptions = {},
  ) {
    this.hub = new Hub({
      config: {
        agents: [
          {
            id: AGENT_ID,
            name: 'Replayed agent',
            mcpServers: recordedMcpServers(file).map((s) => s.name),
            command: process.execPath,
            args: [REPLAY_AGENT],
            env: {
              REPLAY_TRANSCRIPT: join(TRANSCRIPTS, file),
              REPLAY_REPORT: this.reportPath,
              REPLAY_SKIP_OUT_METHODS: (options.skip ?? []).join(','),
              // Short enough that a missing message shows up as a mismatch in the report before the test times out.
              REPLAY_TIMEOUT_MS: '5000',
            },
          },
        ],
        mcpServers: recordedMcpServers(file),
        urlMode: 'app-window',
      },
      builtinAgents: {},
      defaultCwd: '/tmp',
      batchIntervalMs: 1,
      initializeTimeoutMs: 5000,
      urlOpener: this.opener,
    });
    this.hub.start();
  }

  /** The report as the replay agent last wrote it. */
  report(): ReplayReport | undefined {
    try {
      return JSON.parse(readFileSync(this.reportPath, 'utf8')) as ReplayReport;
    } catch {
      return undefined;
    }
  }

  /** Waits until the replay agent reached the end of the recording. */
  finished(): Promise<ReplayReport> {
    return eventually(() => {
      const report = this.report();
      return report?.finished ? report : undefined;
    }, 15_000);
  }

  /** Waits until the agent is ready (its `initialize` is answered). */
  async ready(): Promise<void> {
    await eventually(() => (agentView(this.hub, AGENT_ID).status.kind === 'ready' ? true : undefined));
  }

  /** Waits for a queue item in `state` (default: pending). */
  item(state: QueueItemView['state'] = 'pending'): Promise<QueueItemView> {
    return eventually(() => this.hub.snapshot().queue.find((i) => i.state === state));
  }

  session(): SessionView {
    return this.hub.snapshot().sessions[0];
  }

  /** Stops the hub (which closes the agent's stdin) and returns the final report. */
  close(): Promise<ReplayReport> {
    this.closed ??= (async () => {
      await this.hub.stop();
      const report = await eventually(() => {
        const r = this.report();
        return r?.stdinEnded ? r : undefined;
      });
      rmSync(this.dir, { recursive: true, force: true });
      rmSync(this.cwd, { recursive: true, force: true });
      return report;
    })();
    return this.closed;
  }
}

let replay: Replay | undefined;

/** Closes the replay the last `start` began, if any; for an afterEach hook. */
export async function closeReplay(): Promise<void> {
  await replay?.close();
  replay = undefined;
}

/** Starts replaying `file`; `closeReplay` ends it. */
export function start(file: string, options?: ReplayOptions): Replay {
  replay = new Replay(file, options);
  return replay;
}

/** Every response Switchboard sent to the agent's request `id`. */
export function responsesTo(report: ReplayReport, id: unknown): WireMessage[] {
  return report.received.filter((m) => m.method === undefined && m.id === id);
}

/** Plays the user up to a running prompt on a v2 agent: a new session in the recorded folder, then the recorded prompt. */
export async function newSessionAndPrompt(r: Replay): Promise<void> {
  await r.ready();
  // E-VER-2: these agents answered protocolVersion 2, and Switchboard speaks v2 with them.
  expect(agentView(r.hub, AGENT_ID).protocolVersion).toBe(2);
  const sessionNew = recordedRequest(r.file, 'session/new');
  const { sessionKey } = (await r.hub.invoke('newSession', { agentId: AGENT_ID, cwd: r.cwd })) as { sessionKey: string };
  // The session carries the id the agent chose.
  expect(r.session()).toMatchObject({ sessionKey, sessionId: recordedResponseTo(r.file, sessionNew).result.sessionId });
  // The configured MCP server went out exactly as the recording client sent it (v2 shape, stdio
  // advertised by both agents), and the agent's config options and commands from the result are shown.
  const sent = await eventually(() => r.report()?.received.find((m) => m.method === 'session/new'));
  expect(sent.params.mcpServers).toEqual(sessionNew.params.mcpServers);
  const recordedResult = recordedResponseTo(r.file, sessionNew).result;
  expect(r.session().configOptions?.map((o) => [o.configId, o.type, o.currentValue])).toEqual(
    recordedResult.configOptions.map((o: Record<string, unknown>) => [o.configId, o.type, o.currentValue]),
  );
  expect(r.session().suggestions.length).toBe(recordedResult.availableCommands.length);
  const text = recordedRequest(r.file, 'session/prompt').params.prompt[0].text as string;
  await r.hub.invoke('prompt', { sessionKey, text });
}

/** The text of the agent's message entries (not its tool calls, notices or other updates). */
export function agentMessages(session: SessionView): string {
  return session.transcript
    .filter((e) => e.role === 'agent' && (e.kind ?? 'message') === 'message')
    .map((e) => e.text)
    .join('');
}

/**
 * Every session/update kind the recording holds is one Switchboard understands: nothing fell through to the
 * generic "other" display.
 */
export function expectOnlyKnownUpdates(session: SessionView): void {
  expect(session.transcript.filter((e) => e.kind === 'other')).toEqual([]);
}

/** Waits until the v2 turn ended (the agent's `state_update` to idle). */
export function turnEnded(r: Replay): Promise<SessionView> {
  return eventually(() => {
    const session = r.session();
    return !session.promptInFlight && session.lastStopReason ? session : undefined;
  });
}
