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
import { client as clientV2, methods as methodsV2 } from '@agentclientprotocol/sdk/experimental/v2';
import type { AgentInfoView } from '../../../shared/bridge';
import { negotiateVersion, type Negotiated, type ProtocolVersion } from './handshake';
import { parseV1ElicitationParams } from './v1-elicitation-params';

/** Elicitation modes a connection can advertise (spec E-CAP-1). */
export type ElicitationMode = 'form' | 'url';

/** What the connection reports to its owner. Params are the SDK-parsed message params. */
export interface ConnectionCallbacks {
  /** `elicitation/create`; resolve with the response, or reject (a RequestError becomes the JSON-RPC error). */
  onElicitation(request: { jsonRpcId: JsonRpcId; params: Record<string, unknown>; signal: AbortSignal }): Promise<unknown>;
  /** `elicitation/complete` (URL mode). */
  onElicitationComplete(params: { elicitationId: string }): void;
  /** `session/update`, same shape in v1 and v2: `{ sessionId, update: { sessionUpdate, … } }`. */
  onSessionUpdate(sessionId: string, update: Record<string, unknown>): void;
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
  /** How long to wait for `initialize`, in ms. */
  initializeTimeoutMs?: number;
}

/** Labels for our own pending requests, shown on request-scoped elicitations (spec E-REQ-3). */
const REQUEST_LABELS: Record<string, string> = {
  authenticate: 'while signing in',
  'auth/login': 'while signing in',
  'session/prompt': 'while answering your prompt',
  'session/new': 'while starting a session',
};

/** The surface both SDK client versions share for what we call. */
interface AgentSide {
  request(method: string, params: unknown, options?: SendRequestOptions): Promise<unknown>;
  notify(method: string, params: unknown): Promise<void>;
}

/** A live, initialized connection. Create with {@link connectAgent}. */
export class AgentConnection {
  constructor(
    readonly version: ProtocolVersion,
    /** The agent's `initialize` result. */
    readonly initializeResult: Record<string, unknown>,
    readonly advertisedModes: ReadonlyArray<ElicitationMode>,
    private readonly agent: AgentSide,
    private readonly outgoing: Negotiated['outgoing'],
    /** Aborts when the connection closes. */
    readonly signal: AbortSignal,
    private readonly closeConnection: (error?: unknown) => void,
  ) {}

  /** `agentInfo` (v1) or `info` (v2) from the `initialize` result (spec E-REQ-7). */
  get agentInfo(): AgentInfoView | undefined {
    const info = (this.version === 2 ? this.initializeResult.info : this.initializeResult.agentInfo) as
      | Record<string, unknown>
      | null
      | undefined;
    if (!info || typeof info.name !== 'string') return undefined;
    return {
      name: info.name,
      title: typeof info.title === 'string' ? info.title : undefined,
      version: typeof info.version === 'string' ? info.version : undefined,
    };
  }

  /** `session/new` in `cwd` (absolute). Resolves with the agent's `sessionId`. */
  async newSession(cwd: string): Promise<string> {
    const response = (await this.agent.request('session/new', { cwd, mcpServers: [] })) as { sessionId: string };
    return response.sessionId;
  }

  /**
   * `session/prompt` with one text block. In v1 the response ends the turn and carries its `stopReason`;
   * in v2 the response only acknowledges the prompt (`messageId`) and the turn ends with a `state_update`
   * to `idle`, so `stopReason` is undefined here.
   */
  async prompt(sessionId: string, text: string): Promise<{ stopReason?: string }> {
    const response = (await this.agent.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text }],
    })) as { stopReason?: string };
    return this.version === 1 ? { stopReason: response.stopReason } : {};
  }

  /** `session/cancel`: asks the agent to stop the session's prompt turn. Elicitations are untouched (E-CXL-3). */
  async cancel(sessionId: string): Promise<void> {
    await this.agent.notify('session/cancel', { sessionId });
  }

  /** Sign-in methods from the `initialize` result, one shape for both versions (v1 `id`, v2 `methodId`). */
  get authMethods(): Array<{ methodId: string; name: string; description?: string }> {
    const methods = Array.isArray(this.initializeResult.authMethods) ? this.initializeResult.authMethods : [];
    return methods.flatMap((m: Record<string, unknown>) => {
      const methodId = typeof m?.methodId === 'string' ? m.methodId : typeof m?.id === 'string' ? m.id : undefined;
      if (!methodId) return [];
      const name = typeof m.name === 'string' ? m.name : methodId;
      return [{ methodId, name, ...(typeof m.description === 'string' ? { description: m.description } : {}) }];
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
    const method = this.outgoing.get(requestId as JsonRpcId);
    return method ? (REQUEST_LABELS[method] ?? `while ${method} is pending`) : undefined;
  }

  /** Closes the connection (rejects our pending requests, aborts the agent's). Stop the process first. */
  close(): void {
    this.closeConnection();
  }
}

/**
 * Connects to an agent over its stdio: negotiates the version, attaches the SDK client of that version,
 * registers our handlers, and completes the SDK's own `initialize` locally.
 * @throws Error with a plain sentence when the handshake fails (see {@link negotiateVersion}).
 */
export async function connectAgent(options: ConnectOptions): Promise<AgentConnection> {
  const stream = ndJsonStream(options.stdin, options.stdout);
  const initializeParams = buildInitializeParams(options.modes, options.clientInfo);
  const negotiated = await negotiateVersion(stream, initializeParams, options.initializeTimeoutMs ?? 30_000, (message) => {
    if (!('method' in message)) {
      if ('id' in message) options.callbacks.onRequestEnded(message.id as JsonRpcId, !('error' in message));
      return;
    }
    if (message.method === '$/cancel_request' && !('id' in message)) {
      const requestId = (message.params as { requestId?: JsonRpcId } | undefined)?.requestId;
      if (requestId !== undefined) options.callbacks.onCancelRequest(requestId);
    }
  });
  const connection = negotiated.version === 2 ? attachV2(negotiated, options) : attachV1(negotiated, options);
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
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false, elicitation },
  };
  return { ...v1, info: clientInfo, capabilities: { elicitation } };
}

function attachV1(negotiated: Negotiated, { callbacks }: ConnectOptions) {
  const app = clientV1({ name: 'switchboard' })
    .onRequest(methodsV1.client.elicitation.create, parseV1ElicitationParams, (cx) =>
      callbacks.onElicitation({ jsonRpcId: cx.requestId, params: cx.params as Record<string, unknown>, signal: cx.signal }),
    )
    .onNotification(methodsV1.client.elicitation.complete, (cx) => callbacks.onElicitationComplete(cx.params))
    .onNotification(methodsV1.client.session.update, (cx) =>
      callbacks.onSessionUpdate(cx.params.sessionId, cx.params.update as unknown as Record<string, unknown>),
    );
  return app.connect(negotiated.stream as { readable: ReadableStream<AnyMessage>; writable: WritableStream<AnyMessage> });
}

function attachV2(negotiated: Negotiated, { callbacks }: ConnectOptions) {
  const app = clientV2({ name: 'switchboard' })
    .onRequest(methodsV2.client.elicitation.create, (cx) =>
      callbacks.onElicitation({
        jsonRpcId: cx.requestId,
        params: cx.params as unknown as Record<string, unknown>,
        signal: cx.signal,
      }) as never,
    )
    .onNotification(methodsV2.client.elicitation.complete, (cx) => callbacks.onElicitationComplete(cx.params))
    .onNotification(methodsV2.client.session.update, (cx) =>
      callbacks.onSessionUpdate(cx.params.sessionId, cx.params.update as unknown as Record<string, unknown>),
    );
  return app.connect(negotiated.stream);
}
