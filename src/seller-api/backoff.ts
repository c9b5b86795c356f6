/**
 * Retry pacing of the client: exponential backoff with full jitter (shared/backoff.ts), so that many bridges
 * restarting after an outage do not hammer the store in step.
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
