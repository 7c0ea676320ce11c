/**
 * When a crashed agent is restarted on its own: exponential backoff (1 s, 2 s, 4 s … up to 30 s), and
 * no more automatic restarts once it has crashed {@link MAX_CRASHES} times within {@link CRASH_WINDOW_MS}
 * (then the user's Restart button is the way back). A crash after a long healthy run starts afresh.
 */

export const MAX_CRASHES = 5;
export const CRASH_WINDOW_MS = 10 * 60_000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

export class RestartPolicy {
  private crashes: number[] = [];

  /**
   * Records a crash at `now` (ms) and returns the delay before the next restart, in ms, or undefined
   * when the agent crashed too often and should wait for the user.
   */
  crashed(now: number): number | undefined {
    this.crashes = this.crashes.filter((at) => now - at < CRASH_WINDOW_MS);
    this.crashes.push(now);
    if (this.crashes.length >= MAX_CRASHES) return undefined;
    return Math.min(FIRST_DELAY_MS * 2 ** (this.crashes.length - 1), MAX_DELAY_MS);
  }

  /** The user restarted it by hand: start counting again. */
  reset(): void {
    this.crashes = [];
  }
}
