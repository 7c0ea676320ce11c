/**
 * Keeps one agent's flood of requests from freezing the UI or starving the others
 * (docs/isolation.md). Each connection gets a token bucket (a sustained rate with a burst allowance) and a
 * cap on how many of its requests may wait at once. A request over either limit is refused with a clear
 * JSON-RPC error — never dropped silently — and the user is told once per flood, not once per request.
 */

export interface FloodLimits {
  /** Requests per second an agent may keep sending. */
  perSecond: number;
  /** Requests it may send at once above that rate. */
  burst: number;
  /** Requests of one agent that may wait for the user at the same time. */
  maxPending: number;
}

export const DEFAULT_FLOOD_LIMITS: FloodLimits = { perSecond: 20, burst: 60, maxPending: 200 };

interface Bucket {
  tokens: number;
  at: number;
  /** When the user was last told about this agent's flood (ms), so the notice is not repeated per request. */
  toldAt: number;
}

export class FloodGuard {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: FloodLimits = DEFAULT_FLOOD_LIMITS) {}

  /**
   * Whether one more request from `connectionId` may be queued now, given how many of its requests are
   * pending. Returns `undefined` when it may, else the reason in plain words, and whether the user should
   * be told now (at most once every 10 s per agent).
   */
  check(connectionId: string, pending: number, now = Date.now()): { reason: string; tellUser: boolean } | undefined {
    const bucket = this.buckets.get(connectionId) ?? { tokens: this.limits.burst, at: now, toldAt: -Infinity };
    bucket.tokens = Math.min(this.limits.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.limits.perSecond);
    bucket.at = now;
    this.buckets.set(connectionId, bucket);
    let reason: string | undefined;
    if (pending >= this.limits.maxPending) reason = `${pending} requests are already waiting for the user`;
    else if (bucket.tokens < 1) reason = `more than ${this.limits.perSecond} requests a second`;
    else bucket.tokens -= 1;
    if (!reason) return undefined;
    const tellUser = now - bucket.toldAt > 10_000;
    if (tellUser) bucket.toldAt = now;
    return { reason, tellUser };
  }

  /** Forgets a closed connection. */
  forget(connectionId: string): void {
    this.buckets.delete(connectionId);
  }
}
