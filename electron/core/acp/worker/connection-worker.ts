/**
 * The worker that owns one agent connection (docs/isolation.md).
 *
 * Main relays the agent's bytes in (`bytes`, `end`) and writes what this worker sends out (`write`);
 * everything that reads what the agent sent runs here: the SDK's framing and validation, the depth
 * guard, the handshake, session-update normalisation, the checks on forms before they are queued. Main
 * sees only `WorkerToMain` messages (surface.ts): plain, bounded, batched data.
 *
 * Backpressure, end to end: this worker takes the next chunk of bytes in only while main has acknowledged
 * all but EVENT_WINDOW_BYTES of the callbacks it posted (event-queue.ts), and tells main how many bytes it took,
 * which main needs before it reads more of the agent's stdout (RELAY_WINDOW_BYTES): with the next batch or write it
 * posts, or on their own past TELL_TAKEN_BYTES (main-port.ts).
 *
 * This file is the worker's entry: it wires the parts (agent-input.ts, event-queue.ts, callback-relay.ts,
 * main-port.ts) to the connection and dispatches main's messages.
 */
import { parentPort } from 'node:worker_threads';
import { connectAgent, type AgentConnection } from '../agent-connection';
import { BudgetExceeded, MAX_LINE_BYTES } from '../../budgets';
import {
  CONNECTION_METHODS,
  CONNECTION_VALUES,
  decodeSignals,
  fromWireError,
  toWireError,
  type ConnectionValues,
  type MainToWorker,
  type WorkerInit,
} from './surface';
import { startWarmUp, warmUpSteps } from './warm-up';
import { HandshakeFailed } from '../handshake-failure';
import { MainPort } from './main-port';
import { EventQueue } from './event-queue';
import { AgentInput } from './agent-input';
import { CallbackRelay } from './callback-relay';

const MiB = 1024 * 1024;

if (!parentPort) throw new Error('connection-worker runs as a worker thread');
const port = parentPort;

const main = new MainPort(port);
const post = main.post;
const events = new EventQueue(post);
const relay = new CallbackRelay(events, post);

// ── bytes in: the agent's stdout as main relays it ──────────────────────────────────────────────────

const input = new AgentInput(
  () => events.roomForMore(),
  (bytes) => main.tookIn(bytes),
);

// ── bytes out: main writes them to the agent's stdin (and bounds that queue) ─────────────────────────

const stdin = new WritableStream<Uint8Array>({
  write(chunk) {
    const copy = new Uint8Array(chunk);
    post({ t: 'write', chunk: copy }, [copy.buffer]);
  },
});

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
  const { outputBeforeReady } = input;
  try {
    connection = await connectAgent({
      stdin,
      stdout: input.stream,
      modes: init.modes,
      clientInfo: init.clientInfo,
      initializeTimeoutMs: init.initializeTimeoutMs,
      givenUp: outputBeforeReady.givenUp,
      callbacks: relay.callbacks(),
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
  input.markReady();
  const live = connection;
  const values = Object.fromEntries(Object.keys(CONNECTION_VALUES).map((key) => [key, live[key as keyof ConnectionValues]])) as ConnectionValues;
  live.signal.addEventListener(
    'abort',
    () => events.post({ t: 'closed', ended: input.ended, ...(input.ended ? {} : { error: toWireError(closeReason(live.signal.reason)) }) }),
    { once: true },
  );
  events.post({ t: 'ready', values });
  // The first update and the first request of the connection would otherwise run on cold code (warm-up.ts).
  const stopWarmUp = startWarmUp(warmUpSteps(live.version), () => input.hasQueued);
  live.signal.addEventListener('abort', stopWarmUp, { once: true });
}

port.on('message', (message: MainToWorker) => {
  switch (message.t) {
    case 'init':
      void start(message.init);
      return;
    case 'bytes':
      input.push(message.chunk);
      return;
    case 'end':
      input.end();
      return;
    case 'call':
      void runCall(message.callId, message.name, message.args);
      return;
    case 'result':
      relay.answered(message);
      return;
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
