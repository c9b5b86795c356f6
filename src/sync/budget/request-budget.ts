/**
 * Paces every request from the store's own `RateLimit-*` answers, so the bridge stays under the key's limit
 * instead of running into 429s. Four lanes share the window:
 *
 * - `urgent`: new-order detection and seller actions — may spend the whole window;
 * - `hot`: chat reads — must leave `reserve` requests for the urgent lane;
 * - `rush`: the reads of a rush (chats/rush.ts) — leave the same reserve but go at once, unpaced: buyers of many orders
 *   are writing now, and pacing would spread their reads over half a minute; the hot lane's pace slows after them by
 *   itself, and the paced lanes count their gaps from the last grant of a paced lane, so a new order or a tap waits a
 *   gap at most;
 * - `quiet`: background reads — must leave twice that.
 *
 * The reserve is kept pro rata for the rest of the window: what the urgent lane could still need shrinks as the
 * reset nears, so the part of it nobody claimed goes to chats instead of lapsing unused.
 *
 * Requests go at once while the window is no more than `burstShare` of the limit behind even spending (a straight
 * line from the whole limit at the window's start to nothing at its reset); behind that, the usable rest is spread
 * evenly until the reset. A light load is never paced, a heavy one is spread over the whole window: a burst never
 * spends the window and then stalls a seller's action, and chat reads come at an even rate, so a chat read in turn
 * is read at even gaps. Without rate-limit headers the store gets no pacing (it told us nothing to pace by).
 *
 * The values set by benchmark, and the result that shows each: bench/README.md, "Tuning values".
 */
import type { RateLimitSnapshot, SellerApi } from '../../seller-api/api.ts';
import { abortableSleep, type Sleep } from '../../shared/sleep.ts';

export type Lane = 'urgent' | 'hot' | 'rush' | 'quiet';

export interface BudgetRules {
  /** Share of the limit kept for the urgent lane (the quiet lane keeps twice this). */
  reserveShare: number;
  /** How far behind even spending over the window (as a share of the limit) requests may still go at once. */
  burstShare: number;
  /** Added to the announced reset: the header is rounded and clocks differ. */
  resetMarginMs: number;
  /** Assumed window when the store sends a remaining count but no reset. */
  fallbackWindowMs: number;
}

export const DEFAULT_BUDGET_RULES: BudgetRules = {
  // A new order or a seller's tap never waits behind chat reads, even late in a busy window.
  reserveShare: 0.2,
  // Small, so a heavy load is spread over the whole window and chats in turn are read at even gaps.
  burstShare: 0.05,
  // `RateLimit-Reset` is rounded to whole seconds, and our clock and the store's differ.
  resetMarginMs: 100,
  // The common window (and the sandbox's) when a store sends a remaining count without a reset.
  fallbackWindowMs: 60_000,
};

export interface AcquireOptions {
  signal: AbortSignal;
  /** Give up (resolve false) rather than wait past this instant (ms since epoch). */
  deadline?: number;
}

export interface RequestBudget {
  /**
   * Sends a request of `lane` when its turn comes: `request` starts in the same step as the grant, so the client
   * counts it before any other loop's turn is judged (a grant resolved as a promise reached the client a step
   * later, and two loops were both granted a window's last request).
   */
  send<T>(lane: Lane, signal: AbortSignal, request: () => Promise<T>): Promise<T>;
  /** Waits like `send` without taking a turn: whether a request of `lane` can start before the deadline. */
  admit(lane: Lane, options: AcquireOptions): Promise<boolean>;
  /** After a 429 that reached us anyway: every lane waits until `at`. */
  holdUntil(at: number): void;
  /** The ms a request of `lane` would wait now (0: go). */
  delayFor(lane: Lane): number;
  /**
   * Budget nobody else wants: the store tells its limit and a background (`quiet`) request would go at once.
   * Without rate-limit answers there is no unused budget to know of: the schedules alone decide.
   */
  idle(): boolean;
  /** The store's limit per window, as its last answer said; undefined before one, or without rate-limit headers. */
  storeLimit(): number | undefined;
}

interface BudgetDeps {
  api: Pick<SellerApi, 'rateLimit' | 'requestCount'>;
  now: () => number;
  rules?: Partial<BudgetRules>;
  sleep?: Sleep;
}

/** Longest single sleep: a fresher answer may change the picture meanwhile. */
const MAX_SLEEP_SLICE_MS = 1_000;
/** How often a request waiting for the first answer of a new window looks again, and how long it waits at most. */
const PROBE_POLL_MS = 50;
const PROBE_WAIT_MAX_MS = 2_000;

export function createRequestBudget({ api, now, rules: partial, sleep = abortableSleep }: BudgetDeps): RequestBudget {
  const rules: BudgetRules = { ...DEFAULT_BUDGET_RULES, ...partial };
  let heldUntil = 0;
  // Any grant (a new window's probe waits for its answer) and a paced lane's grant (the even pace counts from it:
  // counted from a rush's grants, which come every few hundred ms, an urgent request's turn would recede with each).
  let lastGrantAt = Number.NEGATIVE_INFINITY;
  let lastPacedGrantAt = Number.NEGATIVE_INFINITY;
  // Requests sent since the snapshot we are pacing by: its `remaining` does not know about them.
  let snapshotSeenAt: number | undefined;
  let sentAtSnapshot = 0;
  // `RateLimit-Reset` comes in whole seconds, rounded up: each answer overshoots the real reset by up to a
  // second. Within one window the earliest estimate is the tightest, and still not early.
  let windowResetAt: number | undefined;
  // The longest window seen (announced reset − time of the answer): how much of the window is left, as a share.
  let windowLengthMs = 0;

  function notice(snapshot: RateLimitSnapshot): void {
    if (snapshot.observedAt === snapshotSeenAt) return;
    snapshotSeenAt = snapshot.observedAt;
    sentAtSnapshot = api.requestCount();
    const announced = snapshot.resetAt ?? snapshot.observedAt + rules.fallbackWindowMs;
    windowResetAt = sameWindow(snapshot, announced) ? Math.min(windowResetAt as number, announced) : announced;
    windowLengthMs = Math.max(windowLengthMs, announced - snapshot.observedAt);
  }

  /**
   * Whether an answer belongs to the window being paced. A store that names its reset tells: an answer of ours
   * announces about our reset (a window's last answers, just after its end, say "1 s", rounded up), one of the next
   * window a whole window ahead — also before our reset, which runs late when an answer reached us late; taken for
   * the old window's last moments, the new window would be spent at once. Without a reset: answered before ours.
   */
  function sameWindow(snapshot: RateLimitSnapshot, announced: number): boolean {
    if (windowResetAt === undefined) return false;
    if (snapshot.resetAt !== undefined) return announced < windowResetAt + windowLengthMs / 2;
    return snapshot.observedAt < windowResetAt;
  }

  /** Requests that `remaining` may not count yet: those sent after the answered one (or since it was read). */
  const usedSince = (): number => {
    const sentCount = api.rateLimit()?.sentCount;
    return Math.max(0, api.requestCount() - (sentCount ?? sentAtSnapshot));
  };

  function delayFor(lane: Lane): number {
    const at = now();
    if (at < heldUntil) return heldUntil - at;
    const snapshot = api.rateLimit();
    if (snapshot?.remaining === undefined) return 0;
    notice(snapshot);
    const resetAt = (windowResetAt as number) + rules.resetMarginMs;
    // A new window has begun by our estimate: one request goes first and its answer brings the window's numbers.
    // Several at once (the poll and outbox loops) could land in the old window's last moment and meet a 429.
    if (at >= resetAt) {
      const probing = lastGrantAt >= resetAt && usedSince() > 0 && at - lastGrantAt < PROBE_WAIT_MAX_MS;
      return probing ? PROBE_POLL_MS : 0;
    }

    const limit = Math.max(1, snapshot.limit ?? snapshot.remaining);
    const left = snapshot.remaining - usedSince();
    const windowLeft = windowLengthMs > 0 ? Math.min(1, Math.max(0, (resetAt - at) / windowLengthMs)) : 1;
    // Rounded down: in the window's last moments nobody is owed a request, and one kept back lapses at the reset.
    const reserve = Math.floor(limit * rules.reserveShare * windowLeft);
    const floor = lane === 'urgent' ? 0 : lane === 'quiet' ? 2 * reserve : reserve;
    const usable = left - Math.min(floor, limit - 1);
    if (usable <= 0) return resetAt - at;
    if (lane === 'rush' || left > limit * (windowLeft - rules.burstShare)) return 0;
    // usable + 1 slots: the last request goes one slot before the reset, not at it (where it would open the next
    // window late, and this one's last request would lapse).
    const gap = (resetAt - at) / (usable + 1);
    return Math.max(0, Math.ceil(lastPacedGrantAt + gap - at));
  }

  /** Waits for a turn of `lane`; `take` runs in the same step as the look that found it (false: past the deadline). */
  async function waitTurn(lane: Lane, { signal, deadline }: AcquireOptions, take: () => void): Promise<boolean> {
    for (;;) {
      signal.throwIfAborted();
      const delay = delayFor(lane);
      if (delay <= 0) {
        take();
        return true;
      }
      if (deadline !== undefined && now() + delay > deadline) return false;
      await sleep(Math.min(delay, MAX_SLEEP_SLICE_MS), signal);
    }
  }

  async function send<T>(lane: Lane, signal: AbortSignal, request: () => Promise<T>): Promise<T> {
    let sending: Promise<T> | undefined;
    await waitTurn(lane, { signal }, () => {
      lastGrantAt = now();
      if (lane !== 'rush') lastPacedGrantAt = lastGrantAt;
      sending = request();
    });
    return sending as Promise<T>;
  }

  return {
    send,
    admit: (lane, options) => waitTurn(lane, options, () => {}),
    holdUntil(at) {
      heldUntil = Math.max(heldUntil, at);
    },
    delayFor,
    idle: () => api.rateLimit()?.remaining !== undefined && delayFor('quiet') <= 0,
    storeLimit: () => api.rateLimit()?.limit,
  };
}
