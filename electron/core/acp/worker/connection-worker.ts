/**
 * The worker that owns one agent connection (docs/isolation.md).
 *
 * Main relays the agent's bytes in (`bytes`, `end`) and writes what this worker sends out (`write`);
 * everything that reads what the agent sent runs here: the SDK's framing and validation, the depth
 * guard, the handshake, session-update normalisation, the checks on forms before they are queued. Main
 * sees only {@link WorkerToMain} messages: plain, bounded, batched data.
 *
 * Backpressure, end to end: this worker takes the next chunk of bytes in only while main has acknowledged
 * all but {@link EVENT_WINDOW_BYTES} of the callbacks it posted, and tells main how many bytes it took, which
 * main needs before it reads more of the agent's stdout (RELAY_WINDOW_BYTES): with the next batch or write it
 * posts, or on their own past {@link TELL_TAKEN_BYTES}.
 */
import { parentPort, type TransferListItem } from 'node:worker_threads';
import { RequestError } from '@agentclientprotocol/sdk';
import { connectAgent, type AgentConnection, type ConnectionCallbacks } from '../agent-connection';
import type { NormalizedUpdate } from '../session-updates';
import {
  BudgetExceeded,
  EVENT_WINDOW_BYTES,
  MAX_BATCHES_IN_FLIGHT,
  MAX_BYTES_BEFORE_INITIALIZE,
  MAX_CALLS_PER_BATCH,
  MAX_FORM_SCHEMA_BYTES,
  MAX_LINE_BYTES,
  MAX_PENDING_BYTES_PER_AGENT,
  RELAY_WINDOW_BYTES,
  TOO_MANY_REQUESTS,
} from '../../budgets';
import { findSchemaSizeProblem } from '../../../../shared/form-schema/limits';
import {
  CALLBACK_KINDS,
  CONNECTION_METHODS,
  CONNECTION_VALUES,
  decodeSignals,
  encodeSignals,
  fromWireError,
  toWireError,
  type CallbackName,
  type ConnectionValues,
  type MainToWorker,
  type WireCall,
  type WorkerInit,
  type WorkerToMain,
} from './surface';
import { startWarmUp, warmUpSteps } from './warm-up';
import { OutputBeforeReady } from './output-before-ready';
import { HandshakeFailed } from '../handshake-failure';

const MiB = 1024 * 1024;

if (!parentPort) throw new Error('connection-worker runs as a worker thread');
const port = parentPort;

/**
 * Untold bytes past which the worker tells main at once (`ackBytes`); below it they ride on the next batch or
 * write. A message of their own per chunk woke main once more per chunk, and it went out just as the chunk's
 * messages were about to be parsed (elicitation round trip). It cannot stall main: main stops reading
 * only with RELAY_WINDOW_BYTES relayed and not yet told of, so at least three quarters of that are still on their
 * way here or queued, and taking them in passes this mark.
 */
const TELL_TAKEN_BYTES = RELAY_WINDOW_BYTES / 4;
/** Relayed bytes taken in that main has not been told of yet. */
let untoldBytes = 0;

const post = (message: WorkerToMain, transfer: TransferListItem[] = []) => {
  if (untoldBytes > 0 && (message.t === 'batch' || message.t === 'write')) {
    message.takenBytes = untoldBytes;
    untoldBytes = 0;
  }
  port.postMessage(message, transfer);
};

/** Counts a chunk taken in; tells main on its own only past {@link TELL_TAKEN_BYTES}. */
function tookIn(bytes: number): void {
  untoldBytes += bytes;
  if (untoldBytes < TELL_TAKEN_BYTES) return;
  port.postMessage({ t: 'ackBytes', bytes: untoldBytes } satisfies WorkerToMain);
  untoldBytes = 0;
}

// ── bytes in: the agent's stdout as main relays it ──────────────────────────────────────────────────

const chunks: Uint8Array[] = [];
let inputEnded = false;
let wakeInput: (() => void) | undefined;
/** Bytes taken in before the handshake finished (MAX_BYTES_BEFORE_INITIALIZE). */
let bytesBeforeReady = 0;
let ready = false;
/** Text the agent prints before the handshake is done, which shows early that it will not answer. */
const outputBeforeReady = new OutputBeforeReady();

/**
 * Bytes handed to the SDK's framing at most per read, when main has relayed several chunks meanwhile. Each read
 * costs a turn of the event loop and a batch posted to main, which wakes main to acknowledge it; while the agent
 * streams, main keeps the relay window full (RELAY_WINDOW_BYTES: ~16 pipe reads of 64 KiB wait here), so taking
 * them one per read spent about a tenth of the worker's time on that (CPU profile, bench scenario a). Just under {@link TELL_TAKEN_BYTES}, so
 * what a read takes rides on the batch its messages make instead of a message of its own, and three quarters of
 * the window stay queued behind it.
 */
const MAX_READ_BYTES = TELL_TAKEN_BYTES - 1;

const stdout = new ReadableStream<Uint8Array>(
  {
    async pull(controller) {
      while (!chunks.length && !inputEnded) await new Promise<void>((wake) => (wakeInput = wake));
      if (!chunks.length) return controller.close();
      await events.roomForMore();
      // Let everything the previous read started run to its end first, so no more than one read's
      // messages are ever in flight inside this worker. Also when the worker was idle, waiting for bytes:
      // main posts chunks while this worker drains its port, so without this turn the queue's setImmediate
      // never ran during a stream and a whole stream reached main as two batches (skipping it to
      // save a lone request's ~0.06 ms made the streamed text appear in two jumps).
      await new Promise<void>((done) => setImmediate(done));
      // Every chunk queued now, up to MAX_READ_BYTES (and at least one), enqueued together: the SDK reads those
      // after the first from this stream's queue in the same turn, without their being copied into one.
      let taken = 0;
      do {
        const chunk = chunks.shift()!;
        if (!ready) {
          if ((bytesBeforeReady += chunk.byteLength) > MAX_BYTES_BEFORE_INITIALIZE) {
            return controller.error(new BudgetExceeded(`it sent more than ${MAX_BYTES_BEFORE_INITIALIZE / MiB} MiB before answering initialize`));
          }
          outputBeforeReady.take(chunk);
        }
        controller.enqueue(chunk);
        taken += chunk.byteLength;
      } while (chunks.length && taken + chunks[0].byteLength <= MAX_READ_BYTES);
      tookIn(taken);
    },
  },
  { highWaterMark: 0 },
);

// ── bytes out: main writes them to the agent's stdin (and bounds that queue) ─────────────────────────

const stdin = new WritableStream<Uint8Array>({
  write(chunk) {
    const copy = new Uint8Array(chunk);
    post({ t: 'write', chunk: copy }, [copy.buffer]);
  },
});

// ── callbacks out: batched, coalesced, within the event window ──────────────────────────────────────

/**
 * Everything this worker posts to main after the handshake, in order: callbacks, gathered into batches of
 * at most MAX_CALLS_PER_BATCH and sent only while fewer than MAX_BATCHES_IN_FLIGHT are unacknowledged
 * (and fewer than EVENT_WINDOW_BYTES), and the messages that must not overtake them (method results,
 * aborts, the close), which wait their turn behind the calls queued before them.
 */
class EventQueue {
  private readonly queue: Array<{ call: WireCall; bytes: number } | { message: WorkerToMain }> = [];
  private queuedCalls = 0;
  private scheduled = false;
  private inFlight = 0;
  private batchesInFlight = 0;
  private waiters: Array<() => void> = [];

  /** Queues one call; consecutive streamed text of one message, or output of one terminal, joins the call before it. */
  push(call: WireCall, bytes: number): void {
    if (!this.coalesce(call, bytes)) {
      this.queue.push({ call, bytes });
      this.queuedCalls++;
    }
    // A request (someone waits for its answer) goes now, with the calls queued before it, rather than after the
    // rest of the chunk it came in: a card in the middle of a stream reaches main a chunk's parse sooner.
    if (call.callId !== undefined) {
      this.pump();
      return;
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    }
  }

  /** Posts `message` once every call queued before it has been posted. */
  post(message: WorkerToMain): void {
    this.queue.push({ message });
    this.pump();
  }

  /** Posts what credit allows, in order. */
  pump(): void {
    while (this.queue.length) {
      const head = this.queue[0];
      if ('message' in head) {
        this.queue.shift();
        post(head.message);
        continue;
      }
      if (!this.hasRoom()) return;
      const calls: WireCall[] = [];
      let bytes = 0;
      while (this.queue.length && 'call' in this.queue[0] && calls.length < MAX_CALLS_PER_BATCH && (calls.length === 0 || bytes < EVENT_WINDOW_BYTES / 2)) {
        const item = this.queue.shift() as { call: WireCall; bytes: number };
        calls.push(item.call);
        bytes += item.bytes;
      }
      this.queuedCalls -= calls.length;
      post({ t: 'batch', calls, bytes });
      this.inFlight += bytes;
      this.batchesInFlight++;
    }
  }

  acked(bytes: number): void {
    this.inFlight -= bytes;
    this.batchesInFlight--;
    this.pump();
    if (this.hasRoom() && this.queuedCalls < MAX_CALLS_PER_BATCH) this.waiters.splice(0).forEach((wake) => wake());
  }

  /** Resolves once main has caught up: credit left, and no more than a batch of calls waiting for it. */
  roomForMore(): Promise<void> {
    if (this.hasRoom() && this.queuedCalls < MAX_CALLS_PER_BATCH) return Promise.resolve();
    return new Promise((wake) => this.waiters.push(wake));
  }

  private hasRoom(): boolean {
    return this.inFlight < EVENT_WINDOW_BYTES && this.batchesInFlight < MAX_BATCHES_IN_FLIGHT;
  }

  private coalesce(call: WireCall, bytes: number): boolean {
    const tail = this.queue.at(-1);
    if (!tail || !('call' in tail)) return false;
    const last = tail.call;
    if (call.name !== 'onSessionUpdate' || last.name !== 'onSessionUpdate' || last.args[0] !== call.args[0]) return false;
    const [before, next] = [last.args[1] as NormalizedUpdate, call.args[1] as NormalizedUpdate];
    if (next.kind === 'terminal_output' && before.kind === 'terminal_output' && before.terminalId === next.terminalId) {
      this.joinTerminalOutput(last, before, next.data);
      tail.bytes += bytes;
      return true;
    }
    if ((next.kind !== 'agent_text' && next.kind !== 'thought_text') || before.kind !== next.kind || before.messageId !== next.messageId) return false;
    // The queued update is copied once, then extended in place: a copy per chunk was garbage per chunk.
    if (before === this.joinedTail) before.text += next.text;
    else {
      const copy = { ...before, text: before.text + next.text };
      this.joinedTail = copy;
      last.args[1] = copy;
    }
    tail.bytes += bytes;
    return true;
  }

  /** The update this queue made by joining chunks, so it may extend it in place; only the tail is ever extended. */
  private joinedTail: object | undefined;
  /** The joined terminal output's bytes, with room to grow: its `data` is this buffer's start. */
  private joinedBytes: Uint8Array | undefined;

  /**
   * Appends `data` to the queued terminal update `before` (the tail call's), so main gets one callback for the run
   * (each chunk was one: main copied and decoded the terminal's 64 KiB tail per 16-byte chunk, 3.5 s of main in a
   * 6 s flood). Bytes go into a buffer that doubles as needed: linear in the run.
   */
  private joinTerminalOutput(last: WireCall, before: Extract<NormalizedUpdate, { kind: 'terminal_output' }>, data: Uint8Array): void {
    let joined = before;
    if (before !== this.joinedTail) {
      joined = { ...before };
      this.joinedTail = joined;
      this.joinedBytes = undefined;
      last.args[1] = joined;
    }
    const length = joined.data.length + data.length;
    if (!this.joinedBytes || this.joinedBytes.length < length) {
      const grown = new Uint8Array(Math.max(2 * length, 4096));
      grown.set(joined.data);
      this.joinedBytes = grown;
    }
    this.joinedBytes.set(data, joined.data.length);
    joined.data = this.joinedBytes.subarray(0, length);
  }
}
const events = new EventQueue();

// ── callbacks: each one posts to main; requests wait for main's answer ──────────────────────────────

let nextId = 1;
const pendingCalls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; bytes: number }>();
let heldBytes = 0;
/** The user is told once per connection that requests are being refused, not once per request. */
let toldAboutHeldBytes = false;
const signalListeners = new Map<number, { signal: AbortSignal; onAbort: () => void }>();

function registerSignal(signal: AbortSignal): number {
  const signalId = nextId++;
  // Callbacks queued before the abort reach main before it (the request it aborts may be among them).
  const onAbort = () => events.post({ t: 'abort', signalId, reason: toWireError(signal.reason) });
  // The SDK may abort a request's signal before its handler runs (a `$/cancel_request` right behind the
  // request): an abort listener would then never fire and the request would wait for ever (spec E-CXL-1).
  // The abort is posted after the call that carries the signal, which the caller queues synchronously.
  if (signal.aborted) queueMicrotask(onAbort);
  else signal.addEventListener('abort', onAbort, { once: true });
  signalListeners.set(signalId, { signal, onAbort });
  return signalId;
}

function forgetSignals(ids: number[]): void {
  for (const id of ids) {
    const entry = signalListeners.get(id);
    entry?.signal.removeEventListener('abort', entry.onAbort);
    signalListeners.delete(id);
  }
}

/**
 * Checks run here, on what the agent sent, before a callback crosses to main: what main would refuse
 * anyway is refused without main ever holding it. Throw a RequestError to answer the agent. A check that
 * measured the call's JSON returns its length, which then stands for {@link wireBytes} (one serialisation
 * of a form per request, not two).
 */
const PRECHECKS: { [K in CallbackName]?: (...args: Parameters<ConnectionCallbacks[K]>) => number | undefined } = {
  onElicitation: (request) => {
    const { params } = request;
    if (params.mode !== 'form') return undefined;
    const problem = findSchemaSizeProblem(params.requestedSchema);
    if (problem) refuseForm(problem);
    // The whole request's JSON bounds its schema's, so only a request over the limit has its schema measured apart.
    const requestBytes = JSON.stringify([request]).length;
    if (requestBytes <= MAX_FORM_SCHEMA_BYTES) return requestBytes;
    const bytes = JSON.stringify(params.requestedSchema ?? null).length;
    if (bytes > MAX_FORM_SCHEMA_BYTES) {
      refuseForm(`The form's schema is ${(bytes / MiB).toFixed(1)} MiB; Switchboard takes at most ${MAX_FORM_SCHEMA_BYTES / MiB} MiB.`);
    }
    return requestBytes;
  },
};

/**
 * Refused forms the user is told of per connection, each in a notice of its own (errors stay until dismissed);
 * past them the agent is still answered, and the user has been told enough to know this agent misbehaves.
 */
const MAX_REFUSED_FORM_NOTICES = 3;
let refusedFormNotices = 0;

/**
 * Refuses a form the worker found too large to show: the agent gets -32602 with `reason` (a sentence, as
 * findSchemaSizeProblem gives), and the user the same sentence (main's own refusals become a refused card; these
 * never reach main). Always throws.
 */
function refuseForm(reason: string): never {
  if (refusedFormNotices < MAX_REFUSED_FORM_NOTICES) {
    refusedFormNotices += 1;
    post({ t: 'notice', text: `Switchboard refused a form this agent asked for: ${reason} The agent was told; nothing was asked of you.` });
  }
  throw RequestError.invalidParams({ requestedSchema: reason }, reason);
}

/** What a streamed text update adds beyond its strings when posted (the update's fixed fields), in bytes. */
const TEXT_UPDATE_OVERHEAD_BYTES = 64;

/**
 * The size a call is counted at against the event window and the pending-bytes budget: its JSON length, except
 * for streamed text, counted as its strings' lengths plus {@link TEXT_UPDATE_OVERHEAD_BYTES} (JSON.stringify of
 * every chunk was 7 % of the worker's ingest time; a string's length is also nearer what it costs to clone).
 */
function wireBytes(name: CallbackName, wireArgs: unknown[]): number {
  if (name === 'onSessionUpdate') {
    const update = wireArgs[1] as NormalizedUpdate;
    if (update.kind === 'agent_text' || update.kind === 'thought_text' || update.kind === 'user_text') {
      return TEXT_UPDATE_OVERHEAD_BYTES + (wireArgs[0] as string).length + update.text.length + (update.messageId?.length ?? 0);
    }
  }
  return JSON.stringify(wireArgs).length;
}

function callbackProxy(): ConnectionCallbacks {
  const proxy = {} as Record<CallbackName, (...args: unknown[]) => unknown>;
  for (const name of Object.keys(CALLBACK_KINDS) as CallbackName[]) {
    proxy[name] = (...args: unknown[]) => {
      const measured = (PRECHECKS[name] as ((...a: unknown[]) => number | undefined) | undefined)?.(...args);
      const signalIds: number[] = [];
      const wireArgs = encodeSignals(args, (signal) => {
        const id = registerSignal(signal);
        signalIds.push(id);
        return id;
      });
      // The measured JSON counts each signal as `{}` where its marker crosses: a few bytes, for budgets in MiB.
      const bytes = measured ?? wireBytes(name, wireArgs);
      if (CALLBACK_KINDS[name] === 'notify') {
        events.push({ name, args: wireArgs }, bytes);
        return undefined;
      }
      if (heldBytes + bytes > MAX_PENDING_BYTES_PER_AGENT) {
        forgetSignals(signalIds);
        const text = `its requests waiting for an answer already hold ${MAX_PENDING_BYTES_PER_AGENT / MiB} MiB`;
        if (!toldAboutHeldBytes) post({ t: 'notice', text: `Switchboard refused a request from this agent: ${text}. Answer or dismiss some first.` });
        toldAboutHeldBytes = true;
        return Promise.reject(new RequestError(TOO_MANY_REQUESTS, `Too much is waiting: ${text}; try again later`));
      }
      const callId = nextId++;
      heldBytes += bytes;
      return new Promise((resolve, reject) => {
        pendingCalls.set(callId, { resolve, reject, bytes });
        events.push({ name, args: wireArgs, callId }, bytes);
      }).finally(() => forgetSignals(signalIds));
    };
  }
  // The stream's hot path, once per chunk: a session update is a notification with no precheck and no signal, so
  // it goes straight to the queue (coalesced there with the text before it) without the generic steps above.
  proxy.onSessionUpdate = (sessionId, update) => {
    const args = [sessionId, update];
    events.push({ name: 'onSessionUpdate', args }, wireBytes('onSessionUpdate', args));
  };
  return proxy as unknown as ConnectionCallbacks;
}

// ── main's calls into the connection ────────────────────────────────────────────────────────────────

let connection: AgentConnection | undefined;
const mainSignals = new Map<number, AbortController>();

async function runCall(callId: number, name: keyof typeof CONNECTION_METHODS, args: unknown[]): Promise<void> {
  const ids: number[] = [];
  const decoded = decodeSignals(args, (id) => {
    const controller = new AbortController();
    mainSignals.set(id, controller);
    ids.push(id);
    return controller.signal;
  });
  try {
    if (!connection) throw new Error('The agent is not connected.');
    const method = connection[name] as (...a: unknown[]) => Promise<unknown>;
    const value = await method.apply(connection, decoded);
    // What the agent sent before its answer (say, the chunks of a v1 turn) reaches main before the answer.
    events.post({ t: 'result', callId, ok: true, value });
  } catch (error) {
    events.post({ t: 'result', callId, ok: false, error: toWireError(error) });
  } finally {
    for (const id of ids) mainSignals.delete(id);
  }
}

function closeReason(reason: unknown): Error {
  if (reason instanceof Error && reason.name === 'MessageTooLargeError') {
    return new BudgetExceeded(`it sent a message larger than ${MAX_LINE_BYTES / MiB} MiB`);
  }
  return reason instanceof Error ? reason : new Error(String(reason));
}

async function start(init: WorkerInit): Promise<void> {
  try {
    connection = await connectAgent({
      stdin,
      stdout,
      modes: init.modes,
      clientInfo: init.clientInfo,
      initializeTimeoutMs: init.initializeTimeoutMs,
      givenUp: outputBeforeReady.givenUp,
      callbacks: callbackProxy(),
      log: (line) => post({ t: 'log', line }),
    });
  } catch (error) {
    outputBeforeReady.stop();
    // Whatever ended the handshake, the text the agent printed instead of answering says the most.
    const printed = outputBeforeReady.printed;
    const failure = error instanceof HandshakeFailed && !error.printed && printed ? new HandshakeFailed(error.message, printed, error.closed) : error;
    // Nothing waits for credit before the handshake is done (main acknowledges batches from the start).
    events.post({ t: 'failed', error: toWireError(closeReason(failure)) });
    return;
  }
  ready = true;
  outputBeforeReady.stop();
  const live = connection;
  const values = Object.fromEntries(Object.keys(CONNECTION_VALUES).map((key) => [key, live[key as keyof ConnectionValues]])) as ConnectionValues;
  live.signal.addEventListener(
    'abort',
    () => events.post({ t: 'closed', ended: inputEnded, ...(inputEnded ? {} : { error: toWireError(closeReason(live.signal.reason)) }) }),
    { once: true },
  );
  events.post({ t: 'ready', values });
  // The first update and the first request of the connection would otherwise run on cold code (warm-up.ts).
  const stopWarmUp = startWarmUp(warmUpSteps(live.version), () => chunks.length > 0);
  live.signal.addEventListener('abort', stopWarmUp, { once: true });
}

port.on('message', (message: MainToWorker) => {
  switch (message.t) {
    case 'init':
      void start(message.init);
      return;
    case 'bytes':
      chunks.push(message.chunk);
      wakeInput?.();
      return;
    case 'end':
      inputEnded = true;
      wakeInput?.();
      return;
    case 'call':
      void runCall(message.callId, message.name, message.args);
      return;
    case 'result': {
      const call = pendingCalls.get(message.callId);
      if (!call) return;
      pendingCalls.delete(message.callId);
      heldBytes -= call.bytes;
      if (message.ok) call.resolve(message.value);
      else call.reject(fromWireError(message.error));
      return;
    }
    case 'abort':
      mainSignals.get(message.signalId)?.abort(fromWireError(message.reason));
      return;
    case 'ack':
      events.acked(message.bytes);
      return;
    case 'drain': {
      // Writes the SDK has started are settled by the next macrotask; 'write' posts precede 'drained'.
      const { drainId } = message;
      setImmediate(() => post({ t: 'drained', drainId }));
      return;
    }
    case 'close':
      connection?.close();
      return;
  }
});
