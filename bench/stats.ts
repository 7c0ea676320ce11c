/** Order statistics for the bench: medians and 95th percentiles of measured samples (nearest-rank). */

/** The `p`-th percentile (0–100) of `values` by nearest rank; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values: readonly number[]): number => percentile(values, 50);
export const p95 = (values: readonly number[]): number => percentile(values, 95);

/** Median and p95 of a sample set, with its size. */
export interface Summary {
  median: number;
  p95: number;
  n: number;
}

export function summarize(values: readonly number[]): Summary {
  return { median: median(values), p95: p95(values), n: values.length };
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Waits until `check()` is truthy, polling every `everyMs`, for at most `timeoutMs`.
 * @throws Error naming `what` when the time runs out (every bench wait is bounded).
 */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, everyMs = 5): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`bench: timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Rejects with a clear message if `promise` takes longer than `timeoutMs`. */
export function within<T>(what: string, promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
