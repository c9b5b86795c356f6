/**
 * Per-key request budget (spec part 8, docs/api-assumptions.md) as a fixed window: simple, and enough to make
 * clients meet 429s and the `RateLimit-*` headers. Windows follow the sandbox clock, so a pinned clock pins them.
 */
import type { RateLimitRule } from './contract.ts';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (ceil, at least 1), as `RateLimit-Reset` and `Retry-After` carry it. */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one request against `bucket` and says whether it may proceed. */
  consume(bucket: string): RateLimitDecision;
}

interface Window {
  startedAt: number;
  count: number;
}

const PRUNE_ABOVE = 1_000;

export function createFixedWindowLimiter(rule: RateLimitRule, now: () => number): RateLimiter {
  if (!Number.isInteger(rule.limit) || rule.limit < 1 || !(rule.windowMs > 0)) {
    throw new RangeError('rateLimit needs an integer limit >= 1 and a positive windowMs');
  }
  const windows = new Map<string, Window>();

  function currentWindow(bucket: string, at: number): Window {
    const existing = windows.get(bucket);
    if (existing && at < existing.startedAt + rule.windowMs) return existing;
    if (windows.size > PRUNE_ABOVE) {
      for (const [key, window] of windows) if (at >= window.startedAt + rule.windowMs) windows.delete(key);
    }
    const fresh = { startedAt: at, count: 0 };
    windows.set(bucket, fresh);
    return fresh;
  }

  return {
    consume(bucket) {
      const at = now();
      const window = currentWindow(bucket, at);
      window.count += 1;
      return {
        allowed: window.count <= rule.limit,
        limit: rule.limit,
        remaining: Math.max(0, rule.limit - window.count),
        resetSeconds: Math.max(1, Math.ceil((window.startedAt + rule.windowMs - at) / 1000)),
      };
    },
  };
}
