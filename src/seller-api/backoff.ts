/**
 * Retry pacing: exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff and Jitter"),
 * so that many bridges restarting after an outage do not hammer the store in step.
 */

export interface RetryPolicy {
  /** Attempts in total, the first included. */
  maxAttempts: number;
  /** The ceiling of the first retry's delay. */
  baseDelayMs: number;
  /** The ceiling never grows past this. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 5_000 };

/** Delay before retry number `retry` (1 for the first retry): uniform in [0, min(max, base·2^(retry-1))]. */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A timer that an abort ends early by rejecting with the signal's reason (as `fetch` does). */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
