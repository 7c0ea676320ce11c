/**
 * One ACP connection to one agent process, on the protocol version the agent answered (spec E-VER).
 *
 * Version differences stay in this folder: callers get one shape for both versions (sessions, prompts,
 * cancel, elicitation callbacks). Built on the official SDK: `ndJsonStream` frames the messages, the
 * version's `client()` dispatches them; we only add the handshake (handshake.ts).
 */
import {
  client as clientV1,
  methods as methodsV1,
  ndJsonStream,
  type AnyMessage,
  type JsonRpcId,
  type InitializeRequest,
  type SendRequestOptions,
} from '@agentclientprotocol/sdk';
import { client as clientV2, methods as methodsV2, type McpServer as McpServerV2 } from '@agentclientprotocol/sdk/experimental/v2';
import type { ContentBlock, McpServer } from '@agentclientprotocol/sdk';
import type { AgentCapabilitiesView, AgentInfoView } from '../../../shared/views/agents';
import type { CommandView, ConfigOptionView, SessionModeView } from '../../../shared/views/sessions';
import { INITIALIZE_TIMEOUT_MS, MAX_LINE_BYTES } from '../budgets';
import { agentCapabilities } from './capabilities';
import { depthScreen } from './depth-guard';
import { negotiateVersion, type MessageScreen, type Negotiated, type ProtocolVersion } from './handshake';
import { requestIdScreen } from './request-ids';
import { commands, configOptions, MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS, oneLineLabel, sessionModes } from './session-setup';
import { cutText, cutTextCounted } from '../../../shared/cut-text';
import { MAX_TITLE_CHARS, normalizeSessionUpdate, type NormalizedUpdate } from './session-updates';
import { parseV1ElicitationParams } from './v1-elicitation-params';
import { checkV2SessionUpdate } from './v2-session-update';
import { REQUEST_LABELS } from './request-labels';
import { commandText, permissionTargets } from './permission-targets';
import { MAX_SIGN_IN_COMMAND_CHARS } from './terminal-sign-in';

/** Sign-in methods kept from `initialize`: agents offer one to three; each is a menu item and is in every agent event. */
export const MAX_AUTH_METHODS = 20;

/** One sign-in method the agent offers. `terminal` when the user signs in by running a command. */
export interface AuthMethodInfo {
  methodId: string;
  name: string;
  description?: string;
  /**
   * The method's own arguments and environment. `tooLong` (lists empty) when together they are longer than the
   * longest command Switchboard shows, so main refuses the method without ever holding them (see {@link terminalOf}).
   */
  terminal?: { args: string[]; env: Record<string, string>; tooLong?: true };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * A terminal method's arguments and environment as they cross to main: whole while their words, one separator
 * each, add up to at most MAX_SIGN_IN_COMMAND_CHARS (the longest command line shown), else none of them and
 * `tooLong`, which main refuses with the same sentence as a long command (terminal-sign-in.ts). Never cut: a cut
 * command would run something else. The agent chooses these lists' length, up to a whole `initialize` result.
 */
function terminalOf(method: Record<string, unknown>): NonNullable<AuthMethodInfo['terminal']> {
  const args = stringList(method.args);
  const env = envOf(method.env);
  let chars = 0;
  for (const word of args) chars += word.length + 1;
  for (const [name, value] of Object.entries(env)) chars += name.length + value.length + 2;
  return chars > MAX_SIGN_IN_COMMAND_CHARS ? { args: [], env: {}, tooLong: true } : { args, env };
}

function envOf(value: unknown): Record<string, string> {
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.filter((e): e is { name: string; value: string } => typeof e?.name === 'string' && typeof e?.value === 'string').map((e) => [e.name, e.value]),
    );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return {};
}

/** A permission request in one shape for both versions. */
export interface PermissionRequest {
  sessionId: string;
  toolCallId?: string;
  /** What the agent wants to do (v1: the tool call's title; v2: the request's title). */
  title: string;
  description?: string;
  /** v2 `subject.command`, else the tool call's `rawInput` command: what the agent wants to run. */
  command?: string;
  /** The tool call's ACP `kind` (delete, move, execute…), when the request says. */
  toolKind?: string;
  /** Paths the tool call names (`locations`, then `rawInput`), bounded (permission-targets.ts). */
  paths: string[];
  options: Array<{ optionId: string; name: string; kind: string }>;
}

/** What `session/new` (and load/resume) told us about the session's setup, normalised and bounded. */
export interface SessionSetup {
  /** v1 session modes, when the agent offers them. */
  modes?: { currentModeId: string; available: SessionModeView[] };
  configOptions: ConfigOptionView[];
  /** v2 sends the first command list in the result; v1 only in `available_commands_update`. */
  commands?: CommandView[];
}

/**
 * Which session lifecycle methods the agent advertised at `initialize` (issue 10). v1: `loadSession` and
 * `sessionCapabilities.{list,resume,close,delete}`; v2: `session/list`, `session/resume` (with
 * `replayFrom`, replacing `load`) and `session/close` are part of the protocol, `session/delete` is behind
 * `capabilities.session.delete`.
 */
export interface SessionLifecycle {
  list: boolean;
  load: boolean;
  resume: boolean;
  close: boolean;
  delete: boolean;
}

/** One session from the agent's `session/list`, checked and bounded. */
export interface ListedSession {
  sessionId: string;
  cwd: string;
  title?: string;
  /** ms since the epoch, when the agent said. */
  updatedAt?: number;
}

/** Sessions kept from one `session/list` page; an agent could send any number. */
export const MAX_LISTED_SESSIONS = 500;
/** Characters kept of a listed session's id, folder and title, and of the cursor. */
const MAX_LISTED_FIELD_CHARS = 4096;
/** Characters kept of a listed session's title. */
const MAX_LISTED_TITLE_CHARS = 500;

/** Elicitation modes a connection can advertise (spec E-CAP-1). */
export type ElicitationMode = 'form' | 'url';

/**
 * What the connection reports to its owner. Params are the SDK-parsed message params.
 *
 * Each callback crosses from the connection's worker to main (acp/worker/): arguments and results are
 * plain structured-cloneable data (an `AbortSignal` as a direct argument or a direct property of one is
 * carried across too). A new callback needs one line in acp/worker/surface.ts.
 */
export interface ConnectionCallbacks {
  /**
   * `elicitation/create`; resolve with the response, or reject (a RequestError becomes the JSON-RPC error).
   * `requestLabel` names our own pending request a request-scoped elicitation belongs to (spec E-REQ-3).
   */
  onElicitation(request: { jsonRpcId: JsonRpcId; params: Record<string, unknown>; signal: AbortSignal; requestLabel?: string }): Promise<unknown>;
  /** `elicitation/complete` (URL mode). */
  onElicitationComplete(params: { elicitationId: string }): void;
  /** `session/update` of either version, normalised (session-updates.ts) where the agent's data is parsed. */
  onSessionUpdate(sessionId: string, update: NormalizedUpdate): void;
  /** `session/request_permission`, normalised; resolve with the chosen option id, or undefined for "cancelled". */
  onPermission(request: { jsonRpcId: JsonRpcId; permission: PermissionRequest; signal: AbortSignal }): Promise<string | undefined>;
  /** v1 `fs/read_text_file` / `fs/write_text_file`; resolve with the result or reject with a RequestError. */
  onReadTextFile(params: { sessionId: string; path: string; line?: number | null; limit?: number | null }): Promise<{ content: string }>;
  onWriteTextFile(params: { sessionId: string; path: string; content: string }): Promise<void>;
  /** Every `$/cancel_request` the agent sends, whatever the SDK does with it. */
  onCancelRequest(requestId: JsonRpcId): void;
  /** The agent answered one of our requests (`ok` false for an error response). */
  onRequestEnded(requestId: JsonRpcId, ok: boolean): void;
}

export interface ConnectOptions {
  /** The agent's stdin and stdout. */
  stdin: WritableStream<Uint8Array>;
  stdout: ReadableStream<Uint8Array>;
  /** Modes to advertise; must be only what the app can honour now (spec E-CAP-2). */
  modes: ElicitationMode[];
  clientInfo: { name: string; title: string; version: string };
  callbacks: ConnectionCallbacks;
  /** How long to wait for `initialize`, in ms (default INITIALIZE_TIMEOUT_MS). */
  initializeTimeoutMs?: number;
  /** Rejects when something besides the messages shows the agent will not answer `initialize` (see negotiateVersion). */
  givenUp?: Promise<never>;
  /** Diagnostic log (method names and counts only, never params). */
  log?: (line: string) => void;
}

function labelFor(outgoing: ReadonlyMap<JsonRpcId, string>, requestId: unknown): string | undefined {
  if (requestId === undefined || requestId === null) return undefined;
  const method = outgoing.get(requestId as JsonRpcId);
  return method ? (REQUEST_LABELS[method] ?? `while ${method} is pending`) : undefined;
}

/** Our label for a request-scoped elicitation's `requestId`, when it names one of our pending requests. */
type LabelOf = (requestId: unknown) => string | undefined;

/** The surface both SDK client versions share for what we call. */
interface AgentSide {
  request(method: string, params: unknown, options?: SendRequestOptions): Promise<unknown>;
  notify(method: string, params: unknown): Promise<void>;
}

/** A live, initialized connection. Create with {@link connectAgent}. */
export class AgentConnection {
  constructor(
    readonly version: ProtocolVersion,
    /**
     * The agent's `initialize` result, read only here, in the connection's worker: it is as large as the agent
     * makes it (up to MAX_LINE_BYTES), so it never crosses to main; the getters below give main the bounded
     * parts it uses (a 3 MiB result of small objects once held main's event loop 0.6–1.6 s as it arrived).
     */
    private readonly initializeResult: Record<string, unknown>,
    readonly advertisedModes: ReadonlyArray<ElicitationMode>,
    private readonly agent: AgentSide,
    private readonly outgoing: Negotiated['outgoing'],
    /** Aborts when the connection closes. */
    readonly signal: AbortSignal,
    private readonly closeConnection: (error?: unknown) => void,
  ) {}

  /**
   * `agentInfo` (v1) or `info` (v2) from the `initialize` result (spec E-REQ-7), each field a one-line label of at
   * most MAX_LABEL_CHARS: the name is shown on every card and in the sidebar, so it must stay a label.
   */
  get agentInfo(): AgentInfoView | undefined {
    const info = (this.version === 2 ? this.initializeResult.info : this.initializeResult.agentInfo) as
      | Record<string, unknown>
      | null
      | undefined;
    if (!info || typeof info.name !== 'string') return undefined;
    return {
      name: oneLineLabel(info.name),
      title: typeof info.title === 'string' ? oneLineLabel(info.title) : undefined,
      version: typeof info.version === 'string' ? oneLineLabel(info.version) : undefined,
    };
  }

  /** What the agent takes: MCP transports and prompt content (see capabilities.ts). */
  get capabilities(): AgentCapabilitiesView {
    return agentCapabilities(this.version, this.initializeResult);
  }

  /**
   * `session/new` in `cwd` (absolute) with the MCP servers in this version's wire shape (see
   * `mcpServersFor`). Resolves with the agent's `sessionId` and the session's setup.
   */
  async newSession(cwd: string, mcpServers: ReadonlyArray<McpServer | McpServerV2> = []): Promise<{ sessionId: string } & SessionSetup> {
    const response = (await this.agent.request(methodsV1.agent.session.new, { cwd, mcpServers })) as Record<string, unknown>;
    return { sessionId: response.sessionId as string, ...setupOf(response) };
  }

  /**
   * v1 `session/set_mode`. v2 has no such method: its modes are a config option (category `mode`).
   * @throws the agent's error (a RequestError) when it refuses.
   */
  async setMode(sessionId: string, modeId: string): Promise<void> {
    if (this.version !== 1) throw new Error('This agent has no session modes to set (ACP v2 offers modes as a config option).');
    await this.agent.request(methodsV1.agent.session.setMode, { sessionId, modeId });
  }

  /**
   * `session/set_config_option`. A boolean value is sent as `{type: "boolean", value}`; a value id as
   * `{value}` in v1 and `{type: "id", value}` in v2. Resolves with the full option list the agent returns.
   * @throws the agent's error (a RequestError) when it refuses.
   */
  async setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<ConfigOptionView[]> {
    const typed = typeof value === 'boolean' ? { type: 'boolean', value } : this.version === 2 ? { type: 'id', value } : { value };
    const method = this.version === 2 ? methodsV2.agent.session.setConfigOption : methodsV1.agent.session.setConfigOption;
    const response = (await this.agent.request(method, { sessionId, configId, ...typed })) as Record<string, unknown> | null;
    return configOptions(response?.configOptions);
  }

  /**
   * `session/prompt` with the given content blocks (text first; see prompt-content.ts). In v1 the response
   * ends the turn and carries its `stopReason`; in v2 the response only acknowledges the prompt
   * (`messageId`) and the turn ends with a `state_update` to `idle`, so `stopReason` is undefined here.
   */
  async prompt(sessionId: string, prompt: ContentBlock[]): Promise<{ stopReason?: string }> {
    const response = (await this.agent.request('session/prompt', { sessionId, prompt })) as { stopReason?: string };
    return this.version === 1 ? { stopReason: response.stopReason } : {};
  }

  /** The session lifecycle methods this agent advertised (see {@link SessionLifecycle}). */
  get sessionLifecycle(): SessionLifecycle {
    const has = (value: unknown) => value !== undefined && value !== null && value !== false;
    if (this.version === 2) {
      const session = (this.initializeResult.capabilities as { session?: Record<string, unknown> | null } | undefined)?.session;
      return { list: true, load: false, resume: true, close: true, delete: has(session?.delete) };
    }
    const caps = (this.initializeResult.agentCapabilities ?? {}) as { loadSession?: unknown; sessionCapabilities?: Record<string, unknown> | null };
    const session = caps.sessionCapabilities ?? {};
    return { list: has(session.list), load: caps.loadSession === true, resume: has(session.resume), close: has(session.close), delete: has(session.delete) };
  }

  /**
   * One page of `session/list`: at most {@link MAX_LISTED_SESSIONS} sessions, each checked (entries
   * without a string `sessionId` and `cwd` are dropped), and the agent's `nextCursor`, passed back as it is.
   */
  async listSessions(cursor?: string): Promise<{ sessions: ListedSession[]; nextCursor?: string }> {
    const method = this.version === 2 ? methodsV2.agent.session.list : methodsV1.agent.session.list;
    const response = (await this.agent.request(method, cursor ? { cursor } : {})) as { sessions?: unknown; nextCursor?: unknown };
    const list = Array.isArray(response.sessions) ? response.sessions.slice(0, MAX_LISTED_SESSIONS) : [];
    const sessions = list.flatMap((item: Record<string, unknown>): ListedSession[] => {
      const sessionId = item?.sessionId;
      const cwd = item?.cwd;
      if (typeof sessionId !== 'string' || typeof cwd !== 'string' || !sessionId || sessionId.length > MAX_LISTED_FIELD_CHARS || cwd.length > MAX_LISTED_FIELD_CHARS) return [];
      const updatedAt = typeof item.updatedAt === 'string' ? Date.parse(item.updatedAt) : NaN;
      return [{
        sessionId,
        cwd,
        ...(typeof item.title === 'string' && item.title ? { title: item.title.slice(0, MAX_LISTED_TITLE_CHARS) } : {}),
        ...(Number.isFinite(updatedAt) ? { updatedAt } : {}),
      }];
    });
    const next = response.nextCursor;
    return { sessions, ...(typeof next === 'string' && next && next.length <= MAX_LISTED_FIELD_CHARS ? { nextCursor: next } : {}) };
  }

  /**
   * v1 `session/load`: the agent replays the conversation as `session/update`s before it answers. Resolves
   * once those updates have reached `onSessionUpdate` (see {@link afterUpdatesDelivered}).
   */
  async loadSession(sessionId: string, cwd: string, mcpServers: ReadonlyArray<McpServer | McpServerV2> = []): Promise<SessionSetup> {
    const response = (await this.agent.request(methodsV1.agent.session.load, { sessionId, cwd, mcpServers })) as Record<string, unknown> | null;
    await afterUpdatesDelivered();
    return setupOf(response);
  }

  /**
   * `session/resume`. v1 never replays; v2 replays from the start when `replay` is true (`replayFrom`)
   * and always sends a current-state snapshot before it answers. Resolves once the replay and snapshot
   * have reached `onSessionUpdate`, with the session's modes, config options and commands.
   */
  async resumeSession(sessionId: string, cwd: string, replay: boolean, mcpServers: ReadonlyArray<McpServer | McpServerV2> = []): Promise<SessionSetup> {
    let response: Record<string, unknown> | null;
    if (this.version === 2) {
      response = (await this.agent.request(methodsV2.agent.session.resume, { sessionId, cwd, mcpServers, ...(replay ? { replayFrom: { type: 'start' } } : {}) })) as Record<string, unknown> | null;
    } else {
      response = (await this.agent.request(methodsV1.agent.session.resume, { sessionId, cwd, mcpServers })) as Record<string, unknown> | null;
    }
    await afterUpdatesDelivered();
    return setupOf(response);
  }

  /** `session/close`: the agent may end the session's processes (MCP servers). */
  async closeSession(sessionId: string): Promise<void> {
    await this.agent.request(this.version === 2 ? methodsV2.agent.session.close : methodsV1.agent.session.close, { sessionId });
  }

  /** `session/delete`: the agent forgets the session. */
  async deleteSession(sessionId: string): Promise<void> {
    await this.agent.request(this.version === 2 ? methodsV2.agent.session.delete : methodsV1.agent.session.delete, { sessionId });
  }

  /** `session/cancel`: asks the agent to stop the session's prompt turn. Elicitations are untouched (E-CXL-3). */
  async cancel(sessionId: string): Promise<void> {
    await this.agent.notify('session/cancel', { sessionId });
  }

  /**
   * Sign-in methods from the `initialize` result, one shape for both versions (v1 `id`, v2 `methodId`).
   * A terminal method carries the extra arguments and environment its login command needs (v1: an env
   * object, v2: a list of `{name, value}`).
   */
  get authMethods(): AuthMethodInfo[] {
    const methods = Array.isArray(this.initializeResult.authMethods) ? this.initializeResult.authMethods.slice(0, MAX_AUTH_METHODS) : [];
    return methods.flatMap((m: Record<string, unknown>) => {
      const methodId = typeof m?.methodId === 'string' ? m.methodId : typeof m?.id === 'string' ? m.id : undefined;
      // An id is sent back as it is, so it is never cut: one longer than a label is left out (the bridge takes no more).
      if (!methodId || methodId.length > MAX_LABEL_CHARS) return [];
      const name = cutText(typeof m.name === 'string' ? m.name : methodId, MAX_LABEL_CHARS);
      const info: AuthMethodInfo = { methodId, name, ...(typeof m.description === 'string' ? { description: cutText(m.description, MAX_DESCRIPTION_CHARS) } : {}) };
      if (m.type === 'terminal') info.terminal = terminalOf(m);
      return [info];
    });
  }

  /**
   * Signs in with one of the agent's methods: `authenticate` in v1, `auth/login` in v2. Aborting `signal`
   * sends `$/cancel_request` and rejects at once (the user gave up).
   */
  async authenticate(methodId: string, signal: AbortSignal): Promise<void> {
    const method = this.version === 2 ? 'auth/login' : 'authenticate';
    await this.agent.request(method, { methodId }, { cancellationSignal: signal, stopWaitingOnCancel: true });
  }

  /** Label of one of our requests that is still pending, by its JSON-RPC id (spec E-REQ-3). */
  pendingRequestLabel(requestId: unknown): string | undefined {
    return labelFor(this.outgoing, requestId);
  }

  /** Closes the connection (rejects our pending requests, aborts the agent's). Stop the process first. */
  close(): void {
    this.closeConnection();
  }
}

/**
 * Connects to an agent over its stdio: negotiates the version, attaches the SDK client of that version,
 * registers our handlers, and completes the SDK's own `initialize` locally.
 * @throws HandshakeFailed (or BudgetExceeded) when the handshake fails (see {@link negotiateVersion}).
 */
export async function connectAgent(options: ConnectOptions): Promise<AgentConnection> {
  // The SDK frames lines up to our line budget. Run inline by the handshake's reading loop on every message, the
  // id check refuses a request whose id cannot be answered with the same value (request-ids.ts), and the depth
  // guard over-deep values, before anything else (the SDK's own validation included) walks them.
  const stream = ndJsonStream(options.stdin, options.stdout, { maxMessageBytes: MAX_LINE_BYTES });
  const depth = depthScreen(({ kind, method }) => options.log?.(`refused a ${kind}${method ? ` (${method})` : ''} nested too deeply`));
  const ids = requestIdScreen((method) => options.log?.(`refused a request (${method}) whose id cannot be answered with the same value`));
  const guard: MessageScreen = (message, write) => {
    const kept = ids(message, write);
    return kept === undefined ? undefined : depth(kept, write);
  };
  const initializeParams = buildInitializeParams(options.modes, options.clientInfo);
  const droppedProto = new DroppedProtoNotes();
  const negotiated = await negotiateVersion(stream, initializeParams, options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS, (message, version) => {
    // The v2 SDK's parser drops a `__proto__` property before any handler runs; the raw request is the only
    // place left to see it, so it is noted here and put back by the handler (DroppedProtoNotes).
    if (version === 2 && 'id' in message && 'method' in message && message.method === 'elicitation/create') {
      droppedProto.note(message.id as JsonRpcId, message.params);
    }
    if (!('method' in message)) {
      if ('id' in message) options.callbacks.onRequestEnded(message.id as JsonRpcId, !('error' in message));
      return false;
    }
    if ('id' in message) return false;
    if (message.method === '$/cancel_request') {
      const requestId = (message.params as { requestId?: JsonRpcId } | undefined)?.requestId;
      if (requestId !== undefined) options.callbacks.onCancelRequest(requestId);
      return false;
    }
    // v1 `session/update` is taken here, not by the SDK: the v1 SDK validates every update against a
    // closed list of kinds and drops any other, while ACP says to keep and show unknown kinds. The
    // envelope is checked here and each update field by session-updates.ts.
    if (version === 1 && message.method === 'session/update') {
      const envelope = sessionUpdateEnvelope(message.params);
      if (envelope) options.callbacks.onSessionUpdate(envelope.sessionId, normalizeSessionUpdate(envelope.update));
      return true;
    }
    // v2 `session/update`, the stream's hot path, is checked against the SDK's own published JSON Schema by a
    // validator ajv compiled from it (v2-session-update.ts) instead of the SDK's zod parse, which was a third of
    // v2 ingest CPU (issue 13). Invalid ones are dropped, as the SDK drops them (a notification has no reply).
    if (version === 2 && message.method === 'session/update') {
      const checked = checkV2SessionUpdate(message.params);
      if (checked.ok) options.callbacks.onSessionUpdate(checked.sessionId, normalizeSessionUpdate(checked.update));
      else options.log?.(`dropped a session/update that does not match the v2 schema (${checked.problem})`);
      return true;
    }
    return false;
  }, guard, options.givenUp);
  const labelOf = (requestId: unknown) => labelFor(negotiated.outgoing, requestId);
  const connection = negotiated.version === 2 ? attachV2(negotiated, options, labelOf, droppedProto) : attachV1(negotiated, options, labelOf);
  const agent = connection.agent as unknown as AgentSide;
  await agent.request('initialize', initializeParams);
  return new AgentConnection(
    negotiated.version,
    negotiated.reply,
    options.modes,
    agent,
    negotiated.outgoing,
    connection.signal,
    (error) => connection.close(error),
  );
}

/**
 * The one `initialize` we send, carrying both shapes (spec E-VER, E-CAP-1): v2 reads `info` and
 * `capabilities`, a v1 agent reads only `clientInfo` and `clientCapabilities`.
 */
export function buildInitializeParams(
  modes: ElicitationMode[],
  clientInfo: ConnectOptions['clientInfo'],
): Record<string, unknown> {
  const elicitation = Object.fromEntries(modes.map((mode) => [mode, {}]));
  const v1: InitializeRequest = {
    protocolVersion: 2,
    clientInfo,
    // Files: v1 only (v2 has no fs methods), restricted to the session's folder and logged in its transcript.
    // Boolean config options: v1 agents send them only to clients that opt in (v2 has them by default).
    clientCapabilities: {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: false,
      elicitation,
      auth: { terminal: true },
      session: { configOptions: { boolean: {} } },
    },
  };
  // Terminal sign-in: Switchboard shows the command to run; it does not run terminals itself.
  return { ...v1, info: clientInfo, capabilities: { elicitation, auth: { terminal: {} } } };
}

function attachV1(negotiated: Negotiated, { callbacks }: ConnectOptions, labelOf: LabelOf) {
  const app = clientV1({ name: 'switchboard' })
    .onRequest(methodsV1.client.elicitation.create, parseV1ElicitationParams, (cx) =>
      callbacks.onElicitation(elicitationRequest(cx.requestId, cx.params as Record<string, unknown>, cx.signal, labelOf)),
    )
    .onRequest(methodsV1.client.session.requestPermission, async (cx) => {
      const { toolCall } = cx.params;
      const targets = permissionTargets(toolCall);
      const permission: PermissionRequest = {
        sessionId: cx.params.sessionId,
        toolCallId: toolCall.toolCallId,
        title: cutText(toolCall.title ?? 'Run a tool', MAX_TITLE_CHARS),
        ...targets,
        options: permissionOptions(cx.params.options),
      };
      return permissionResponse(await callbacks.onPermission({ jsonRpcId: cx.requestId, permission, signal: cx.signal }));
    })
    .onRequest(methodsV1.client.fs.readTextFile, (cx) => callbacks.onReadTextFile(cx.params))
    .onRequest(methodsV1.client.fs.writeTextFile, async (cx) => {
      await callbacks.onWriteTextFile(cx.params);
      return {};
    })
    .onNotification(methodsV1.client.elicitation.complete, (cx) => callbacks.onElicitationComplete(cx.params));
  // session/update never reaches this app: connectAgent takes it from the stream (see there).
  return app.connect(negotiated.stream as { readable: ReadableStream<AnyMessage>; writable: WritableStream<AnyMessage> });
}

/**
 * `__proto__` properties of raw v2 `elicitation/create` requests, by JSON-RPC id, from the moment the line is read
 * until its handler runs (the same turn of the SDK's router). The v2 SDK's parser drops such a property; the
 * handler puts it back as an own property, so the broker sees the request as the agent sent it and refuses it
 * like any other reserved field name (shared/form-schema.ts `findReservedFieldNames`): a -32602 naming it, and
 * a refused card for the user. Bounded: notes whose handler never ran (the SDK refused the request) are dropped
 * oldest first.
 */
class DroppedProtoNotes {
  /** Requests noted at most; far above how many can sit between the raw tap and their handler. */
  static readonly MAX = 64;
  private readonly notes = new Map<JsonRpcId, unknown>();

  note(id: JsonRpcId, params: unknown): void {
    const properties = (params as { requestedSchema?: { properties?: unknown } } | null)?.requestedSchema?.properties;
    if (typeof properties !== 'object' || properties === null || !Object.prototype.hasOwnProperty.call(properties, '__proto__')) return;
    this.notes.set(id, (properties as Record<string, unknown>)['__proto__']);
    if (this.notes.size > DroppedProtoNotes.MAX) this.notes.delete(this.notes.keys().next().value!);
  }

  /** Puts request `id`'s dropped `__proto__` property back into its parsed `params`; forgets the note. */
  restore(id: JsonRpcId, params: Record<string, unknown>): void {
    if (!this.notes.has(id)) return;
    const value = this.notes.get(id);
    this.notes.delete(id);
    const schema = params.requestedSchema;
    if (typeof schema !== 'object' || schema === null) return;
    const holder = schema as { properties?: unknown };
    if (typeof holder.properties !== 'object' || holder.properties === null) holder.properties = {};
    Object.defineProperty(holder.properties, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  }
}

function attachV2(negotiated: Negotiated, { callbacks }: ConnectOptions, labelOf: LabelOf, droppedProto: DroppedProtoNotes) {
  const app = clientV2({ name: 'switchboard' })
    .onRequest(methodsV2.client.elicitation.create, (cx) => {
      const params = cx.params as unknown as Record<string, unknown>;
      droppedProto.restore(cx.requestId, params);
      return callbacks.onElicitation(elicitationRequest(cx.requestId, params, cx.signal, labelOf)) as never;
    })
    .onRequest(methodsV2.client.session.requestPermission, async (cx) => {
      const { subject } = cx.params;
      // The v2 schema asks clients to apply the subject's tool call like a tool_call_update first.
      const subjectToolCall = (subject as { toolCall?: Record<string, unknown> } | null | undefined)?.toolCall;
      if (subjectToolCall && typeof subjectToolCall.toolCallId === 'string') {
        callbacks.onSessionUpdate(cx.params.sessionId, normalizeSessionUpdate({ ...subjectToolCall, sessionUpdate: 'tool_call_update' }));
      }
      const permission: PermissionRequest = {
        sessionId: cx.params.sessionId,
        title: cutText(cx.params.title, MAX_TITLE_CHARS),
        ...(cx.params.description ? { description: cutTextCounted(cx.params.description, MAX_PERMISSION_DESCRIPTION_CHARS) } : {}),
        ...(toolCallIdOf(subject) ? { toolCallId: toolCallIdOf(subject) } : {}),
        ...permissionTargets(subjectToolCall),
        // v2's own `subject.command` wins over `rawInput`'s, bounded the same way.
        ...(subject && 'command' in subject && commandText(subject.command) ? { command: commandText(subject.command) } : {}),
        options: permissionOptions(cx.params.options),
      };
      return permissionResponse(await callbacks.onPermission({ jsonRpcId: cx.requestId, permission, signal: cx.signal })) as never;
    })
    .onNotification(methodsV2.client.elicitation.complete, (cx) => callbacks.onElicitationComplete(cx.params));
  // session/update never reaches this app either: connectAgent takes it from the stream (see there).
  return app.connect(negotiated.stream);
}

/**
 * Characters kept of a v2 permission request's `description` ("why permission is needed"): a few paragraphs, past
 * what anyone reads before choosing. The rest is left out with "… (N more characters not shown)": uncut, a
 * description as long as the line budget was held on main and drawn on the card, only the pending budget counting it.
 */
export const MAX_PERMISSION_DESCRIPTION_CHARS = 8_000;

/**
 * Options kept per permission request: ACP's kinds are allow and reject, once or always; each option is a button on
 * the card, so 8 MiB of options would be hundreds of thousands of them.
 */
export const MAX_PERMISSION_OPTIONS = 20;

/**
 * A permission request's options as the card offers them: at most {@link MAX_PERMISSION_OPTIONS}, names cut to a
 * label's length; an option whose id is longer than the bridge takes back (500) is left out, since an id is never cut.
 */
function permissionOptions(options: ReadonlyArray<{ optionId: string; name: string; kind: string }>): PermissionRequest['options'] {
  return options
    .filter((o) => o.optionId.length <= MAX_PERMISSION_OPTION_ID_CHARS)
    .slice(0, MAX_PERMISSION_OPTIONS)
    .map((o) => ({ optionId: o.optionId, name: cutText(o.name, MAX_LABEL_CHARS), kind: cutText(o.kind, MAX_LABEL_CHARS) }));
}

/** The longest option id the renderer can send back (shared/bridge.ts `answerPermission`). */
const MAX_PERMISSION_OPTION_ID_CHARS = 500;

function elicitationRequest(jsonRpcId: JsonRpcId, params: Record<string, unknown>, signal: AbortSignal, labelOf: LabelOf) {
  const requestLabel = labelOf(params.requestId);
  return { jsonRpcId, params, signal, ...(requestLabel ? { requestLabel } : {}) };
}

/** The tool call a v2 permission subject names: `{type:"tool_call", toolCall:{toolCallId}}` or a command's `toolCallId`. */
function toolCallIdOf(subject: unknown): string | undefined {
  if (typeof subject !== 'object' || subject === null) return undefined;
  const s = subject as { toolCallId?: unknown; toolCall?: { toolCallId?: unknown } };
  if (typeof s.toolCall?.toolCallId === 'string') return s.toolCall.toolCallId;
  return typeof s.toolCallId === 'string' ? s.toolCallId : undefined;
}

/** The wire answer to a permission request: the chosen option, or "cancelled". */
function permissionResponse(optionId: string | undefined) {
  return { outcome: optionId === undefined ? { outcome: 'cancelled' as const } : { outcome: 'selected' as const, optionId } };
}

/** The setup fields of a `session/new`, `session/load` or `session/resume` result. */
export function setupOf(response: Record<string, unknown> | null | undefined): SessionSetup {
  const modes = sessionModes(response?.modes);
  return {
    ...(modes ? { modes } : {}),
    configOptions: configOptions(response?.configOptions),
    ...(Array.isArray(response?.availableCommands) ? { commands: commands(response.availableCommands) } : {}),
  };
}

/**
 * The SDK resolves a request as soon as its response is read, and hands the notifications that came
 * before the response to their handlers a tick later. A replay (`session/load`, `session/resume`) is only
 * over when those have been delivered, so its callers wait one macrotask.
 */
function afterUpdatesDelivered(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A `session/update`'s envelope when it is sound (a sessionId and an update object), else undefined. */
function sessionUpdateEnvelope(params: unknown): { sessionId: string; update: Record<string, unknown> } | undefined {
  const p = params as { sessionId?: unknown; update?: unknown } | null;
  if (!p || typeof p.sessionId !== 'string' || typeof p.update !== 'object' || p.update === null || Array.isArray(p.update)) return undefined;
  return { sessionId: p.sessionId, update: p.update as Record<string, unknown> };
}
