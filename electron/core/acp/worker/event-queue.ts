/**
 * The worker's queue of what it posts to main after the handshake (docs/isolation.md): callbacks batched and
 * coalesced within the event window (EVENT_WINDOW_BYTES, MAX_BATCHES_IN_FLIGHT), and the messages that must not
 * overtake them.
 */
import type { NormalizedUpdate } from '../session-updates';
import { EVENT_WINDOW_BYTES, MAX_BATCHES_IN_FLIGHT, MAX_CALLS_PER_BATCH } from '../../budgets';
import type { WireCall, WorkerToMain } from './surface';

/**
 * Everything this worker posts to main after the handshake, in order: callbacks, gathered into batches of
 * at most MAX_CALLS_PER_BATCH and sent only while fewer than MAX_BATCHES_IN_FLIGHT are unacknowledged
 * (and fewer than EVENT_WINDOW_BYTES), and the messages that must not overtake them (method results,
 * aborts, the close), which wait their turn behind the calls queued before them.
 * Messages go out through the `send` it is given (MainPort.post).
 */
export class EventQueue {
  private readonly queue: Array<{ call: WireCall; bytes: number } | { message: WorkerToMain }> = [];
  private queuedCalls = 0;
  private scheduled = false;
  private inFlight = 0;
  private batchesInFlight = 0;
  private waiters: Array<() => void> = [];

  /** @param send posts one message to main. */
  constructor(private readonly send: (message: WorkerToMain) => void) {}

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
        this.send(head.message);
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
      this.send({ t: 'batch', calls, bytes });
      this.inFlight += bytes;
      this.batchesInFlight++;
    }
  }

  /** Main acknowledged a batch of `bytes`: frees its credit, posts what now fits and wakes waiting reads. */
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
