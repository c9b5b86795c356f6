/**
 * Rate-limit headers in store time. The sandbox rounds `RateLimit-Reset` and `Retry-After` up to whole REAL
 * seconds; with a window of 60 s / S that rounding would be up to S times coarser than a real store's, and the
 * engine would idle the rest of every window. This undici interceptor recomputes both headers as a real store
 * with a 60 s window would send them — whole STORE seconds, rounded up — and writes them in real seconds
 * (fractional; the client reads decimals).
 *
 * The window start is inferred, not read: a response saying `remaining = limit - 1` opened a window. Its arrival
 * is later than the store's count, so the inferred reset is never earlier than the true one (no 429 from here).
 * When no window start is known, the sandbox's own (coarser, later) value passes through unchanged.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { TimeScale } from '../time-scale.ts';
import { responseHeadersInterceptor } from './response-headers-interceptor.ts';

export interface StoreTimeHeaderOptions {
  scale: TimeScale;
  /** The store's window in store time (60 s). */
  windowStoreMs: number;
  now?: () => number;
}

export function storeTimeRateLimitHeaders(options: StoreTimeHeaderOptions): Dispatcher.DispatcherComposeInterceptor {
  const now = options.now ?? Date.now;
  const windowRealMs = options.scale.toReal(options.windowStoreMs);
  let windowStartedAt: number | undefined;

  function rewrite(statusCode: number, headers: IncomingHttpHeaders): void {
    const limit = numberHeader(headers['ratelimit-limit']);
    const remaining = numberHeader(headers['ratelimit-remaining']);
    if (limit === undefined || remaining === undefined) return;
    const at = now();
    if (statusCode !== 429 && remaining === limit - 1) windowStartedAt = at;
    if (windowStartedAt === undefined) return;
    const endsAt = windowStartedAt + windowRealMs;
    // An answer arriving just after the inferred end was counted by the store just before its real end (the
    // inference is late by one response's travel): a real store says 1 s there. Passing the sandbox's own
    // "1" (a whole REAL second) would make the engine idle a whole store window.
    if (at >= endsAt + options.scale.toReal(1_000)) return;
    const storeSeconds = Math.max(1, Math.ceil(options.scale.toStoreMs(endsAt - at) / 1000));
    const realSeconds = (options.scale.toReal(storeSeconds * 1000) / 1000).toFixed(4);
    headers['ratelimit-reset'] = realSeconds;
    if (headers['retry-after'] !== undefined) headers['retry-after'] = realSeconds;
  }

  return responseHeadersInterceptor(rewrite);
}

function numberHeader(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}
