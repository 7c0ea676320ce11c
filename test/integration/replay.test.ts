/**
 * Replays of real agents (test/fixtures/transcripts/): the replay agent (test/fixtures/replay-agent.mjs) plays
 * the recorded agent side against the real core, and each test plays the user through `hub.invoke` exactly as a
 * person would, so Switchboard produces the client messages of the recording. Then it checks what the user and
 * the agent would observe. Spec rule ids refer to the elicitation contract (E-…).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { McpServerConfig } from '../../electron/core/config/config';
import type { FormItemView, QueueItemView, UrlItemView } from '../../shared/views/requests';
import type { SessionView } from '../../shared/views/sessions';
import { describeForm } from '../../shared/form-schema/describe';
import type { FormValues } from '../../shared/form-schema/types';
import { RecordingUrlOpener } from '../../electron/harness/recording-url-opener';
import { agentView, eventually } from './hub-fixture';
import type { WireMessage } from './puppet';

const TRANSCRIPTS = resolve('test/fixtures/transcripts');
const REPLAY_AGENT = resolve('test/fixtures/replay-agent.mjs');
const AGENT_ID = 'replayed';

const CLAUDE_FORM = 'claude-agent-acp-0.101.0.v2.mcp-elicitation-form.jsonl';
const CLAUDE_URL = 'claude-agent-acp-0.101.0.v2.mcp-elicitation-url.jsonl';
const CLAUDE_CANCEL = 'claude-agent-acp-0.101.0.v2.mcp-elicitation-cancel.jsonl';
const CLAUDE_V1 = 'claude-agent-acp-0.101.0.node20.v1.init-session-nocreds.jsonl';
const CODEX_FORM = 'codex-acp-2.6.0.v2.mcp-elicitation-form.jsonl';
const CODEX_URL = 'codex-acp-2.6.0.v2.mcp-elicitation-url.jsonl';
const CODEX_CANCEL = 'codex-acp-2.6.0.v2.mcp-elicitation-cancel.jsonl';
const CODEX_DEVICE_CODE = 'codex-acp-2.6.0.v2.device-code-login-fake-issuer.jsonl';
const GEMINI_V1 = 'gemini-cli-0.61.0.acp-flag.fake-key.v1.init-session.jsonl';

/**
 * The codex recordings sign in first through a custom model gateway (`auth/login` with a `_meta.gateway`
 * payload). Switchboard has no such control, and nothing later depends on it, so that request is skipped.
 */
const CODEX_SKIP = ['auth/login'];

// ── the recording ─────────────────────────────────────────────────────────────────────────────────────

interface Recorded {
  dir: 'in' | 'out';
  msg: WireMessage;
}

/** The wire messages of a transcript, in order (`in` = agent → client, `out` = client → agent). */
function recording(file: string): Recorded[] {
  return readFileSync(join(TRANSCRIPTS, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { dir: string; msg: WireMessage })
    .filter((line): line is Recorded => line.dir === 'in' || line.dir === 'out');
}

/** The first recorded client request with `method`. */
function recordedRequest(file: string, method: string): WireMessage {
  const found = recording(file).find((r) => r.dir === 'out' && r.msg.method === method && r.msg.id !== undefined);
  if (!found) throw new Error(`${file} has no ${method} request`);
  return found.msg;
}

/** The first recorded agent request with `method`, and the client's recorded answer to it (if any). */
function recordedAgentRequest(file: string, method: string): { request: WireMessage; response?: WireMessage } {
  const lines = recording(file);
  const request = lines.find((r) => r.dir === 'in' && r.msg.method === method && r.msg.id !== undefined)?.msg;
  if (!request) throw new Error(`${file} has no ${method} request from the agent`);
  const response = lines.find((r) => r.dir === 'out' && r.msg.method === undefined && r.msg.id === request.id)?.msg;
  return { request, response };
}

/** The agent's recorded response to the client request `request`. */
function recordedResponseTo(file: string, request: WireMessage): WireMessage {
  const found = recording(file).find((r) => r.dir === 'in' && r.msg.method === undefined && r.msg.id === request.id);
  if (!found) throw new Error(`${file} has no response to ${request.method}`);
  return found.msg;
}

/** Everything the agent said in `agent_message_chunk`s, joined. */
function recordedAgentText(file: string): string {
  return recording(file)
    .filter((r) => r.dir === 'in' && r.msg.method === 'session/update' && r.msg.params.update.sessionUpdate === 'agent_message_chunk')
    .map((r) => r.msg.params.update.content.text as string)
    .join('');
}

/**
 * The recorded form `content` in the form's own representation (shared/form-schema/types.ts FormValues): text and
 * selects as strings, numbers as their digits, booleans as booleans, multi-selects as string[].
 */
function asFormValues(content: Record<string, unknown>, schema: Record<string, unknown>): FormValues {
  const properties = schema.properties as Record<string, { type?: string }>;
  return Object.fromEntries(
    Object.entries(content).map(([name, value]) => {
      const type = properties[name]?.type;
      return [name, type === 'number' || type === 'integer' ? String(value) : value];
    }),
  );
}

/** A copy of a schema without the legacy `enumNames` keyword. */
function withoutEnumNames(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([name, { enumNames: _enumNames, ...rest }]) => [name, rest]),
  );
  return { ...schema, properties };
}

// ── the rig ───────────────────────────────────────────────────────────────────────────────────────────

/** What the replay agent writes to REPLAY_REPORT (see test/fixtures/replay-agent.mjs). */
interface ReplayReport {
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

interface ReplayOptions {
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

class Replay {
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
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

function start(file: string, options?: ReplayOptions): Replay {
  replay = new Replay(file, options);
  return replay;
}

/** Every response Switchboard sent to the agent's request `id`. */
function responsesTo(report: ReplayReport, id: unknown): WireMessage[] {
  return report.received.filter((m) => m.method === undefined && m.id === id);
}

/** Plays the user up to a running prompt on a v2 agent: a new session in the recorded folder, then the recorded prompt. */
async function newSessionAndPrompt(r: Replay): Promise<void> {
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
function agentMessages(session: SessionView): string {
  return session.transcript
    .filter((e) => e.role === 'agent' && (e.kind ?? 'message') === 'message')
    .map((e) => e.text)
    .join('');
}

/**
 * Every session/update kind the recording holds is one Switchboard understands: nothing fell through to the
 * generic "other" display.
 */
function expectOnlyKnownUpdates(session: SessionView): void {
  expect(session.transcript.filter((e) => e.kind === 'other')).toEqual([]);
}

/** Waits until the v2 turn ended (the agent's `state_update` to idle). */
function turnEnded(r: Replay): Promise<SessionView> {
  return eventually(() => {
    const session = r.session();
    return !session.promptInFlight && session.lastStopReason ? session : undefined;
  });
}

// ── the replays ───────────────────────────────────────────────────────────────────────────────────────

describe.each([
  // claude-agent-acp reports requires_action while its form waits; codex-acp does not, and stays running.
  { agent: 'claude-agent-acp 0.101.0', file: CLAUDE_FORM, skip: [] as string[], whilePending: 'requires_action' },
  { agent: 'codex-acp 2.6.0', file: CODEX_FORM, skip: CODEX_SKIP, whilePending: 'running' },
])('a form elicitation from $agent', ({ file, skip, whilePending }) => {
  it('is answered with what the user filled in, and the turn ends as recorded', async () => {
    const r = start(file, { skip });
    await newSessionAndPrompt(r);

    const { request, response } = recordedAgentRequest(file, 'elicitation/create');
    const item = (await r.item()) as FormItemView;
    expect(item).toMatchObject({ mode: 'form', message: request.params.message });
    // The form is described from the schema as sent, except claude's legacy `enumNames` (see the todo after this block).
    expect(item.form).toEqual(describeForm(withoutEnumNames(request.params.requestedSchema)));
    // Forwarded MCP elicitations carry no toolCallId: the item belongs to the session alone (E-REQ-2).
    expect(item.scope).toMatchObject({ kind: 'session', sessionId: request.params.sessionId });
    expect((item.scope as { toolCallId?: string }).toolCallId).toBeUndefined();
    // E-STATE-1, E-STATE-2 (v2): the state shows as the agent reports it; the form itself changes nothing.
    await eventually(() => (r.session().foreground.state === whilePending ? true : undefined));
    expect(r.session().foreground).toEqual({ state: whilePending, derived: false });

    const recordedContent = response!.result.content as Record<string, unknown>;
    await r.hub.invoke('answerElicitation', {
      itemId: item.itemId,
      agentId: AGENT_ID,
      action: 'accept',
      values: asFormValues(recordedContent, request.params.requestedSchema),
    });
    const report = await r.finished();

    // E-RES-1, E-RES-2: exactly one answer, accept with content. E-FORM-8: optional fields left empty are
    // omitted. E-FORM-7: an untouched checkbox is sent as `false` — the recording client left the schema's
    // boolean out, so Switchboard's content is the recorded one plus `false` for each boolean not in it.
    const booleans = Object.entries(request.params.requestedSchema.properties as Record<string, { type?: string }>)
      .filter(([name, property]) => property.type === 'boolean' && !(name in recordedContent))
      .map(([name]) => [name, false]);
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([
      { action: 'accept', content: { ...recordedContent, ...Object.fromEntries(booleans) } },
    ]);
    // The answered item leaves the queue; the agent's idle state_update ends the turn.
    expect(r.hub.snapshot().queue).toEqual([]);
    const session = await turnEnded(r);
    expect(session.lastStopReason).toBe('end_turn');
    expect(agentMessages(session)).toBe(recordedAgentText(file));
    expectOnlyKnownUpdates(session);
    expect(report.skipped.map((m) => m.method)).toEqual(skip);
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});

describe('a legacy titled select from claude-agent-acp 0.101.0', () => {
  // Gap: claude-agent-acp's `legacyTitledEnum` carries MCP's deprecated `enumNames` (option titles "Cats",
  // "Dogs"…; codex-acp turns the same field into `oneOf`). `enumNames` is not in ACP's schema, and the v2 SDK's
  // parsing of elicitation/create drops it before the core sees the request, so that select shows its raw
  // values "pet-1"…"pet-5". The answer is still right (values go on the wire, E-FORM-7); only the labels are lost.
  it.todo('shows the option titles of a legacy enumNames select instead of its raw values');
});

describe.each([
  { agent: 'claude-agent-acp 0.101.0', file: CLAUDE_CANCEL, skip: [] as string[] },
  { agent: 'codex-acp 2.6.0', file: CODEX_CANCEL, skip: CODEX_SKIP },
])('Stop while a form from $agent is pending', ({ file, skip }) => {
  it('sends session/cancel only; the agent withdraws the form with $/cancel_request, which is answered -32800 once', async () => {
    const r = start(file, { skip });
    await newSessionAndPrompt(r);
    const { request } = recordedAgentRequest(file, 'elicitation/create');
    const item = await r.item();
    await r.hub.invoke('cancelPrompt', { sessionKey: r.session().sessionKey });

    // E-CXL-1: the agent's $/cancel_request withdraws the item; it stays visible with its state, which says the
    // user's Stop ended it ("You stopped the turn"), not the agent of its own accord.
    const withdrawn = await r.item('stopped');
    expect(withdrawn.itemId).toBe(item.itemId);
    const report = await r.finished();
    const session = await turnEnded(r);
    expect(session.foreground).toEqual({ state: 'idle', derived: false, stopReason: 'cancelled' });
    expectOnlyKnownUpdates(session);
    // E-CXL-5: the idle/cancelled state_update after it changes nothing more in the queue.
    expect(r.hub.snapshot().queue).toEqual([expect.objectContaining({ itemId: item.itemId, state: 'stopped' })]);

    // E-CXL-3: Stop did not answer the elicitation; the one response to it is E-CXL-1's -32800. The agents
    // do not wait for that reply, so the recording has none: it is the only message the recording lacks.
    const final = await r.close();
    expect(responsesTo(final, request.id)).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: -32800 }) })]);
    expect(final.unexpected).toEqual(responsesTo(final, request.id));
    expect(report.mismatches).toEqual([]);
  });
});

describe('a URL elicitation from codex-acp 2.6.0', () => {
  it('opens nothing before consent, exactly the recorded URL after Open, and shows completed after elicitation/complete', async () => {
    const r = start(CODEX_URL, { skip: CODEX_SKIP });
    await newSessionAndPrompt(r);
    const { request, response } = recordedAgentRequest(CODEX_URL, 'elicitation/create');
    const item = (await r.item()) as UrlItemView;
    expect(item).toMatchObject({ mode: 'url', url: request.params.url, message: request.params.message, scope: { kind: 'session' } });
    // E-URL-2: nothing is opened, and nothing answered, before the user consents.
    await new Promise((done) => setTimeout(done, 50));
    expect(r.opener.opened).toEqual([]);
    expect(responsesTo(r.report()!, request.id)).toEqual([]);

    await r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: AGENT_ID, action: 'accept' });
    // E-URL-5: exactly the recorded URL opens, once, in the sealed app window (the configured default).
    expect(r.opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: request.params.url, mode: 'app-window' })]);
    const report = await r.finished();
    // E-URL-6, E-RES-2: accept is consent only, with no content — as recorded.
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([response!.result]);
    // E-URL-8: the agent's elicitation/complete marks the item completed and closes its window.
    const completed = (await r.item('completed')) as UrlItemView;
    expect(completed).toMatchObject({ itemId: item.itemId, windowOpen: false });
    expect(r.opener.closed).toEqual([item.itemId]);
    const session = await turnEnded(r);
    expect(session.lastStopReason).toBe('end_turn');
    expect(agentMessages(session)).toBe(recordedAgentText(CODEX_URL));
    expectOnlyKnownUpdates(session);
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});

describe('a URL elicitation from claude-agent-acp 0.101.0', () => {

  it('opens nothing before consent and exactly the recorded URL after Open; without elicitation/complete the page stays open', async () => {
    const r = start(CLAUDE_URL);
    await newSessionAndPrompt(r);
    // Before the MCP tool runs, claude-agent-acp asks permission; the user picks the recorded option.
    const permission = recordedAgentRequest(CLAUDE_URL, 'session/request_permission');
    const asked = await r.item();
    const { params } = permission.request;
    // The v2 request names its tool call as subject.toolCall; the card names it too (E-REQ-7).
    expect(asked).toMatchObject({
      mode: 'permission',
      title: params.title,
      scope: { kind: 'session', sessionId: params.sessionId, toolCallId: params.subject.toolCall.toolCallId },
    });
    expect(asked.mode === 'permission' && asked.options.map((o) => o.optionId)).toEqual(params.options.map((o: { optionId: string }) => o.optionId));
    const optionId = permission.response!.result.outcome.optionId as string;
    await r.hub.invoke('answerPermission', { itemId: asked.itemId, agentId: AGENT_ID, optionId });

    const { request, response } = recordedAgentRequest(CLAUDE_URL, 'elicitation/create');
    const item = (await eventually(() => r.hub.snapshot().queue.find((i) => i.mode === 'url'))) as UrlItemView;
    expect(item).toMatchObject({ mode: 'url', state: 'pending', url: request.params.url, message: request.params.message });
    // Forwarded MCP elicitations carry no toolCallId (E-REQ-2).
    expect(item.scope).toMatchObject({ kind: 'session', sessionId: request.params.sessionId });
    expect((item.scope as { toolCallId?: string }).toolCallId).toBeUndefined();
    // E-URL-2: nothing opened before consent.
    await new Promise((done) => setTimeout(done, 50));
    expect(r.opener.opened).toEqual([]);

    await r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: AGENT_ID, action: 'accept' });
    // E-URL-5, E-URL-6: the recorded URL, once; accept without content, as recorded.
    expect(r.opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: request.params.url })]);
    const report = await r.finished();
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([response!.result]);
    // This agent sends no elicitation/complete: the item stays consented with Reopen/Cancel (E-URL-6).
    const session = await turnEnded(r);
    expect(session.lastStopReason).toBe('end_turn');
    expect(r.hub.snapshot().queue).toEqual([expect.objectContaining({ itemId: item.itemId, state: 'consented', windowOpen: true })]);
    expect(agentMessages(session)).toBe(recordedAgentText(CLAUDE_URL));
    expectOnlyKnownUpdates(session);

    expect(responsesTo(report, permission.request.id).map((m) => m.result)).toEqual([permission.response!.result]);
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});

describe('signing in to codex-acp 2.6.0 with a device code', () => {
  it('sends auth/login with the chosen method and shows its request-scoped URL "while signing in"', async () => {
    const r = start(CODEX_DEVICE_CODE);
    await r.ready();
    expect(agentView(r.hub, AGENT_ID).protocolVersion).toBe(2);
    const login = recordedRequest(CODEX_DEVICE_CODE, 'auth/login');
    // The user picks the method; the core sends `auth/login` (v2). The recording ends before the agent answers
    // it, so this stays pending until the hub stops.
    const signIn = r.hub.invoke('authenticate', { agentId: AGENT_ID, methodId: login.params.methodId }).catch(() => 'ended');
    const { request, response } = recordedAgentRequest(CODEX_DEVICE_CODE, 'elicitation/create');
    const item = (await r.item()) as UrlItemView;
    // E-REQ-3: request-scoped, in the agent's own queue, labelled with the pending sign-in.
    expect(item).toMatchObject({ mode: 'url', url: request.params.url, message: request.params.message, scope: { kind: 'request', label: 'while signing in' } });
    expect(agentView(r.hub, AGENT_ID).signingIn).toEqual({ methodId: login.params.methodId });
    expect(r.opener.opened).toEqual([]); // E-URL-2

    await r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: AGENT_ID, action: 'accept' });
    expect(r.opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: request.params.url })]); // E-URL-5
    const report = await r.finished();
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([response!.result]); // E-URL-6
    expect(report.received.find((m) => m.method === 'auth/login')?.params).toEqual({ methodId: login.params.methodId });
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
    await r.close();
    expect(await signIn).toBe('ended');
  });
});

describe('v1-only agents', () => {

  it('gemini-cli 0.61.0 answers the v2 offer with protocolVersion 1: ready on v1, signs in with its API key, opens a session', async () => {
    const r = start(GEMINI_V1);
    await r.ready();
    // E-VER-1, E-VER-2: Switchboard offered v2; the agent answered 1, and the connection speaks v1.
    const initialize = r.report()!.received.find((m) => m.method === 'initialize')!;
    expect(initialize.params.protocolVersion).toBe(2);
    expect(agentView(r.hub, AGENT_ID)).toMatchObject({ protocolVersion: 1, status: { kind: 'ready' }, agentInfo: { name: 'gemini-cli', version: '0.61.0' } });
    // v1 auth methods name themselves with `id`; the user sees them all.
    const methods = recordedResponseTo(GEMINI_V1, recordedRequest(GEMINI_V1, 'initialize')).result.authMethods as Array<{ id: string }>;
    expect(agentView(r.hub, AGENT_ID).authMethods.map((m) => m.methodId)).toEqual(methods.map((m) => m.id));

    const login = recordedRequest(GEMINI_V1, 'authenticate');
    await r.hub.invoke('authenticate', { agentId: AGENT_ID, methodId: login.params.methodId });
    const sessionNew = recordedRequest(GEMINI_V1, 'session/new');
    await r.hub.invoke('newSession', { agentId: AGENT_ID, cwd: r.cwd });
    expect(r.session().sessionId).toBe(recordedResponseTo(GEMINI_V1, sessionNew).result.sessionId);
    const report = await r.finished();
    // gemini-cli announces its commands 2 ms after answering session/new; they must not be lost.
    await eventually(() => (r.session().suggestions.length > 0 ? true : undefined));
    // E-STATE-1 (v1): nothing is reported, so the state is derived, and honest: idle.
    expect(r.session().foreground).toEqual({ state: 'idle', derived: true });
    expect(report.received.find((m) => m.method === 'authenticate')?.params).toEqual({ methodId: login.params.methodId });
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });

  it('claude-agent-acp 0.101.0 on v1 is ready with protocolVersion 1 and opens a session', async () => {
    const r = start(CLAUDE_V1);
    await r.ready();
    expect(agentView(r.hub, AGENT_ID)).toMatchObject({ protocolVersion: 1, agentInfo: { name: '@agentclientprotocol/claude-agent-acp', version: '0.101.0' } });
    const sessionNew = recordedRequest(CLAUDE_V1, 'session/new');
    await r.hub.invoke('newSession', { agentId: AGENT_ID, cwd: r.cwd });
    expect(r.session().sessionId).toBe(recordedResponseTo(CLAUDE_V1, sessionNew).result.sessionId);
    expect(r.session().foreground).toEqual({ state: 'idle', derived: true }); // E-STATE-1 (v1)
    // V1 modes and config options (keyed `id` in v1) as the agent sent them; this recording's
    // client did not opt in to boolean options, so claude sent "Fast mode" as an on/off select.
    const result = recordedResponseTo(CLAUDE_V1, sessionNew).result;
    expect(r.session().modes).toEqual({
      currentModeId: result.modes.currentModeId,
      available: result.modes.availableModes.map((m: { id: string; name: string; description: string }) => ({ id: m.id, name: m.name, description: m.description })),
    });
    expect(r.session().configOptions?.map((o) => [o.configId, o.type, o.currentValue])).toEqual([
      ['mode', 'select', 'auto'],
      ['model', 'select', 'default'],
      ['effort', 'select', 'default'],
      ['fast', 'select', 'off'],
      ['ultracode', 'select', 'off'],
    ]);
    const report = await r.finished();
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});
