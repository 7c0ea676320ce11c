/**
 * Protocol version negotiation per connection (spec E-VER-1, E-VER-2).
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
import { BudgetExceeded, MAX_MESSAGES_BEFORE_INITIALIZE, MAX_UNREADABLE_LINES_BEFORE_INITIALIZE } from '../budgets';
import { HandshakeFailed, MAX_PRINTED_BYTES } from './handshake-failure';

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
 * @param givenUp rejects (with a {@link HandshakeFailed}) when something outside the messages shows the agent will
 *   not answer, such as the text it prints (worker/output-before-ready.ts); ignored once the reply is in.
 * @throws HandshakeFailed saying what the agent did instead of answering: answered an error or an unsupported
 *   version, echoed our request back, answered a request we never sent, closed its output, or sent no answer
 *   within `timeoutMs`; BudgetExceeded when it sent too much first.
 */
export async function negotiateVersion(
  stream: Stream,
  initializeParams: Record<string, unknown>,
  timeoutMs: number,
  observe: (message: AnyMessage, version: ProtocolVersion) => boolean | void = () => {},
  screen: MessageScreen = (message) => message,
  givenUp: Promise<never> = new Promise<never>(() => {}),
): Promise<Negotiated> {
  const reader = stream.readable.getReader();
  const writer = stream.writable.getWriter();
  const early: AnyMessage[] = [];
  const answer = (message: AnyMessage) => void writer.write(message).catch(() => {});
  const screened: Screened = { reader, screen: (message) => screen(message, answer) };
  await writer.write({ jsonrpc: '2.0', id: HANDSHAKE_ID, method: 'initialize', params: initializeParams });

  let replied = false;
  const stopReading = () => void (replied || reader.cancel().catch(() => {}));
  const reading = readReply(screened, early).finally(() => (replied = true));
  const reply = await withTimeout(Promise.race([reading, givenUp.finally(stopReading)]), timeoutMs, () => {
    stopReading();
    const seconds = Math.round(timeoutMs / 1000);
    return early.length === 0
      ? `it sent no ACP message within ${seconds} s`
      : `it sent ${early.length} ACP ${early.length === 1 ? 'message' : 'messages'} within ${seconds} s, none of them an answer to initialize`;
  });
  const version = reply.protocolVersion;
  if (version !== 1 && version !== 2) throw new HandshakeFailed(unsupportedVersionClause(version));
  const outgoing = new Map<JsonRpcId, string>();
  return { version, reply, stream: wrapStream(screened, writer, reply, early, outgoing, (message) => observe(message, version)), outgoing };
}

/** The stream's reader with the screen every message read from it passes. */
interface Screened {
  reader: ReadableStreamDefaultReader<AnyMessage>;
  screen(message: AnyMessage): AnyMessage | undefined;
}

/**
 * Why the agent answered with a version we do not speak. MCP dates its versions ("2025-06-18"), so a string
 * there is most likely an MCP server configured as an agent.
 */
function unsupportedVersionClause(version: unknown): string {
  const shown = JSON.stringify(version)?.slice(0, 40) ?? String(version);
  const mcp = typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) ? ', a date such as MCP servers answer, so it looks like an MCP server rather than an ACP agent' : '';
  return `it answered with ACP protocol version ${shown}${mcp}; Switchboard speaks versions 2 and 1`;
}

/**
 * Characters of the error message an agent answers with that the worker hands to main, which redacts them whole
 * and then cuts them for the sentence the user reads (agents/agent-supervisor.ts, MAX_QUOTED_OUTPUT_CHARS): as many as the quoted
 * line keeps (MAX_PRINTED_BYTES), so a secret that straddles the shown part is still whole when it is redacted.
 */
const MAX_ERROR_MESSAGE_CHARS = MAX_PRINTED_BYTES;

/**
 * An agent's JSON-RPC error as a clause and the words to quote: `clause` is Switchboard's, with the code when it
 * is an integer; `said` is the agent's message, unredacted (main redacts it before anyone reads it), undefined
 * when it sent no string (an object would read "[object Object]").
 */
function errorClause(lead: string, error: { code?: unknown; message?: unknown }): { clause: string; said?: string } {
  const code = Number.isSafeInteger(error.code) ? ` (code ${String(error.code)})` : '';
  const said = typeof error.message === 'string' && error.message.trim() !== '' ? error.message.slice(0, MAX_ERROR_MESSAGE_CHARS) : undefined;
  return { clause: `${lead}${code}${said === undefined ? ' without a message' : ''}`, ...(said === undefined ? {} : { said }) };
}

/**
 * Whether a message without a method is a JSON-RPC response: it has an `id` and a `result` or an `error`
 * (JSON-RPC 2.0 §5). Any other JSON object is not ACP: many agents and their libraries log JSON lines on stdout
 * (`{"level":30,"msg":"server starting"}`), which is like a banner line, not a reply.
 */
function isResponse(message: AnyMessage): boolean {
  return !('method' in message) && 'id' in message && ('result' in message || 'error' in message);
}

/**
 * Why a message read before the reply shows the agent will not answer, or undefined when it may still (an agent
 * may send notifications and requests first). Nothing but a client sends `initialize`, and a response can only
 * be to a request we sent, and the only one we sent is ours (JSON-RPC 2.0 §5).
 */
function notAnAgentClause(message: AnyMessage): HandshakeFailed | undefined {
  if ('method' in message) {
    if (message.method !== 'initialize') return undefined;
    return new HandshakeFailed(
      'id' in message && message.id === HANDSHAKE_ID
        ? "it sent Switchboard's own initialize request back, as a program that echoes its input (such as cat) does"
        : 'it sent an initialize request of its own, as an ACP client does, not an agent',
    );
  }
  if (!isResponse(message)) return undefined;
  if ('error' in message && message.error) {
    const { clause, said } = errorClause("it answered with an error that names no request of Switchboard's", message.error);
    return new HandshakeFailed(clause, said);
  }
  return new HandshakeFailed('it answered a request Switchboard never sent');
}

async function readReply({ reader, screen }: Screened, early: AnyMessage[]): Promise<Record<string, unknown>> {
  let notMessages = 0;
  for (;;) {
    const { value: read, done } = await reader.read();
    if (done) throw new HandshakeFailed('it closed its output without answering', undefined, true);
    const value = screen(read);
    if (value === undefined) continue;
    if (!isResponseTo(value, HANDSHAKE_ID)) {
      const refusal = notAnAgentClause(value);
      if (refusal) throw refusal;
      if (!('method' in value) && !isResponse(value)) {
        // A JSON line that is no JSON-RPC message (a log line): skipped like a banner, never given to the SDK, and
        // counted against the same bound as unreadable text lines (worker/output-before-ready.ts).
        if (++notMessages > MAX_UNREADABLE_LINES_BEFORE_INITIALIZE) {
          throw new HandshakeFailed(`it printed more than ${MAX_UNREADABLE_LINES_BEFORE_INITIALIZE} JSON lines that are not ACP messages`);
        }
        continue;
      }
      // Held until the SDK client exists; bounded (budgets.ts), an agent that floods first is stopped.
      if (early.length >= MAX_MESSAGES_BEFORE_INITIALIZE) {
        throw new BudgetExceeded(`it sent more than ${MAX_MESSAGES_BEFORE_INITIALIZE} messages before answering initialize`);
      }
      early.push(value);
      continue;
    }
    if ('error' in value && value.error) {
      // The agent's words go where a printed line would, so main quotes them redacted, cut and on one line.
      const { clause, said } = errorClause('it refused initialize', value.error);
      throw new HandshakeFailed(clause, said);
    }
    const result = (value as { result?: unknown }).result;
    if (typeof result !== 'object' || result === null) throw new HandshakeFailed('it answered initialize without a result');
    return result as Record<string, unknown>;
  }
}

/**
 * Whether a request id is one the duplicate check keeps: a string, an integer, or `null` (which v1 allows; v2's
 * SDK answers a `null` id with an error whose id is `null`, so it is seen leaving like any other). Other ids never
 * get this far (request-ids.ts).
 */
function isTrackedId(id: unknown): id is string | number | null {
  return id === null || typeof id === 'string' || Number.isSafeInteger(id);
}

function isResponseTo(message: AnyMessage, id: JsonRpcId): boolean {
  return isResponse(message) && 'id' in message && message.id === id;
}

/** Races `promise` against `ms`; on time-out rejects with a HandshakeFailed whose clause `onTimeout` returns. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HandshakeFailed(onTimeout())), ms);
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

  /** Hands `message` on; true when it was a request given to the SDK client (see pump). */
  const deliver = (message: AnyMessage): boolean => {
    if (!('method' in message) && 'id' in message) outgoing.delete(message.id as JsonRpcId);
    if ('method' in message && 'id' in message && isTrackedId(message.id)) {
      if (inbound.has(message.id)) {
        const reason = `the id ${JSON.stringify(message.id).slice(0, 100)} belongs to a request still waiting for an answer`;
        void writer.write({ jsonrpc: '2.0', id: message.id, error: RequestError.invalidRequest({ reason }).toErrorResponse() }).catch(() => {});
        return false;
      }
      inbound.add(message.id);
    }
    // The observer may take a message for itself (see agent-connection.ts, v1/ and v2/); then the SDK never sees it.
    if (observe(message) === true) return false;
    controller.enqueue(message);
    return 'method' in message && 'id' in message;
  };

  const pump = async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        const passed = screen(value);
        // The SDK client runs a request's handler some microtasks after it is handed over, while the observer
        // takes the session updates behind it at once: without this wait, the chunks an agent sent after a form
        // reached the transcript before the form's record did. A macrotask lets every microtask of the
        // dispatch run first; requests are few, so the stream of updates never waits here.
        if (passed !== undefined && deliver(passed)) await new Promise<void>((dispatched) => setImmediate(dispatched));
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
        early.splice(0).forEach((message) => deliver(message));
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
