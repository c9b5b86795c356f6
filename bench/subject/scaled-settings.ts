/**
 * The bridge's own defaults, compressed by S. Every `…Ms` knob of the engine (and of its request budget) is a
 * store-time duration, so it is divided by S; counts and shares (quietCeiling, statusListsEvery, page sizes,
 * reserveShare) stay as they are. Scaling by name keeps this right when the engine gains knobs.
 */
import type { SellerApiClientOptions } from '../../src/seller-api/client.ts';
import { DEFAULT_RETRY_POLICY } from '../../src/seller-api/backoff.ts';
import { DEFAULT_BUDGET_RULES, type BudgetRules } from '../../src/sync/budget/request-budget.ts';
import { defaultTuning, type SyncTuning } from '../../src/sync/run/tuning.ts';
import { ORDERS_PAGE_SIZE, POLL_INTERVAL_MS } from '../profiles.ts';
import type { TimeScale } from '../time-scale.ts';

/** The poll interval both subjects use (10 s store time). */
export function scaledPollIntervalMs(scale: TimeScale): number {
  return wholeMs(scale.toReal(POLL_INTERVAL_MS));
}

/** `overrides`: an experiment's changes to the defaults (`--tuning`), in store time like them. */
export function scaledTuning(scale: TimeScale, overrides: Partial<SyncTuning> = {}): SyncTuning {
  const store = { ...defaultTuning(POLL_INTERVAL_MS), ...overrides };
  const tuning = scaleDurations(store, scale);
  tuning.budget = scaleDurations({ ...DEFAULT_BUDGET_RULES, ...store.budget }, scale) as Partial<BudgetRules>;
  tuning.ordersPageSize = ORDERS_PAGE_SIZE;
  return tuning;
}

/** The client's waits and backoffs, compressed. Timeouts stay real: they only matter when a request hangs. */
export function scaledClientOptions(
  scale: TimeScale,
): Pick<SellerApiClientOptions, 'maxRateLimitWaitMs' | 'defaultRateLimitWaitMs' | 'retry'> {
  return {
    maxRateLimitWaitMs: wholeMs(scale.toReal(60_000)),
    defaultRateLimitWaitMs: wholeMs(scale.toReal(1_000)),
    retry: {
      maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
      baseDelayMs: wholeMs(scale.toReal(DEFAULT_RETRY_POLICY.baseDelayMs)),
      maxDelayMs: wholeMs(scale.toReal(DEFAULT_RETRY_POLICY.maxDelayMs)),
    },
  };
}

/**
 * Whole milliseconds: the engine stores schedule instants in STRICT INTEGER columns, and a fractional interval
 * (83.33 ms) makes every chat-schedule write fail (reported to the engine's owner). Rounding costs < 0.5 ms real.
 */
function wholeMs(ms: number): number {
  return ms > 0 ? Math.max(1, Math.round(ms)) : ms;
}

function scaleDurations<T extends object>(values: T, scale: TimeScale): T {
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [key, value] of Object.entries(values)) {
    if (key.endsWith('Ms') && typeof value === 'number') out[key] = wholeMs(scale.toReal(value));
  }
  return out as T;
}
