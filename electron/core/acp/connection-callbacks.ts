/**
 * What a connection takes when it opens and what it reports to its owner, the same for both protocol versions.
 * The facade (agent-connection.ts) re-exports these; each version's wiring (v1/, v2/) calls the callbacks.
 */
import type { JsonRpcId } from '@agentclientprotocol/sdk';
import type { PermissionRequest } from './permission-request';
import type { NormalizedUpdate } from './session-updates';
import { REQUEST_LABELS } from './request-labels';
import type { Negotiated } from './handshake';

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

/** Our label for a request-scoped elicitation's `requestId`, when it names one of our pending requests. */
export type LabelOf = (requestId: unknown) => string | undefined;

/** The label of our request `requestId` while it is pending (spec E-REQ-3), from the handshake's outgoing map. */
export function labelFor(outgoing: Negotiated['outgoing'], requestId: unknown): string | undefined {
  if (requestId === undefined || requestId === null) return undefined;
  const method = outgoing.get(requestId as JsonRpcId);
  return method ? (REQUEST_LABELS[method] ?? `while ${method} is pending`) : undefined;
}

/** The argument of {@link ConnectionCallbacks.onElicitation} for one `elicitation/create` request. */
export function elicitationRequest(jsonRpcId: JsonRpcId, params: Record<string, unknown>, signal: AbortSignal, labelOf: LabelOf) {
  const requestLabel = labelOf(params.requestId);
  return { jsonRpcId, params, signal, ...(requestLabel ? { requestLabel } : {}) };
}
