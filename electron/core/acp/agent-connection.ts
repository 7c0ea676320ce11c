/**
 * One ACP connection to one agent process, on the protocol version the agent answered (spec E-VER).
 *
 * The version-neutral facade: callers get one shape for both versions (sessions, prompts, cancel, elicitation
 * callbacks). What differs between versions lives in v1/ and v2/ (see protocol-module.ts), as Zed keeps
 * `acp/v1.rs` beside `acp.rs`. Built on the official SDK: `ndJsonStream` frames the messages, the version's
 * `client()` dispatches them; we only add the handshake (handshake.ts).
 */
import { methods as methodsV1, ndJsonStream, type JsonRpcId, type InitializeRequest, type ContentBlock } from '@agentclientprotocol/sdk';
import type { AgentCapabilitiesView, AgentInfoView } from '../../../shared/views/agents';
import type { CommandView, ConfigOptionView, SessionModeView } from '../../../shared/views/sessions';
import { INITIALIZE_TIMEOUT_MS, MAX_LINE_BYTES } from '../budgets';
import { authMethodsOf, type AuthMethodInfo } from './auth-methods';
import { agentCapabilities } from './capabilities';
import { labelFor, type ConnectOptions, type ElicitationMode } from './connection-callbacks';
import { depthScreen } from './depth-guard';
import { negotiateVersion, type MessageScreen, type Negotiated, type ProtocolVersion } from './handshake';
import type { AgentSide, ProtocolRules, SessionLifecycle, VersionSide, WireMcpServers } from './protocol-module';
import { requestIdScreen } from './request-ids';
import { listedSessions, type ListedSession } from './session-list';
import { commands, configOptions, oneLineLabel, sessionModes } from './session-setup';
import { v1Rules, v1Side } from './v1/connection';
import { v2Rules, v2Side } from './v2/connection';

// The facade's API: what callers import from here, wherever it is defined.
export { MAX_AUTH_METHODS, type AuthMethodInfo } from './auth-methods';
export type { ConnectionCallbacks, ConnectOptions, ElicitationMode } from './connection-callbacks';
export { MAX_PERMISSION_DESCRIPTION_CHARS, MAX_PERMISSION_OPTIONS, type PermissionRequest } from './permission-request';
export type { SessionLifecycle } from './protocol-module';
export { MAX_LISTED_SESSIONS, type ListedSession } from './session-list';

/** What `session/new` (and load/resume) told us about the session's setup, normalised and bounded. */
export interface SessionSetup {
  /** v1 session modes, when the agent offers them. */
  modes?: { currentModeId: string; available: SessionModeView[] };
  configOptions: ConfigOptionView[];
  /** v2 sends the first command list in the result; v1 only in `available_commands_update`. */
  commands?: CommandView[];
}

const RULES: Record<ProtocolVersion, ProtocolRules> = { 1: v1Rules, 2: v2Rules };

/** A live, initialized connection. Create with {@link connectAgent}. */
export class AgentConnection {
  private readonly rules: ProtocolRules;

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
  ) {
    this.rules = RULES[version];
  }

  /**
   * `agentInfo` (v1) or `info` (v2) from the `initialize` result (spec E-REQ-7), each field a one-line label of at
   * most MAX_LABEL_CHARS: the name is shown on every card and in the sidebar, so it must stay a label.
   */
  get agentInfo(): AgentInfoView | undefined {
    const info = this.rules.agentInfoOf(this.initializeResult) as Record<string, unknown> | null | undefined;
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
  async newSession(cwd: string, mcpServers: WireMcpServers = []): Promise<{ sessionId: string } & SessionSetup> {
    const response = (await this.agent.request(methodsV1.agent.session.new, { cwd, mcpServers })) as Record<string, unknown>;
    return { sessionId: response.sessionId as string, ...setupOf(response) };
  }

  /**
   * v1 `session/set_mode`. v2 has no such method: its modes are a config option (category `mode`).
   * @throws the agent's error (a RequestError) when it refuses.
   */
  async setMode(sessionId: string, modeId: string): Promise<void> {
    const method = this.rules.setModeMethod;
    if (!method) throw new Error('This agent has no session modes to set (ACP v2 offers modes as a config option).');
    await this.agent.request(method, { sessionId, modeId });
  }

  /**
   * `session/set_config_option`. A boolean value is sent as `{type: "boolean", value}`; a value id as
   * `{value}` in v1 and `{type: "id", value}` in v2. Resolves with the full option list the agent returns.
   * @throws the agent's error (a RequestError) when it refuses.
   */
  async setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<ConfigOptionView[]> {
    const typed = typeof value === 'boolean' ? { type: 'boolean', value } : this.rules.configValue(value);
    const response = (await this.agent.request(this.rules.methods.setConfigOption, { sessionId, configId, ...typed })) as Record<string, unknown> | null;
    return configOptions(response?.configOptions);
  }

  /**
   * `session/prompt` with the given content blocks (text first; see prompt-content.ts). In v1 the response
   * ends the turn and carries its `stopReason`; in v2 the response only acknowledges the prompt
   * (`messageId`) and the turn ends with a `state_update` to `idle`, so `stopReason` is undefined here.
   */
  async prompt(sessionId: string, prompt: ContentBlock[]): Promise<{ stopReason?: string }> {
    const response = (await this.agent.request('session/prompt', { sessionId, prompt })) as { stopReason?: string };
    return this.rules.promptResult(response);
  }

  /** The session lifecycle methods this agent advertised (see {@link SessionLifecycle}). */
  get sessionLifecycle(): SessionLifecycle {
    return this.rules.sessionLifecycle(this.initializeResult);
  }

  /**
   * One page of `session/list`: at most MAX_LISTED_SESSIONS sessions, each checked (entries without a string
   * `sessionId` and `cwd` are dropped), and the agent's `nextCursor`, passed back as it is (session-list.ts).
   */
  async listSessions(cursor?: string): Promise<{ sessions: ListedSession[]; nextCursor?: string }> {
    const response = (await this.agent.request(this.rules.methods.list, cursor ? { cursor } : {})) as { sessions?: unknown; nextCursor?: unknown };
    return listedSessions(response);
  }

  /**
   * v1 `session/load`: the agent replays the conversation as `session/update`s before it answers. Resolves
   * once those updates have reached `onSessionUpdate` (see {@link afterUpdatesDelivered}).
   */
  async loadSession(sessionId: string, cwd: string, mcpServers: WireMcpServers = []): Promise<SessionSetup> {
    const response = (await this.agent.request(this.rules.methods.load, { sessionId, cwd, mcpServers })) as Record<string, unknown> | null;
    await afterUpdatesDelivered();
    return setupOf(response);
  }

  /**
   * `session/resume`. v1 never replays; v2 replays from the start when `replay` is true (`replayFrom`)
   * and always sends a current-state snapshot before it answers. Resolves once the replay and snapshot
   * have reached `onSessionUpdate`, with the session's modes, config options and commands.
   */
  async resumeSession(sessionId: string, cwd: string, replay: boolean, mcpServers: WireMcpServers = []): Promise<SessionSetup> {
    const params = this.rules.resumeParams(sessionId, cwd, mcpServers, replay);
    const response = (await this.agent.request(this.rules.methods.resume, params)) as Record<string, unknown> | null;
    await afterUpdatesDelivered();
    return setupOf(response);
  }

  /** `session/close`: the agent may end the session's processes (MCP servers). */
  async closeSession(sessionId: string): Promise<void> {
    await this.agent.request(this.rules.methods.close, { sessionId });
  }

  /** `session/delete`: the agent forgets the session. */
  async deleteSession(sessionId: string): Promise<void> {
    await this.agent.request(this.rules.methods.delete, { sessionId });
  }

  /** `session/cancel`: asks the agent to stop the session's prompt turn. Elicitations are untouched (E-CXL-3). */
  async cancel(sessionId: string): Promise<void> {
    await this.agent.notify('session/cancel', { sessionId });
  }

  /** Sign-in methods from the `initialize` result, one shape for both versions (auth-methods.ts). */
  get authMethods(): AuthMethodInfo[] {
    return authMethodsOf(this.initializeResult);
  }

  /**
   * Signs in with one of the agent's methods: `authenticate` in v1, `auth/login` in v2. Aborting `signal`
   * sends `$/cancel_request` and rejects at once (the user gave up).
   */
  async authenticate(methodId: string, signal: AbortSignal): Promise<void> {
    await this.agent.request(this.rules.methods.authenticate, { methodId }, { cancellationSignal: signal, stopWaitingOnCancel: true });
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
  // Both sides exist before the version is known: the observer below runs from the first message.
  const sides: Record<ProtocolVersion, VersionSide> = { 1: v1Side(options), 2: v2Side(options) };
  const negotiated = await negotiateVersion(stream, initializeParams, options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS, (message, version) => {
    // The version's own messages first (`session/update`, which the SDK never sees; see v1/ and v2/).
    if (sides[version].take(message)) return true;
    if (!('method' in message)) {
      if ('id' in message) options.callbacks.onRequestEnded(message.id as JsonRpcId, !('error' in message));
      return false;
    }
    if ('id' in message) return false;
    if (message.method === '$/cancel_request') {
      const requestId = (message.params as { requestId?: JsonRpcId } | undefined)?.requestId;
      if (requestId !== undefined) options.callbacks.onCancelRequest(requestId);
    }
    return false;
  }, guard, options.givenUp);
  const connection = sides[negotiated.version].attach(negotiated, (requestId) => labelFor(negotiated.outgoing, requestId));
  await connection.agent.request('initialize', initializeParams);
  return new AgentConnection(
    negotiated.version,
    negotiated.reply,
    options.modes,
    connection.agent,
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
