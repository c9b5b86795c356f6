/**
 * The sync engine: two loops over one SQLite state.
 *
 * - the poll loop, every interval: order watching (order-watch.ts), then chat watching (chat-watch.ts),
 *   then housekeeping (heartbeat, pruning);
 * - the outbox worker: seller actions, woken at once by `enqueue`, by due retries, and by every interval.
 *
 * Both pace their requests through one request budget (request-budget.ts). Events reach the sink through the
 * exactly-once hand-off (hand-off.ts, which also documents the one crash window left).
 */
import type { Logger } from 'pino';
import type { SqliteDatabase } from '../db/sqlite.ts';
import { createQueries } from '../db/queries.ts';
import type { SellerApi } from '../seller-api/api.ts';
import { hasCode } from '../seller-api/errors.ts';
import { byCreatedAtThenId } from '../seller-api/spec-gaps.ts';
import type { SyncEngine, SyncSink, SyncStatus } from './contract.ts';
import { createChatWatcher } from './chat-watch.ts';
import { createHandOff, type SyncTestHooks } from './hand-off.ts';
import { createHealth } from './health.ts';
import { createKeyedLock } from './keyed-lock.ts';
import { createOrderWatcher } from './order-watch.ts';
import { orderSummary } from './order-summary.ts';
import { createOutbox } from './outbox.ts';
import { pacedApi } from './paced-api.ts';
import { createRequestBudget } from './request-budget.ts';
import { createRetryGate } from './retry-gate.ts';
import { defaultTuning, type SyncTuning } from './tuning.ts';
import { createWakeup } from './wakeup.ts';
import { createWriteLedger } from './write-ledger.ts';
import { safeError } from './safe-error.ts';

export interface SyncEngineOptions extends Partial<SyncTuning> {
  api: SellerApi;
  db: SqliteDatabase;
  sink: SyncSink;
  logger: Logger;
  /** Base poll interval (ms). */
  pollIntervalMs: number;
  /** Clock for timestamps and schedules (ms since epoch). */
  now?: () => number;
  /** Fault injection for crash tests; never set in production. */
  testHooks?: SyncTestHooks;
}

/** What happened while the bridge was not running, for "while you were away: …". */
export interface OfflineSummary {
  /** When the previous run was last seen alive (its stop, or its last poll before a crash); undefined on a first run. */
  lastRunEndedAt: number | undefined;
  /** Orders announced in this run that were created before it started. */
  newOrders: number;
  /** Chat messages relayed in this run that were written before it started. */
  messages: number;
}

export interface BridgeSyncEngine extends SyncEngine {
  /** Resolves after the first poll cycle of this run (or at once when not started): what came in meanwhile. */
  sinceLastRun(): Promise<OfflineSummary>;
}

const KV_LAST_ALIVE = 'sync.lastAliveAt';
/** Poll backoff after failed cycles: at most this many intervals between tries. */
const MAX_POLL_BACKOFF = 16;
/** A lookahead that makes every watched chat due. */
const CATCH_UP = Number.MAX_SAFE_INTEGER / 2;

interface Run {
  /** Aborts waits at once. */
  wait: AbortController;
  /** Aborts requests in flight (after the grace period of stop). */
  request: AbortController;
  startedAt: number;
  lastRunEndedAt: number | undefined;
  firstCycle: Promise<void>;
  loops: Promise<unknown>;
}

export function createSyncEngine(options: SyncEngineOptions): BridgeSyncEngine {
  const { api, db, sink } = options;
  // Instants and durations land in STRICT INTEGER columns: a decimal interval (POLL_INTERVAL_SECONDS=0.3333)
  // or a fractional clock must not make every schedule write fail.
  const pollIntervalMs = Math.max(1, Math.round(options.pollIntervalMs));
  const tuning: SyncTuning = wholeMilliseconds({ ...defaultTuning(pollIntervalMs), ...definedOnly(options) });
  const logger = options.logger.child({ component: 'sync' });
  const clock = options.now ?? Date.now;
  const now = () => Math.floor(clock());

  const queries = createQueries(db, now);
  const health = createHealth();
  const budget = createRequestBudget({ api, now, rules: tuning.budget });
  const lock = createKeyedLock();
  const ledger = createWriteLedger();
  const outboxWakeup = createWakeup();
  const handOff = createHandOff(db, sink, options.testHooks);
  const scheduleRules = { intervalMs: pollIntervalMs, hotWindowMs: tuning.hotWindowMs, quietCeiling: tuning.quietCeiling };

  const outbox = createOutbox({
    db,
    queries,
    sink,
    lock,
    budget,
    ledger,
    health,
    logger,
    now,
    rules: {
      backoffBaseMs: tuning.actionBackoffBaseMs,
      backoffMaxMs: tuning.actionBackoffMaxMs,
      echoSkewMs: tuning.echoSkewMs,
      closedChatWatchMs: tuning.closedChatWatchMs,
      messagesPageSize: tuning.messagesPageSize,
    },
    kick: () => outboxWakeup.kick(),
  });
  const orderWatcher = createOrderWatcher({
    queries,
    handOff,
    ledger,
    refused: createRetryGate(now, tuning.sinkRetryBaseMs, tuning.sinkRetryMaxMs),
    health,
    logger,
    now,
    rules: {
      ordersPageSize: tuning.ordersPageSize,
      statusListsEvery: Math.max(1, Math.floor(tuning.statusListsEvery)),
      closedChatWatchMs: tuning.closedChatWatchMs,
    },
  });
  const chatWatcher = createChatWatcher({
    queries,
    handOff,
    lock,
    budget,
    health,
    logger,
    now,
    rules: { ...scheduleRules, messagesPageSize: tuning.messagesPageSize, nearCursorMs: tuning.nearCursorMs },
    claimEcho: (orderId, message) => outbox.claimEcho(orderId, message),
  });

  let run: Run | undefined;
  let stopping: Promise<void> | undefined;
  let cycleNumber = 0;
  let lastPruneAt = Number.NEGATIVE_INFINITY;
  // Cycles and outbox drains each run one at a time, whoever asks (loop or pollNow).
  let cycleChain: Promise<void> = Promise.resolve();
  let outboxChain: Promise<void> = Promise.resolve();
  // When not started (tests driving pollNow), nothing ever aborts.
  const idle = { wait: new AbortController(), request: new AbortController() };

  const signals = () => {
    const current = run ?? idle;
    return { waitSignal: current.wait.signal, requestSignal: current.request.signal };
  };
  const aborted = () => {
    const { waitSignal, requestSignal } = signals();
    return waitSignal.aborted || requestSignal.aborted;
  };

  function serialise(chain: 'cycle' | 'outbox', task: () => Promise<void>): Promise<void> {
    const previous = chain === 'cycle' ? cycleChain : outboxChain;
    const next = previous.then(task, task);
    const settled = next.catch((error: unknown) => logger.error({ error: safeError(error) }, 'sync task failed unexpectedly'));
    if (chain === 'cycle') cycleChain = settled;
    else outboxChain = settled;
    return settled;
  }

  /** `lookaheadMs`: chats due within this long from the cycle's start are read too. */
  async function pollCycle(lookaheadMs: number): Promise<void> {
    const { waitSignal, requestSignal } = signals();
    const startedAt = now();
    const cycle = cycleNumber++;
    let storeAnswered = false;
    try {
      await orderWatcher.watch({ api: pacedApi(api, budget, 'urgent', waitSignal), signal: requestSignal, cycle });
      health.pollSucceeded(now());
      storeAnswered = true;
    } catch (error) {
      if (aborted()) return;
      health.pollFailed(error, now());
      if (hasCode(error, 'RATE_LIMIT')) budget.holdUntil(api.rateLimit()?.resetAt ?? now() + pollIntervalMs);
      logger.warn({ error: safeError(error), errorsInARow: health.view().errorsInARow }, 'poll cycle failed');
    }

    // With the store down or our key refused, every chat read would fail too, slowly.
    if (storeAnswered) {
      try {
        const chats = await chatWatcher.readDue({
          api,
          waitSignal,
          requestSignal,
          cycleStartedAt: startedAt,
          // Chats that became due while orders were read (a new order) are read now.
          horizon: Math.max(now(), startedAt + lookaheadMs),
          deadline: startedAt + pollIntervalMs,
        });
        // The store failing chat reads counts like a failed poll: status shows it, the loop backs off.
        if (chats.storeFailure !== undefined) health.pollFailed(chats.storeFailure, now());
      } catch (error) {
        if (aborted()) return;
        health.noteError(error, now());
        logger.warn({ error: safeError(error) }, 'chat reading stopped for this cycle');
      }
    }
    housekeeping();
  }

  function housekeeping(): void {
    const at = now();
    queries.kv.set(KV_LAST_ALIVE, at);
    if (at - lastPruneAt < tuning.pruneEveryMs) return;
    lastPruneAt = at;
    const pruned = queries.prune({
      now: at,
      retentionMs: tuning.retentionMs,
      nearCursorMs: tuning.nearCursorMs,
      orderRetentionMs: tuning.orderRetentionMs,
    });
    if (pruned.messages + pruned.actions + pruned.orders > 0) logger.info(pruned, 'old bookkeeping pruned');
  }

  function drainOutbox(): Promise<void> {
    return serialise('outbox', async () => {
      const { waitSignal, requestSignal } = signals();
      await outbox.reportPending();
      await outbox.runDue({ api, waitSignal, requestSignal });
    });
  }

  async function pollLoop(current: Run, firstCycleDone: () => void): Promise<void> {
    // The first cycle of a run catches up: every watched chat is read (as far as the budget allows within the
    // interval; the rest are due and read next), so "while you were away" is complete after it.
    let lookaheadMs = CATCH_UP;
    while (!current.wait.signal.aborted) {
      const startedAt = now();
      const cycleLookahead = lookaheadMs;
      await serialise('cycle', () => pollCycle(cycleLookahead));
      lookaheadMs = 0;
      firstCycleDone();
      const failures = health.view().errorsInARow;
      const factor = Math.min(2 ** Math.max(0, failures - 1), MAX_POLL_BACKOFF);
      await sleepUnlessAborted(startedAt + pollIntervalMs * factor - now(), current.wait.signal);
    }
  }

  async function outboxLoop(current: Run): Promise<void> {
    while (!current.wait.signal.aborted) {
      await drainOutbox();
      const next = outbox.nextDueAt();
      const wait = next === undefined ? pollIntervalMs : Math.min(Math.max(0, next - now()), pollIntervalMs);
      await outboxWakeup.wait(wait, current.wait.signal);
    }
  }

  async function summarise(current: Pick<Run, 'startedAt' | 'lastRunEndedAt'>): Promise<OfflineSummary> {
    return {
      lastRunEndedAt: current.lastRunEndedAt,
      newOrders: queries.orders.countFirstSeenSince(current.startedAt, current.startedAt),
      messages: queries.messages.countRelayedSince(current.startedAt, current.startedAt),
    };
  }
  let lastRun: Pick<Run, 'startedAt' | 'lastRunEndedAt'> | undefined;

  return {
    start() {
      if (run !== undefined) return;
      let firstCycleDone!: () => void;
      const firstCycle = new Promise<void>((resolve) => {
        firstCycleDone = resolve;
      });
      const lastAlive = queries.kv.get<number>(KV_LAST_ALIVE);
      const current: Run = {
        wait: new AbortController(),
        request: new AbortController(),
        startedAt: now(),
        lastRunEndedAt: typeof lastAlive === 'number' ? lastAlive : undefined,
        firstCycle,
        loops: Promise.resolve(),
      };
      run = current;
      lastRun = current;
      cycleNumber = 0;
      logger.info({ pollIntervalMs, lastRunEndedAt: current.lastRunEndedAt }, 'sync started');
      current.loops = Promise.allSettled([pollLoop(current, firstCycleDone), outboxLoop(current)]);
    },

    stop() {
      if (stopping !== undefined) return stopping;
      const current = run;
      if (current === undefined) return Promise.resolve();
      stopping = (async () => {
        current.wait.abort(new Error('sync stopping'));
        // The request in flight may finish; one that hangs is cut after the grace period.
        const grace = setTimeout(() => current.request.abort(new Error('sync stopped')), tuning.stopGraceMs);
        try {
          await current.loops;
          await cycleChain;
          await outboxChain;
        } finally {
          clearTimeout(grace);
        }
        queries.kv.set(KV_LAST_ALIVE, now());
        run = undefined;
        stopping = undefined;
        logger.info('sync stopped');
      })();
      return stopping;
    },

    status(): SyncStatus {
      const at = now();
      const rateLimit = api.rateLimit();
      return {
        running: run !== undefined && stopping === undefined,
        ...health.view(),
        outboxDepth: outbox.depth(),
        knownOpenOrders: queries.orders.countOpen(),
        watchedChats: queries.cursors.countWatched(at, at - tuning.hotWindowMs),
        rateLimit:
          rateLimit === undefined
            ? undefined
            : {
                ...(rateLimit.limit === undefined ? {} : { limit: rateLimit.limit }),
                ...(rateLimit.remaining === undefined ? {} : { remaining: rateLimit.remaining }),
                ...(rateLimit.resetAt === undefined ? {} : { resetAt: rateLimit.resetAt }),
              },
        requestsSent: api.requestCount(),
      };
    },

    enqueue: (action) => outbox.enqueue(action),
    findOrder: (id) => orderSummary(queries, id),
    orderForTelegramMessage: (ref) => queries.links.orderFor(ref),

    linkTelegramMessage(orderId, ref, role) {
      if (queries.orders.get(orderId) === undefined) {
        logger.warn({ orderId }, 'not linking a Telegram message to an order sync does not know');
        return;
      }
      queries.links.link(orderId, ref, role, now());
    },

    lastSeenOrder: (id) => queries.orders.get(id)?.order,
    openOrders: (status) =>
      queries.orders
        .open(status)
        .map((stored) => stored.order)
        .sort(byCreatedAtThenId),

    async pollNow() {
      await drainOutbox();
      await serialise('cycle', () => pollCycle(tuning.pollNowLookaheadMs));
      await drainOutbox();
    },

    async sinceLastRun() {
      const current = run;
      if (current !== undefined) await current.firstCycle;
      return lastRun === undefined ? { lastRunEndedAt: undefined, newOrders: 0, messages: 0 } : summarise(lastRun);
    },
  };
}

function wholeMilliseconds(tuning: SyncTuning): SyncTuning {
  const out: Record<string, unknown> = { ...tuning };
  for (const [key, value] of Object.entries(tuning)) {
    if (key.endsWith('Ms') && typeof value === 'number' && Number.isFinite(value)) out[key] = Math.max(0, Math.round(value));
  }
  return out as unknown as SyncTuning;
}

/** Options carry tuning fields beside the dependencies; undefined ones must not erase the defaults. */
function definedOnly(options: SyncEngineOptions): Partial<SyncTuning> {
  const keys = Object.keys(defaultTuning(1)) as (keyof SyncTuning)[];
  const picked: Partial<Record<keyof SyncTuning, unknown>> = {};
  for (const key of keys) if (options[key] !== undefined) picked[key] = options[key];
  return picked as Partial<SyncTuning>;
}

async function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
