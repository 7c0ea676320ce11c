/**
 * The worker's side of its port to main (docs/isolation.md): every message this worker posts goes through here,
 * and so does the count of the agent's bytes taken in that main waits to hear of before it relays more
 * (RELAY_WINDOW_BYTES).
 */
import type { MessagePort, TransferListItem } from 'node:worker_threads';
import { RELAY_WINDOW_BYTES } from '../../budgets';
import type { WorkerToMain } from './surface';

/**
 * Untold bytes past which the worker tells main at once (`ackBytes`); below it they ride on the next batch or
 * write. A message of their own per chunk woke main once more per chunk, and it went out just as the chunk's
 * messages were about to be parsed (elicitation round trip). It cannot stall main: main stops reading
 * only with RELAY_WINDOW_BYTES relayed and not yet told of, so at least three quarters of that are still on their
 * way here or queued, and taking them in passes this mark.
 */
export const TELL_TAKEN_BYTES = RELAY_WINDOW_BYTES / 4;

/** Posts to main, carrying the count of bytes taken in on the next batch or write. */
export class MainPort {
  /** Relayed bytes taken in that main has not been told of yet. */
  private untoldBytes = 0;

  /** @param port the worker's `parentPort`. */
  constructor(private readonly port: MessagePort) {}

  /** Posts `message` to main (with `transfer`); a batch or write carries the bytes taken in since the last report. */
  readonly post = (message: WorkerToMain, transfer: TransferListItem[] = []): void => {
    if (this.untoldBytes > 0 && (message.t === 'batch' || message.t === 'write')) {
      message.takenBytes = this.untoldBytes;
      this.untoldBytes = 0;
    }
    this.port.postMessage(message, transfer);
  };

  /** Counts a chunk taken in; tells main on its own only past {@link TELL_TAKEN_BYTES}. */
  tookIn(bytes: number): void {
    this.untoldBytes += bytes;
    if (this.untoldBytes < TELL_TAKEN_BYTES) return;
    this.port.postMessage({ t: 'ackBytes', bytes: this.untoldBytes } satisfies WorkerToMain);
    this.untoldBytes = 0;
  }
}
