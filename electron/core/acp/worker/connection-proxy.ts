/**
 * Main's side of an agent connection that runs in a worker of its own (docs/isolation.md).
 *
 * {@link connectAgentInWorker} takes the same options as `connectAgent` and returns a {@link RemoteConnection}
 * with the same methods and values, so the hub does not care where the connection runs. Main does three
 * things per agent here, none of which grows with what the agent sends:
 * - relays bytes: the agent's stdout into the worker (pausing while {@link RELAY_WINDOW_BYTES} are not yet
 *   taken in, which is backpressure on the agent), and the worker's output to the agent's stdin (failing
 *   the connection when more than {@link MAX_STDIN_QUEUE_BYTES} wait for an agent that does not read);
 * - runs the worker's callback batches on the real callbacks and acknowledges each batch;
 * - forwards method calls generically, by the tables in surface.ts.
 *
 * The byte streams may come from anything, not only a child's stdio (a MessagePort relayed into web
 * streams, for example): that is the seam for a non-stdio transport.
 */
import { Worker, type TransferListItem } from 'node:worker_threads';
import {
  BudgetExceeded,
  MAX_STDIN_QUEUE_BYTES,
  MAX_WORKER_CONSOLE_LINE_CHARS,
  MAX_WORKER_CONSOLE_LINES,
  RELAY_WINDOW_BYTES,
  WORKER_OLD_GENERATION_MB,
  WORKER_STACK_MB,
  WORKER_YOUNG_GENERATION_MB,
} from '../../budgets';
import type { ConnectOptions, ConnectionCallbacks } from '../agent-connection';
import {
  CALLBACK_KINDS,
  CONNECTION_METHODS,
  decodeSignals,
  encodeSignals,
  fromWireError,
  toWireError,
  type ConnectionMethod,
  type ConnectionValues,
  type MainToWorker,
  type RemoteConnection,
  type WireCall,
  type WorkerToMain,
} from './surface';
import { connectionWorkerEntry } from './worker-entry';

const MiB = 1024 * 1024;
/** How long stopping an agent waits for its worker's last writes, in ms. */
const DRAIN_TIMEOUT_MS = 250;

/** `connectAgent`'s options, plus where a sentence for the user goes (a request the worker refused). */
export interface WorkerConnectOptions extends ConnectOptions {
  notice?: (text: string) => void;
}

/**
 * Starts a worker for one agent and runs the handshake in it.
 * @param options as for `connectAgent`; `stdin`/`stdout` are the agent's byte streams, wherever they come from.
 * @returns the connection once initialized.
 * @throws Error with a plain sentence when the handshake fails, or a {@link BudgetExceeded} whose message is
 *   the clause after "Switchboard stopped <name>: " when the agent went over a budget first.
 */
export function connectAgentInWorker(options: WorkerConnectOptions): Promise<RemoteConnection> {
  return new WorkerConnection(options).ready;
}

class WorkerConnection {
  readonly ready: Promise<RemoteConnection>;
  private readonly worker: Worker;
  private readonly abort = new AbortController();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  /** Bytes relayed to the worker and not yet taken in. */
  private relayed = 0;
  private wakeRelay?: () => void;
  /** Bytes handed to the agent's stdin and not yet written. */
  private stdinQueued = 0;
  private nextId = 1;
  private readonly calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** Signals of the worker's pending callback requests, aborted on the worker's word or when it ends. */
  private readonly callbackSignals = new Map<number, AbortController>();
  private readonly drains = new Map<number, () => void>();
  private settleReady!: { resolve(connection: RemoteConnection): void; reject(error: Error): void };
  private initialized = false;

  constructor(private readonly options: WorkerConnectOptions) {
    this.ready = new Promise((resolve, reject) => (this.settleReady = { resolve, reject }));
    const entry = connectionWorkerEntry();
    this.worker = new Worker(entry.url, {
      ...(entry.workerData !== undefined ? { workerData: entry.workerData } : {}),
      resourceLimits: {
        maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
        stackSizeMb: WORKER_STACK_MB,
      },
      // The worker's console (the SDK's diagnostics) can quote what the agent sent: it is never piped
      // raw to ours, but read here and passed, bounded, to the redacting log.
      stdout: true,
      stderr: true,
    });
    this.forwardConsole();
    this.reader = options.stdout.getReader();
    this.writer = options.stdin.getWriter();
    this.worker.on('message', (message: WorkerToMain) => this.onMessage(message));
    this.worker.on('error', (error: Error & { code?: string }) => {
      const clause =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `it sent more than ${WORKER_OLD_GENERATION_MB} MB that was not yet handled`
          : `its connection failed (${error.message.slice(0, 200)})`;
      this.end(new BudgetExceeded(clause));
    });
    this.worker.on('exit', () => this.end(new Error('The connection to the agent ended.')));
    this.post({ t: 'init', init: { modes: options.modes, clientInfo: options.clientInfo, initializeTimeoutMs: options.initializeTimeoutMs } });
    void this.relay();
  }

  /**
   * Passes the worker's console lines to `options.log`, which redacts each line before it cuts it, at most
   * {@link MAX_WORKER_CONSOLE_LINES} of them.
   */
  private forwardConsole(): void {
    let forwarded = 0;
    for (const stream of [this.worker.stdout, this.worker.stderr]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        // Always consumed, so the worker never blocks on a full pipe; kept only up to the line cap.
        const lines = (partial + chunk).split('\n');
        partial = (lines.pop() ?? '').slice(0, MAX_WORKER_CONSOLE_LINE_CHARS);
        for (const line of lines) {
          if (forwarded > MAX_WORKER_CONSOLE_LINES) return;
          forwarded += 1;
          this.options.log?.(
            forwarded > MAX_WORKER_CONSOLE_LINES
              ? `its connection's diagnostics went past ${MAX_WORKER_CONSOLE_LINES} lines; the rest are not logged`
              : `connection diagnostics: ${line.slice(0, MAX_WORKER_CONSOLE_LINE_CHARS)}`,
          );
        }
      });
    }
  }

  private post(message: MainToWorker, transfer: TransferListItem[] = []): void {
    if (this.abort.signal.aborted) return;
    this.worker.postMessage(message, transfer);
  }

  /** The agent's stdout into the worker, never more than {@link RELAY_WINDOW_BYTES} ahead of it. */
  private async relay(): Promise<void> {
    try {
      for (;;) {
        while (this.relayed >= RELAY_WINDOW_BYTES && !this.abort.signal.aborted) await new Promise<void>((wake) => (this.wakeRelay = wake));
        if (this.abort.signal.aborted) return;
        const { value, done } = await this.reader.read();
        if (done || this.abort.signal.aborted) break;
        const chunk = new Uint8Array(value);
        this.relayed += chunk.byteLength;
        this.post({ t: 'bytes', chunk }, [chunk.buffer]);
      }
    } catch {
      // The agent's output failed (the process went away): the same as its end.
    }
    this.post({ t: 'end' });
  }

  /** The worker took `bytes` of the relayed output in: room in the relay window again. */
  private takenIn(bytes: number): void {
    this.relayed -= bytes;
    if (this.relayed < RELAY_WINDOW_BYTES) this.wakeRelay?.();
  }

  /** What the worker sends the agent, to its stdin; an agent that does not read it is stopped. */
  private write(chunk: Uint8Array): void {
    this.stdinQueued += chunk.byteLength;
    if (this.stdinQueued > MAX_STDIN_QUEUE_BYTES) {
      this.end(new BudgetExceeded(`it stopped reading what Switchboard sends it (more than ${MAX_STDIN_QUEUE_BYTES / MiB} MiB waiting)`));
      return;
    }
    this.writer.write(chunk).then(
      () => (this.stdinQueued -= chunk.byteLength),
      () => {},
    );
  }

  private onMessage(message: WorkerToMain): void {
    if (this.abort.signal.aborted) return;
    switch (message.t) {
      case 'ackBytes':
        return this.takenIn(message.bytes);
      case 'write':
        if (message.takenBytes) this.takenIn(message.takenBytes);
        return this.write(message.chunk);
      case 'batch':
        if (message.takenBytes) this.takenIn(message.takenBytes);
        for (const call of message.calls) this.runCallback(call);
        this.post({ t: 'ack', bytes: message.bytes });
        return;
      case 'abort':
        this.callbackSignals.get(message.signalId)?.abort(fromWireError(message.reason));
        return;
      case 'result': {
        const call = this.calls.get(message.callId);
        this.calls.delete(message.callId);
        if (message.ok) call?.resolve(message.value);
        else call?.reject(fromWireError(message.error));
        return;
      }
      case 'ready':
        this.initialized = true;
        this.settleReady.resolve(this.remote(message.values));
        return;
      case 'failed':
        return this.end(fromWireError(message.error));
      case 'notice':
        this.options.log?.(message.text);
        this.options.notice?.(message.text);
        return;
      case 'log':
        this.options.log?.(message.line);
        return;
      case 'drained':
        this.drains.get(message.drainId)?.();
        return;
      case 'closed':
        return this.end(message.error ? fromWireError(message.error) : new Error('The agent closed its connection.'), message.ended);
    }
  }

  private runCallback(call: WireCall): void {
    const callbacks = this.options.callbacks as unknown as Record<string, (...args: unknown[]) => unknown>;
    const args = decodeSignals(call.args, (id) => {
      const controller = new AbortController();
      this.callbackSignals.set(id, controller);
      return controller.signal;
    });
    const signalIds = call.args.flatMap((arg) => signalIdsIn(arg));
    const forget = () => signalIds.forEach((id) => this.callbackSignals.delete(id));
    if (CALLBACK_KINDS[call.name] === 'notify' || call.callId === undefined) {
      try {
        callbacks[call.name](...args);
      } catch (error) {
        this.options.log?.(`a ${call.name} callback threw: ${(error as Error).message}`);
      }
      return;
    }
    const callId = call.callId;
    const answer = (value: unknown) => this.post({ t: 'result', callId, ok: true, value });
    const fail = (error: unknown) => this.post({ t: 'result', callId, ok: false, error: toWireError(error) });
    // Run in its place in the batch, as the agent sent it: run after the batch's other calls, a form's record
    // reached the transcript below the chunks the agent sent after the form. The reaction is attached to the
    // callback's own promise (not a chain after it), so the answer is posted in the first microtask after it
    // settles, ahead of whatever bookkeeping the settling code queued behind it (elicitation round trip).
    let result: unknown;
    try {
      result = callbacks[call.name](...args);
    } catch (error) {
      fail(error);
      forget();
      return;
    }
    Promise.resolve(result).then(answer, fail).finally(forget);
  }

  /** Calls one of the connection's methods in the worker. */
  private call(name: ConnectionMethod, args: unknown[]): Promise<unknown> {
    if (this.abort.signal.aborted) return Promise.reject(this.abort.signal.reason as Error);
    const callId = this.nextId++;
    const cleanups: Array<() => void> = [];
    const wireArgs = encodeSignals(args, (signal) => {
      const signalId = this.nextId++;
      const onAbort = () => this.post({ t: 'abort', signalId, reason: toWireError(signal.reason) });
      // Already aborted: an abort listener would never fire; say so right after the call is posted.
      if (signal.aborted) queueMicrotask(onAbort);
      else signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
      return signalId;
    });
    return new Promise<unknown>((resolve, reject) => {
      this.calls.set(callId, { resolve, reject });
      this.post({ t: 'call', callId, name, args: wireArgs });
    }).finally(() => cleanups.forEach((cleanup) => cleanup()));
  }

  private remote(values: ConnectionValues): RemoteConnection {
    const methods = Object.fromEntries(
      (Object.keys(CONNECTION_METHODS) as ConnectionMethod[]).map((name) => [name, (...args: unknown[]) => this.call(name, args)]),
    );
    return {
      ...values,
      ...(methods as Pick<RemoteConnection, ConnectionMethod>),
      signal: this.abort.signal,
      close: () => this.end(new Error('Switchboard closed the connection.')),
      drain: () => this.drain(),
    };
  }

  private drain(): Promise<void> {
    if (this.abort.signal.aborted) return Promise.resolve();
    const drainId = this.nextId++;
    return new Promise<void>((done) => {
      const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
      const drains = this.drains;
      function finish() {
        clearTimeout(timer);
        drains.delete(drainId);
        done();
      }
      this.drains.set(drainId, finish);
      this.post({ t: 'drain', drainId });
    });
  }

  /**
   * Ends the connection once: the worker goes, main's signal aborts with `reason`, pending calls and the
   * signals of pending callback requests end with it. `ended`: the agent closed its output (not an error).
   */
  private end(reason: Error, ended = false): void {
    if (this.abort.signal.aborted) return;
    if (ended) Object.assign(reason, { ended: true });
    try {
      this.worker.postMessage({ t: 'close' } satisfies MainToWorker);
    } catch {
      // Already gone.
    }
    this.abort.abort(reason);
    void this.worker.terminate();
    this.wakeRelay?.();
    void this.reader.cancel().catch(() => {});
    for (const call of this.calls.values()) call.reject(reason);
    this.calls.clear();
    for (const controller of this.callbackSignals.values()) controller.abort(reason);
    this.callbackSignals.clear();
    for (const finish of [...this.drains.values()]) finish();
    if (!this.initialized) this.settleReady.reject(reason);
  }
}

/** Whether a connection's end was the agent closing its output, rather than an error or a budget. */
export function endedByAgent(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { ended?: unknown }).ended === true;
}

function signalIdsIn(arg: unknown): number[] {
  if (typeof arg !== 'object' || arg === null) return [];
  if (typeof (arg as { $signal?: unknown }).$signal === 'number') return [(arg as { $signal: number }).$signal];
  return Object.values(arg).flatMap((v) => (typeof v === 'object' && v !== null && typeof (v as { $signal?: unknown }).$signal === 'number' ? [(v as { $signal: number }).$signal] : []));
}

export type { RemoteConnection } from './surface';
export type { ConnectionCallbacks };
