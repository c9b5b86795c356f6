/**
 * Reading the rate-limit headers of a response (spec part 8: "the standard `RateLimit-*` headers"; see
 * docs/api-assumptions.md).
 * Servers disagree on the details, so we are tolerant: `RateLimit-Reset` is seconds until reset, or an absolute
 * epoch-seconds value when it is implausibly large for a delta; `Retry-After` is seconds or an HTTP date;
 * `X-RateLimit-*` and the combined draft header `RateLimit: limit=…, remaining=…, reset=…` are read as fallbacks.
 */
import type { RateLimitSnapshot } from './api.ts';

export type HeaderBag = Record<string, string | string[] | undefined>;

/** A delta larger than this (seconds) is an absolute epoch time: no window lasts 30 years. */
const EPOCH_SECONDS_THRESHOLD = 1e9;

export interface RateLimitReading {
  /** Undefined when the response carried no rate-limit header at all. */
  snapshot: RateLimitSnapshot | undefined;
  /** From `Retry-After`, in ms from `now`; undefined when absent or unreadable. */
  retryAfterMs: number | undefined;
}

export function readRateLimit(headers: HeaderBag, now: number): RateLimitReading {
  const combined = parseCombinedHeader(header(headers, 'ratelimit'));
  const limit = leadingNumber(header(headers, 'ratelimit-limit') ?? header(headers, 'x-ratelimit-limit')) ?? combined.limit;
  const remaining = leadingNumber(header(headers, 'ratelimit-remaining') ?? header(headers, 'x-ratelimit-remaining')) ?? combined.remaining;
  const reset = leadingNumber(header(headers, 'ratelimit-reset') ?? header(headers, 'x-ratelimit-reset')) ?? combined.reset;

  const snapshot =
    limit === undefined && remaining === undefined && reset === undefined
      ? undefined
      : { limit, remaining, resetAt: reset === undefined ? undefined : resetToInstant(reset, now), observedAt: now };
  return { snapshot, retryAfterMs: parseRetryAfter(header(headers, 'retry-after'), now) };
}

function resetToInstant(reset: number, now: number): number {
  return reset > EPOCH_SECONDS_THRESHOLD ? reset * 1000 : now + reset * 1000;
}

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`; a date in the past means "now". */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * How long to wait before retrying after a 429: `Retry-After` first (it speaks of this very request), then the
 * window's reset, then a small default when the server gave no hint. Always capped, never negative.
 */
export function rateLimitWaitMs(reading: RateLimitReading, now: number, policy: { defaultWaitMs: number; maxWaitMs: number }): number {
  const fromReset = reading.snapshot?.resetAt === undefined ? undefined : reading.snapshot.resetAt - now;
  const wanted = reading.retryAfterMs ?? fromReset ?? policy.defaultWaitMs;
  return Math.min(Math.max(0, wanted), policy.maxWaitMs);
}

function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `100`, `100, 100;w=60` (draft with policies) → 100. */
function leadingNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)/.exec(value);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

function parseCombinedHeader(value: string | undefined): { limit?: number; remaining?: number; reset?: number } {
  if (value === undefined) return {};
  const out: { limit?: number; remaining?: number; reset?: number } = {};
  for (const part of value.split(/[,;]/)) {
    const [rawKey, rawValue] = part.split('=');
    const key = rawKey?.trim().toLowerCase();
    const number = leadingNumber(rawValue);
    if (number === undefined) continue;
    if (key === 'limit') out.limit = number;
    else if (key === 'remaining' || key === 'r') out.remaining = number;
    else if (key === 'reset' || key === 't') out.reset = number;
  }
  return out;
}
