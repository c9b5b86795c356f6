/**
 * The sync engine: two loops over one SQLite state.
 *
 * - the poll loop, every interval: order watching (order-watch.ts), then chat watching (chat-watch.ts),
 *   then housekeeping (heartbeat, pruning). The first cycle of a run that reaches the store catches up: it reads
 *   everything first, tells the sink what came in while the bridge was away (`SyncSink.catchUp`), then hands off;
 * - the outbox worker: seller actions, woken at once by `enqueue`, by due retries, and by every interval.
 *
 * Both pace their requests through one request budget (request-budget.ts). Events reach the sink through the
 * exactly-once hand-off (hand-off.ts, which also documents the one crash window left).
 *
 * stop() ends both loops between two events; the event in hand may finish within the grace period
 * (sink-calls.ts gives up on a sink that takes longer). What was not handed off is offered after the restart.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { SqliteDatabase } from '../db/sqlite.ts';
import { createQueries } from '../db/queries.ts';
import type { SellerApi } from '../seller-api/api.ts';
import { hasCode } from '../seller-api/errors.ts';
import { byCreatedAtThenId, timeOf } from '../seller-api/spec-gaps.ts';
import type { CatchUpSummary, SyncEngine, SyncSink, SyncStatus } from './contract.ts';
import { createChatWatcher, type ChatPass, type ChatReading } from './chat-watch.ts';
import { createHandOff, type SyncTestHooks } from './hand-off.ts';
import { createHealth } from './health.ts';
import { createOrderWatcher, type OrderPass, type OrderReading } from './order-watch.ts';
import { orderSummary } from './order-summary.ts';
import { createOutbox } from './outbox.ts';
import { pacedApi } from './paced-api.ts';
import { createRequestBudget, DEFAULT_BUDGET_RULES } from './request-budget.ts';
import { createRetryGate } from './retry-gate.ts';
import { defaultTuning, type SyncTuning } from './tuning.ts';
import { createWakeup } from './wakeup.ts';
import { createWriteLedger } from './write-ledger.ts';
import { safeError } from './safe-error.ts';
import { guardSinkCalls, SinkAbandoned } from './sink-calls.ts';
import { backoffDelayMs } from '../shared/backoff.ts';
import { createKeyedLock } from '../shared/keyed-lock.ts';
import { stopped, type RunSignals } from '../shared/run-signals.ts';

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
  /**
   * Resolves after the first poll cycle of this run (or at once when not started): what came in meanwhile,
   * counted from what was handed off. To show it above the cards and messages, implement `SyncSink.catchUp`.
   */
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
  /** The store answered a catch-up cycle of this run: later cycles hand off as they read. */
  caughtUp: boolean;
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
  // Every sink call goes through the guard, so stop() can give up on a slow one (sink-calls.ts).
  const sinkCalls = guardSinkCalls(sink);
  const handOff = createHandOff(db, sinkCalls.sink, options.testHooks);
  const scheduleRules = {
    intervalMs: pollIntervalMs,
    hotWindowMs: tuning.hotWindowMs,
    newChatHotMs: tuning.newChatHotMs,
    quietCeiling: tuning.quietCeiling,
    quietWeight: tuning.quietWeight,
    hotHeat: tuning.hotHeat,
  };

  const outbox = createOutbox({
    db,
    queries,
    sink: sinkCalls.sink,
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
      hotWindowMs: tuning.hotWindowMs,
      statusListsMaxShare: tuning.statusListsMaxShare,
      rateWindowMs: Math.round(tuning.budget.fallbackWindowMs ?? DEFAULT_BUDGET_RULES.fallbackWindowMs),
      intervalMs: pollIntervalMs,
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
    isEcho: (orderId, message) => outbox.isEcho(orderId, message),
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

  /** The signals of the run a task belongs to, taken when it starts: stop() aborts them, a later run has its own. */
  const signals = (): RunSignals => {
    const current = run ?? idle;
    return { waitSignal: current.wait.signal, requestSignal: current.request.signal };
  };

  function serialise(chain: 'cycle' | 'outbox', task: () => Promise<void>): Promise<void> {
    const previous = chain === 'cycle' ? cycleChain : outboxChain;
    const next = previous.then(task, task);
    const settled = next.catch((error: unknown) => logger.error({ error: safeError(error) }, 'sync task failed unexpectedly'));
    if (chain === 'cycle') cycleChain = settled;
    else outboxChain = settled;
    return settled;
  }

  const orderPass = (runSignals: RunSignals, cycle: number): OrderPass => ({
    ...runSignals,
    api: pacedApi(api, budget, 'urgent', runSignals.waitSignal),
    cycle,
  });
  /** `lookaheadMs`: chats due within this long from the cycle's start are read too. */
  const chatPass = (runSignals: RunSignals, startedAt: number, lookaheadMs: number): ChatPass => ({
    ...runSignals,
    api,
    // Chats that became due while orders were read (a new order) are read now.
    horizon: Math.max(now(), startedAt + lookaheadMs),
    deadline: startedAt + pollIntervalMs,
  });

  function orderWatchFailed(error: unknown, runSignals: RunSignals): void {
    if (stopped(runSignals)) return;
    health.pollFailed(error, now());
    if (hasCode(error, 'RATE_LIMIT')) budget.holdUntil(api.rateLimit()?.resetAt ?? now() + pollIntervalMs);
    logger.warn({ error: safeError(error), errorsInARow: health.view().errorsInARow }, 'poll cycle failed');
  }

  /** A chat pass; the store failing chat reads counts like a failed poll (status shows it, the loop backs off). */
  async function runChatPass<T extends object>(pass: () => Promise<T>, runSignals: RunSignals): Promise<T | undefined> {
    try {
      const result = await pass();
      if ('storeFailure' in result && result.storeFailure !== undefined) health.pollFailed(result.storeFailure, now());
      return result;
    } catch (error) {
      if (stopped(runSignals)) return undefined;
      health.noteError(error, now());
      logger.warn({ error: safeError(error) }, 'chat reading stopped for this cycle');
      return undefined;
    }
  }

  async function pollCycle(lookaheadMs: number): Promise<void> {
    const runSignals = signals();
    const startedAt = now();
    try {
      await orderWatcher.watch(orderPass(runSignals, cycleNumber++));
    } catch (error) {
      orderWatchFailed(error, runSignals);
      return;
    }
    if (stopped(runSignals)) return;
    health.pollSucceeded(now());
    await runChatPass(() => chatWatcher.readDue(chatPass(runSignals, startedAt, lookaheadMs)), runSignals);
    if (!stopped(runSignals)) housekeeping();
  }

  /**
   * The catch-up cycle: the requests of any first cycle (the open lists, every watched chat, the new orders'
   * chats), all read before anything is handed off, so the sink hears the summary above what it counts. Then
   * the same hand-offs as `pollCycle`, in the same order (orders, then chats) and with the same commits.
   * False when the store did not answer: the next cycle catches up instead.
   */
  async function catchUpCycle(current: Run): Promise<boolean> {
    const runSignals = signals();
    const startedAt = now();
    let orders: OrderReading;
    try {
      // Cycle 0 reads every open list, however many catch-up cycles the store failed before.
      orders = await orderWatcher.read(orderPass(runSignals, 0));
    } catch (error) {
      orderWatchFailed(error, runSignals);
      return false;
    }
    try {
      if (stopped(runSignals)) return false;
      current.caughtUp = true;
      cycleNumber = 1;
      health.pollSucceeded(now());
      const newOrders = orders.newOrders.map((order) => order.id);
      const chats = await runChatPass(() => chatWatcher.collectDue(chatPass(runSignals, startedAt, CATCH_UP), newOrders), runSignals);
      if (stopped(runSignals)) return true;
      await announceCatchUp(current, orders, chats);
      try {
        await orders.apply(runSignals.waitSignal);
      } catch (error) {
        orderWatchFailed(error, runSignals);
        return true;
      }
      if (chats !== undefined && !stopped(runSignals)) await runChatPass(async () => ({ relayed: await chats.relay() }), runSignals);
    } finally {
      orders.release();
    }
    if (!stopped(runSignals)) housekeeping();
    return true;
  }

  async function announceCatchUp(current: Run, orders: OrderReading, chats: ChatReading | undefined): Promise<void> {
    if (current.lastRunEndedAt === undefined || sinkCalls.sink.catchUp === undefined) return;
    // Like sinceLastRun: what was written before this run started (the rest is news of this run); no date, before.
    const before = (createdAt: string | undefined) => timeOf(createdAt) < current.startedAt;
    const summary: CatchUpSummary = {
      lastRunEndedAt: current.lastRunEndedAt,
      newOrders: orders.newOrders.filter((order) => before(order.createdAt)).length,
      messages: (chats?.incoming ?? []).filter((message) => before(message.createdAt)).length,
    };
    if (summary.newOrders === 0 && summary.messages === 0) return;
    try {
      await sinkCalls.sink.catchUp(summary);
    } catch (error) {
      if (error instanceof SinkAbandoned) return;
      // A summary is a courtesy: the cards and messages it counts still go out.
      logger.warn({ error: safeError(error) }, 'sink refused the catch-up summary: not offered again');
    }
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
      const runSignals = signals();
      await outbox.reportPending(runSignals.waitSignal);
      await outbox.runDue({ ...runSignals, api });
    });
  }

  async function pollLoop(current: Run, firstCycleDone: () => void): Promise<void> {
    while (!current.wait.signal.aborted) {
      const startedAt = now();
      await serialise('cycle', async () => {
        // Chats due before the next cycle starts: a schedule is anchored on its read, anywhere in a cycle.
        if (current.caughtUp) await pollCycle(pollIntervalMs - 1);
        else await catchUpCycle(current);
      });
      firstCycleDone();
      const delayMs = backoffDelayMs(health.view().errorsInARow, { baseMs: pollIntervalMs, maxMs: pollIntervalMs * MAX_POLL_BACKOFF });
      const pause = startedAt + delayMs - now();
      // stop() ends the pause early (it rejects with an AbortError); the loop condition then ends the loop.
      if (pause > 0) await sleep(pause, undefined, { signal: current.wait.signal }).catch(() => undefined);
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
        caughtUp: false,
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
        const settled = (async () => {
          await current.loops;
          await cycleChain;
          await outboxChain;
        })();
        // The request or sink call in hand may finish within the grace period, and its event is committed.
        const grace = new AbortController();
        const timedOut = await Promise.race([
          settled.then(() => false),
          sleep(tuning.stopGraceMs, true, { signal: grace.signal }).catch(() => false),
        ]);
        grace.abort();
        if (timedOut) {
          // Past it, a hanging request is cut (it unwinds at once), and a sink still busy is given up on.
          current.request.abort(new Error('sync stopped'));
          sinkCalls.abandon();
          if (sinkCalls.busy()) logger.warn('stopped while the sink was still busy: that event is offered again after the restart');
          else await settled;
        }
        try {
          queries.kv.set(KV_LAST_ALIVE, now());
        } catch (error) {
          // The database went away under us: the previous heartbeat stands in for this run's end.
          logger.warn({ error: safeError(error) }, 'could not record the end of this run');
        }
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
