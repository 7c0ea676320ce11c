/**
 * The agent's stdout as main relays it to this worker (`bytes`, `end`), read by the SDK's framing as a stream
 * (docs/isolation.md). It holds the bytes before the handshake to MAX_BYTES_BEFORE_INITIALIZE, and reads only while
 * main keeps up with the events the previous read made.
 */
import { BudgetExceeded, MAX_BYTES_BEFORE_INITIALIZE } from '../../budgets';
import { OutputBeforeReady } from './output-before-ready';
import { TELL_TAKEN_BYTES } from './main-port';

const MiB = 1024 * 1024;

/**
 * Bytes handed to the SDK's framing at most per read, when main has relayed several chunks meanwhile. Each read
 * costs a turn of the event loop and a batch posted to main, which wakes main to acknowledge it; while the agent
 * streams, main keeps the relay window full (RELAY_WINDOW_BYTES: ~16 pipe reads of 64 KiB wait here), so taking
 * them one per read spent about a tenth of the worker's time on that (CPU profile, bench scenario a). Just under {@link TELL_TAKEN_BYTES}, so
 * what a read takes rides on the batch its messages make instead of a message of its own, and three quarters of
 * the window stay queued behind it.
 */
const MAX_READ_BYTES = TELL_TAKEN_BYTES - 1;

/** The relayed stdout of the agent. */
export class AgentInput {
  private readonly chunks: Uint8Array[] = [];
  private inputEnded = false;
  private wakeInput: (() => void) | undefined;
  /** Bytes taken in before the handshake finished (MAX_BYTES_BEFORE_INITIALIZE). */
  private bytesBeforeReady = 0;
  private ready = false;
  /** Text the agent prints before the handshake is done, which shows early that it will not answer. */
  readonly outputBeforeReady = new OutputBeforeReady();
  /** What the SDK reads; it errors with BudgetExceeded past MAX_BYTES_BEFORE_INITIALIZE before the handshake. */
  readonly stream: ReadableStream<Uint8Array>;

  /**
   * @param roomForMore resolves once main has caught up with the events already posted (EventQueue).
   * @param tookIn counts bytes handed to the SDK, for main's relay window (MainPort).
   */
  constructor(roomForMore: () => Promise<void>, tookIn: (bytes: number) => void) {
    const { chunks } = this;
    this.stream = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          while (!chunks.length && !this.inputEnded) await new Promise<void>((wake) => (this.wakeInput = wake));
          if (!chunks.length) return controller.close();
          await roomForMore();
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
            if (!this.ready) {
              if ((this.bytesBeforeReady += chunk.byteLength) > MAX_BYTES_BEFORE_INITIALIZE) {
                return controller.error(new BudgetExceeded(`it sent more than ${MAX_BYTES_BEFORE_INITIALIZE / MiB} MiB before answering initialize`));
              }
              this.outputBeforeReady.take(chunk);
            }
            controller.enqueue(chunk);
            taken += chunk.byteLength;
          } while (chunks.length && taken + chunks[0].byteLength <= MAX_READ_BYTES);
          tookIn(taken);
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** Whether main has said the agent's stdout ended. */
  get ended(): boolean {
    return this.inputEnded;
  }

  /** Whether relayed bytes wait to be read. */
  get hasQueued(): boolean {
    return this.chunks.length > 0;
  }

  /** A chunk main relayed. */
  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.wakeInput?.();
  }

  /** Main saw the agent's stdout end. */
  end(): void {
    this.inputEnded = true;
    this.wakeInput?.();
  }

  /** The handshake finished: the pre-initialize budget and the watch on printed text no longer apply. */
  markReady(): void {
    this.ready = true;
    this.outputBeforeReady.stop();
  }
}
