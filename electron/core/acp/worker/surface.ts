/**
 * The seam between main and an agent's connection worker (docs/isolation.md).
 *
 * Two surfaces cross it, each listed once here and typed from its source, so a method or callback added
 * to them crosses with one line (and TypeScript refuses to build until that line is there):
 * - {@link CONNECTION_METHODS}: `AgentConnection`'s async methods, which main calls in the worker;
 * - {@link CONNECTION_VALUES}: its values and getters, read once when the connection is ready;
 * - {@link CALLBACK_KINDS}: `ConnectionCallbacks`, which the worker calls on main.
 * What crosses is plain structured-cloneable data. An `AbortSignal` passed as an argument, or as a direct
 * property of an object argument, is carried as a marker and aborted on the other side when it aborts.
 * Errors cross as {@link WireError} and come back as `RequestError` when they carry a JSON-RPC code.
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { AgentConnection, ConnectionCallbacks } from '../agent-connection';
import { BudgetExceeded } from '../../budgets';
import { HandshakeFailed } from '../handshake-failure';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matching any function shape
type AnyFunction = (...args: any[]) => unknown;
type AsyncMethodNames<T> = { [K in keyof T]: T[K] extends AnyFunction ? (ReturnType<T[K]> extends Promise<unknown> ? K : never) : never }[keyof T];
type ValueNames<T> = { [K in keyof T]: T[K] extends AnyFunction ? never : K }[keyof T];

/** Async methods of `AgentConnection` main may call. Add one line here for a new method. */
export const CONNECTION_METHODS = {
  newSession: true,
  prompt: true,
  cancel: true,
  authenticate: true,
  setMode: true,
  setConfigOption: true,
  listSessions: true,
  loadSession: true,
  resumeSession: true,
  closeSession: true,
  deleteSession: true,
} as const satisfies Record<AsyncMethodNames<AgentConnection>, true>;
export type ConnectionMethod = keyof typeof CONNECTION_METHODS;

/**
 * Values of `AgentConnection` main reads, copied once at `initialize` (they do not change after it; a
 * value that does would be a method). `signal` is main's own. Add one line here for a new getter. Each is
 * bounded where the worker computes it: the `initialize` result itself stays in the worker (agent-connection.ts).
 */
export const CONNECTION_VALUES = {
  version: true,
  advertisedModes: true,
  agentInfo: true,
  authMethods: true,
  capabilities: true,
  sessionLifecycle: true,
} as const satisfies Record<Exclude<ValueNames<AgentConnection>, 'signal'>, true>;
export type ConnectionValue = keyof typeof CONNECTION_VALUES;
export type ConnectionValues = { [K in ConnectionValue]: AgentConnection[K] };

/** Main's view of a connection in a worker: the same methods and values, plus its `signal` and `close`. */
export type RemoteConnection = Pick<AgentConnection, ConnectionMethod | ConnectionValue> & {
  /** Aborts when the connection ends, for any reason; `signal.reason` says why (an Error). */
  readonly signal: AbortSignal;
  /** Ends the connection and its worker. Stop the process first (see AgentConnection.close). */
  close(): void;
  /**
   * Resolves once everything the worker has written so far has been handed to the agent's stdin, or after
   * DRAIN_TIMEOUT_MS; never rejects. Call before stopping the process.
   */
  drain(): Promise<void>;
};

/**
 * Each callback's kind: a `request` returns a promise the worker waits for (its JSON-RPC answer); a
 * `notify` returns nothing. Derived from the return type, so a wrong entry does not build.
 */
export const CALLBACK_KINDS = {
  onElicitation: 'request',
  onElicitationComplete: 'notify',
  onSessionUpdate: 'notify',
  onPermission: 'request',
  onReadTextFile: 'request',
  onWriteTextFile: 'request',
  onCancelRequest: 'notify',
  onRequestEnded: 'notify',
} as const satisfies { [K in keyof ConnectionCallbacks]: ReturnType<ConnectionCallbacks[K]> extends Promise<unknown> ? 'request' : 'notify' };
export type CallbackName = keyof ConnectionCallbacks;

// ── messages ────────────────────────────────────────────────────────────────────────────────────────

/** An error as it crosses: enough to rebuild a `RequestError` (its JSON-RPC code and data) or a budget. */
export interface WireError {
  name: string;
  message: string;
  code?: number;
  data?: unknown;
  /** The SDK reports a reply failing its schema as an error with zod `issues`; only their presence crosses. */
  issues?: true;
  /** A {@link HandshakeFailed}'s quoted output and whether the agent closed its output. */
  printed?: string;
  closed?: true;
}

/** What the worker needs to start the handshake. */
export interface WorkerInit {
  modes: Array<'form' | 'url'>;
  clientInfo: { name: string; title: string; version: string };
  initializeTimeoutMs?: number;
}

/** One callback call inside a batch; `callId` is set for requests (main answers with `result`). */
export interface WireCall {
  name: CallbackName;
  args: unknown[];
  callId?: number;
}

export type MainToWorker =
  | { t: 'init'; init: WorkerInit }
  | { t: 'bytes'; chunk: Uint8Array }
  | { t: 'end' }
  | { t: 'call'; callId: number; name: ConnectionMethod; args: unknown[] }
  | { t: 'result'; callId: number; ok: true; value: unknown }
  | { t: 'result'; callId: number; ok: false; error: WireError }
  | { t: 'abort'; signalId: number; reason: WireError }
  | { t: 'ack'; bytes: number }
  | { t: 'drain'; drainId: number }
  | { t: 'close' };

export type WorkerToMain =
  | { t: 'ready'; values: ConnectionValues }
  | { t: 'failed'; error: WireError }
  | { t: 'ackBytes'; bytes: number }
  // `takenBytes`: relayed bytes taken in since the last report, carried by the next batch or write (see
  // main-port.ts, TELL_TAKEN_BYTES) instead of a message of their own.
  | { t: 'write'; chunk: Uint8Array; takenBytes?: number }
  | { t: 'batch'; calls: WireCall[]; bytes: number; takenBytes?: number }
  | { t: 'result'; callId: number; ok: true; value: unknown }
  | { t: 'result'; callId: number; ok: false; error: WireError }
  | { t: 'abort'; signalId: number; reason: WireError }
  | { t: 'notice'; text: string }
  | { t: 'log'; line: string }
  | { t: 'drained'; drainId: number }
  | { t: 'closed'; ended: boolean; error?: WireError };

// ── errors and signals ──────────────────────────────────────────────────────────────────────────────

/** An error (or anything thrown) as plain data. */
export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const wire: WireError = { name: error.name, message: error.message };
  if (error instanceof RequestError) {
    wire.code = error.code;
    if (error.data !== undefined) wire.data = structuredCloneable(error.data);
  }
  if ('issues' in error) wire.issues = true;
  if (error instanceof HandshakeFailed) {
    if (error.printed !== undefined) wire.printed = error.printed;
    if (error.closed) wire.closed = true;
  }
  return wire;
}

/** The error a {@link WireError} stands for: a `RequestError` when it has a code, a `BudgetExceeded`, or an Error. */
export function fromWireError(wire: WireError): Error {
  if (wire.code !== undefined) return new RequestError(wire.code, wire.message, wire.data);
  if (wire.name === 'BudgetExceeded') return new BudgetExceeded(wire.message);
  if (wire.name === 'HandshakeFailed') return new HandshakeFailed(wire.message, wire.printed, wire.closed === true);
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.issues) Object.assign(error, { issues: [] });
  return error;
}

function structuredCloneable(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

/** Marker standing for an `AbortSignal` across the boundary. */
interface SignalMarker {
  $signal: number;
}

function isSignalMarker(value: unknown): value is SignalMarker {
  return typeof value === 'object' && value !== null && typeof (value as SignalMarker).$signal === 'number';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** Replaces each `AbortSignal` in `args` (top level or a direct property) with a marker from `register`. */
export function encodeSignals(args: unknown[], register: (signal: AbortSignal) => number): unknown[] {
  const encode = (value: unknown) => (value instanceof AbortSignal ? { $signal: register(value) } : value);
  return args.map((arg) => {
    if (arg instanceof AbortSignal) return encode(arg);
    if (!isPlainObject(arg) || !Object.values(arg).some((v) => v instanceof AbortSignal)) return arg;
    return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, encode(v)]));
  });
}

/** The inverse of {@link encodeSignals}: each marker becomes the signal `resolve` gives for its id. */
export function decodeSignals(args: unknown[], resolve: (id: number) => AbortSignal): unknown[] {
  const decode = (value: unknown) => (isSignalMarker(value) ? resolve(value.$signal) : value);
  return args.map((arg) => {
    if (isSignalMarker(arg)) return decode(arg);
    if (!isPlainObject(arg) || !Object.values(arg).some(isSignalMarker)) return arg;
    return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, decode(v)]));
  });
}
