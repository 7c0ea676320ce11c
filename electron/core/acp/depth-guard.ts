/**
 * The nesting budget on every message an agent sends (issue 8, scope 2; budgets.ts MAX_JSON_DEPTH).
 *
 * Applied to every message the SDK's `ndJsonStream` frames and parses, before everything else, so a value
 * nested deeper than the budget is never validated, kept, cloned or serialised. What happens to an
 * over-deep message follows JSON-RPC 2.0 §5: a request is answered with an error (-32602 when the depth is
 * in `params`, else -32600) and nothing is stored; a notification is dropped (it has no one to answer); a
 * response to one of our requests is replaced by an error response with the same id, so our request fails
 * with a sentence instead of hanging.
 */
import { RequestError, type AnyMessage, type Stream } from '@agentclientprotocol/sdk';
import { MAX_JSON_DEPTH } from '../budgets';
import { nestsDeeperThan } from '../json-depth';

/** Told about each refused message, for the diagnostic log (method only: params may carry secrets). */
export type DepthRefusal = (info: { kind: 'request' | 'notification' | 'response'; method?: string }) => void;

/**
 * What the guard does with one message, as a function the reading loop calls inline (handshake.ts applies it to
 * every message before anything else sees it): the message to pass on (possibly an error response standing for
 * it), or undefined when it is refused. `write` sends the guard's own error responses to the agent.
 * Run inline rather than as a stream stage of its own: a web-stream hop per message (a read, a pull and an
 * enqueue) was a fifth of the connection worker's ingest time (bench scenario a).
 */
export type DepthScreen = (message: AnyMessage, write: (message: AnyMessage) => void) => AnyMessage | undefined;

/** The depth guard as a {@link DepthScreen}: messages nested deeper than `limit` are refused as described above. */
export function depthScreen(onRefused: DepthRefusal = () => {}, limit = MAX_JSON_DEPTH): DepthScreen {
  return (message, write) => {
    if (!nestsDeeperThan(message, limit + 1)) return message;
    const record = message as Record<string, unknown>;
    const method = typeof record.method === 'string' ? record.method : undefined;
    const id = typeof record.id === 'string' || typeof record.id === 'number' ? record.id : null;
    const reason = `the message nests deeper than ${limit} levels`;
    if (method !== undefined && 'id' in record) {
      onRefused({ kind: 'request', method });
      const inParams = nestsDeeperThan(record.params, limit);
      const error = inParams ? RequestError.invalidParams({ reason }) : RequestError.invalidRequest({ reason });
      write({ jsonrpc: '2.0', id, error: error.toErrorResponse() });
      return undefined;
    }
    if (method !== undefined) {
      onRefused({ kind: 'notification', method });
      return undefined;
    }
    if (id === null) return undefined;
    onRefused({ kind: 'response' });
    return { jsonrpc: '2.0', id, error: { code: -32603, message: `The agent's answer was refused: ${reason}.` } };
  };
}

/**
 * Wraps a message stream so that no message nested deeper than `limit` reaches the reader (the same rules as
 * {@link depthScreen}, as a stream of its own; the connection applies the screen inline instead).
 * @returns the guarded stream; writes go to the same writable (the guard's own error responses too).
 */
export function guardDepth(stream: Stream, onRefused: DepthRefusal = () => {}, limit = MAX_JSON_DEPTH): Stream {
  const writer = stream.writable.getWriter();
  const write = (message: AnyMessage) => void writer.write(message).catch(() => {});
  const screen = depthScreen(onRefused, limit);
  // A plain pull loop rather than pipeThrough(TransformStream): Node's pipeTo costs ~200 µs a message,
  // which made 200 000 streamed chunks take 43 s instead of 2 s.
  const reader = stream.readable.getReader();
  const readable = new ReadableStream<AnyMessage>(
    {
      async pull(controller) {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return controller.close();
          const passed = screen(value, write);
          if (passed) return controller.enqueue(passed);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  const writable = new WritableStream<AnyMessage>({
    write: (message) => writer.write(message),
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  return { readable, writable };
}
