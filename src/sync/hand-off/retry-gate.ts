/**
 * Per-key backoff for events the sink refused (Telegram down, a bug in a renderer): the event is offered again
 * later, not on every cycle, and one failing event does not hold up the others.
 */
export interface RetryGate {
  /** True while `key` waits out its backoff. */
  blocked(key: string): boolean;
  /** Another failure: the wait doubles, and lasts at least `atLeastMs`. */
  failed(key: string, atLeastMs?: number): void;
  succeeded(key: string): void;
}

import { backoffDelayMs } from '../../shared/backoff.ts';

export function createRetryGate(now: () => number, baseMs: number, maxMs: number): RetryGate {
  const waiting = new Map<string, { failures: number; until: number }>();
  return {
    blocked(key) {
      const entry = waiting.get(key);
      return entry !== undefined && now() < entry.until;
    },
    failed(key, atLeastMs = 0) {
      const failures = (waiting.get(key)?.failures ?? 0) + 1;
      waiting.set(key, { failures, until: now() + Math.max(atLeastMs, backoffDelayMs(failures, { baseMs, maxMs })) });
    },
    succeeded(key) {
      waiting.delete(key);
    },
  };
}
