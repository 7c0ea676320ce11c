/**
 * The request ids Switchboard can answer (JSON-RPC 2.0 §4–5; ACP's `RequestId`: a string or an int64, and in v1
 * also `null`). A response must carry "the same value" as the request's id. Agent messages are parsed with
 * `JSON.parse` (the SDK's `ndJsonStream`), which reads an integer beyond 2^53 as the nearest double:
 * `9007199254740993` becomes `…992`, and the SDK would answer with that id, a request the agent never sent.
 * Such a request is refused here, before the SDK or any handler sees it, with -32600 Invalid Request and
 * `id: null` (what JSON-RPC 2.0 §5 says when the id cannot be read back), and a reason the agent's author can act
 * on. So are ids no version allows (fractions, booleans, objects, arrays), which the SDK would otherwise answer with
 * the whole request echoed back as `data`. `null` is left to the SDK of the version: v1 answers it (its schema
 * allows it), v2 refuses it.
 */
import { RequestError, type AnyMessage } from '@agentclientprotocol/sdk';
import type { MessageScreen } from './handshake';

/** Told about each refused request, for the diagnostic log (the method only). */
export type IdRefusal = (method: string, reason: string) => void;

/**
 * Why a request's `id` cannot be answered with the same value, or undefined when it can: a string, `null`, or
 * an integer within ±(2^53 − 1) (`Number.isSafeInteger`; anything larger may have been rounded when it was read).
 */
export function unanswerableIdReason(id: unknown): string | undefined {
  if (id === null || typeof id === 'string' || Number.isSafeInteger(id)) return undefined;
  if (typeof id === 'number') {
    if (!Number.isFinite(id)) return 'the request id is a number too large to read';
    if (!Number.isInteger(id)) return `the request id ${id} is not an integer; ACP request ids are strings or integers`;
    return `the request id is an integer beyond 2^53 (read as ${id}), which Switchboard cannot send back exactly; use a string or an integer of at most 2^53 - 1`;
  }
  const kind = Array.isArray(id) ? 'an array' : typeof id === 'object' ? 'an object' : `a ${typeof id}`;
  return `the request id is ${kind}; ACP request ids are strings or integers`;
}

/**
 * The id check as a screen for the reading loop (see {@link MessageScreen}): a request whose id
 * {@link unanswerableIdReason} refuses is answered -32600 with `id: null` and dropped; every other message passes.
 */
export function requestIdScreen(onRefused: IdRefusal = () => {}): MessageScreen {
  return (message: AnyMessage, write) => {
    if (!('method' in message) || !('id' in message)) return message;
    const reason = unanswerableIdReason(message.id);
    if (reason === undefined) return message;
    onRefused(String(message.method).slice(0, 100), reason);
    write({ jsonrpc: '2.0', id: null, error: RequestError.invalidRequest({ reason }).toErrorResponse() });
    return undefined;
  };
}
