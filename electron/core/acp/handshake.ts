/**
 * Protocol version negotiation per connection (spec E-VER; issue "Foundation", scope 2).
 *
 * The SDK has one client per protocol version, and a v2 client closes the stream when a v1 agent
 * answers, so the stream cannot be handed to one client and then another. Instead we send ONE
 * `initialize` ourselves carrying both shapes (v2 `info`/`capabilities` and v1 `clientInfo`/
 * `clientCapabilities`: a v1 agent reads only the latter), read until its reply, then give the SDK client
 * of the answered version a thin wrapper over the same stream. When that client sends its own
 * `initialize`, the wrapper answers it locally from the reply we hold, so the SDK records the handshake
 * and nothing extra goes on the wire. The wrapper also tracks our outgoing requests, so a request-scoped
 * elicitation can be labelled with the request it belongs to (spec E-REQ-3), and shows each incoming
 * message to an observer first (the SDK consumes `$/cancel_request` for ids it no longer tracks, which URL
 * mode still needs to see, spec E-URL-6); the observer may keep a message from the SDK altogether.
 */
import { RequestError, type AnyMessage, type JsonRpcId, type Stream } from '@agentclientprotocol/sdk';
import { BudgetExceeded, MAX_MESSAGES_BEFORE_INITIALIZE } from '../budgets';

/**
 * A check every incoming message passes first, in the reading loop itself (the depth guard, depth-guard.ts):
 * returns the message to go on with, or undefined to drop it; `write` answers the agent.
 */
export type MessageScreen = (message: AnyMessage, write: (message: AnyMessage) => void) => AnyMessage | undefined;

/** Protocol versions this client speaks, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS = [2, 1] as const;
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

/** The outcome of a successful handshake. */
export interface Negotiated {
  version: ProtocolVersion;
  /** The agent's `initialize` result, as received. */
  reply: Record<string, unknown>;
  /** The stream to hand to the SDK client of `version`. */
  stream: Stream;
  /** Our requests still waiting for an answer, by JSON-RPC id → method (spec E-REQ-3). */
  outgoing: ReadonlyMap<JsonRpcId, string>;
}

/** Id of our own `initialize`; the SDK client's ids are separate and only used after it. */
const HANDSHAKE_ID = 'switchboard-initialize';

/**
 * Runs the handshake on `stream`.
 * @param initializeParams params carrying both the v1 and the v2 shapes.
 * @param timeoutMs how long to wait for the reply.
 * @param observe sees each message after `screen` and before the SDK client; returning true keeps it from the client.
 * @param screen runs on every message read, the reply to `initialize` included, before anything else.
 * @throws Error with a plain sentence: the agent answered an error, an unsupported version, timed out, or
 *   closed its output first.
 */
export async function negotiateVersion(
  stream: Stream,
  initializeParams: Record<string, unknown>,
  timeoutMs: number,
  observe: (message: AnyMessage, version: ProtocolVersion) => boolean | void = () => {},
  screen: MessageScreen = (message) => message,
): Promise<Negotiated> {
  const reader = stream.readable.getReader();
  const writer = stream.writable.getWriter();
  const early: AnyMessage[] = [];
  const answer = (message: AnyMessage) => void writer.write(message).catch(() => {});
  const screened: Screened = { reader, screen: (message) => screen(message, answer) };
  await writer.write({ jsonrpc: '2.0', id: HANDSHAKE_ID, method: 'initialize', params: initializeParams });

  const reply = await withTimeout(readReply(screened, early), timeoutMs, () => {
    void reader.cancel().catch(() => {});
  });
  const version = reply.protocolVersion;
  if (version !== 1 && version !== 2) {
    throw new Error(
      `The agent speaks ACP protocol version ${JSON.stringify(version)}; Switchboard speaks versions 2 and 1.`,
    );
  }
  const outgoing = new Map<JsonRpcId, string>();
  return { version, reply, stream: wrapStream(screened, writer, reply, early, outgoing, (message) => observe(message, version)), outgoing };
}

/** The stream's reader with the screen every message read from it passes. */
interface Screened {
  reader: ReadableStreamDefaultReader<AnyMessage>;
  screen(message: AnyMessage): AnyMessage | undefined;
}

async function readReply({ reader, screen }: Screened, early: AnyMessage[]): Promise<Record<string, unknown>> {
  for (;;) {
    const { value: read, done } = await reader.read();
    if (done) throw new Error('The agent closed its output before answering initialize.');
    const value = screen(read);
    if (value === undefined) continue;
    if (!isResponseTo(value, HANDSHAKE_ID)) {
      // Held until the SDK client exists; bounded (budgets.ts), an agent that floods first is stopped.
      if (early.length >= MAX_MESSAGES_BEFORE_INITIALIZE) {
        throw new BudgetExceeded(`it sent more than ${MAX_MESSAGES_BEFORE_INITIALIZE} messages before answering initialize`);
      }
      early.push(value);
      continue;
    }
    if ('error' in value && value.error) {
      throw new Error(`The agent refused initialize: ${value.error.message} (code ${value.error.code}).`);
    }
    const result = (value as { result?: unknown }).result;
    if (typeof result !== 'object' || result === null) throw new Error('The agent answered initialize without a result.');
    return result as Record<string, unknown>;
  }
}

/**
 * Whether a request id is one the duplicate check keeps: a string or an integer. Any other id (null, a
 * fraction, an object) is invalid to the v2 SDK, which answers it with `id: null`, so it would never be
 * seen leaving and would be held for ever.
 */
function isTrackedId(id: unknown): id is string | number {
  return typeof id === 'string' || Number.isSafeInteger(id);
}

function isResponseTo(message: AnyMessage, id: JsonRpcId): boolean {
  return !('method' in message) && 'id' in message && message.id === id;
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`The agent did not answer initialize within ${Math.round(ms / 1000)} s.`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The stream the SDK client sees. Incoming messages are held back until the client has sent its own
 * `initialize` (answered here from `reply`), because a v2 client rejects requests that arrive before it
 * is initialized; then the early messages are delivered in order, then the live ones.
 *
 * A request that reuses the id of one of the agent's requests we have not answered yet is answered -32600
 * here and never reaches the SDK (JSON-RPC 2.0 §4: an id identifies one request). The SDK keys each
 * request's cancel signal by its id, so a second request with the id replaced the first's, and the agent's
 * later `$/cancel_request` for that id could no longer withdraw the first (spec E-CXL-1). The ids held are
 * those of requests in flight, each of which the SDK holds too (see isTrackedId).
 */
function wrapStream(
  { reader, screen }: Screened,
  writer: WritableStreamDefaultWriter<AnyMessage>,
  reply: Record<string, unknown>,
  early: AnyMessage[],
  outgoing: Map<JsonRpcId, string>,
  observe: (message: AnyMessage) => boolean | void,
): Stream {
  let controller!: ReadableStreamDefaultController<AnyMessage>;
  let answeredLocally = false;
  /** Ids of the agent's requests not answered yet. */
  const inbound = new Set<JsonRpcId>();

  const deliver = (message: AnyMessage) => {
    if (!('method' in message) && 'id' in message) outgoing.delete(message.id as JsonRpcId);
    if ('method' in message && 'id' in message && isTrackedId(message.id)) {
      if (inbound.has(message.id)) {
        const reason = `the id ${JSON.stringify(message.id).slice(0, 100)} belongs to a request still waiting for an answer`;
        void writer.write({ jsonrpc: '2.0', id: message.id, error: RequestError.invalidRequest({ reason }).toErrorResponse() }).catch(() => {});
        return;
      }
      inbound.add(message.id);
    }
    // The observer may take a message for itself (see agent-connection.ts); then the SDK never sees it.
    if (observe(message) === true) return;
    controller.enqueue(message);
  };

  const pump = async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        const passed = screen(value);
        if (passed !== undefined) deliver(passed);
      }
    } catch (error) {
      controller.error(error);
    }
  };

  const readable = new ReadableStream<AnyMessage>({
    start(c) {
      controller = c;
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });

  const writable = new WritableStream<AnyMessage>({
    async write(message) {
      if (!answeredLocally && 'method' in message && message.method === 'initialize' && 'id' in message) {
        answeredLocally = true;
        controller.enqueue({ jsonrpc: '2.0', id: message.id, result: reply });
        early.splice(0).forEach(deliver);
        void pump();
        return;
      }
      if (!answeredLocally) {
        throw RequestError.internalError(undefined, 'the SDK client must send initialize first');
      }
      if ('method' in message && 'id' in message) outgoing.set(message.id, message.method);
      else if ('id' in message && isTrackedId(message.id)) inbound.delete(message.id);
      await writer.write(message);
    },
    close() {
      return writer.close();
    },
    abort(reason) {
      return writer.abort(reason);
    },
  });
  return { readable, writable };
}
