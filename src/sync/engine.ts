/**
 * The sync engine: two loops over one SQLite state, composed here from parts with one job each.
 *
 * - the poll loop, every interval (run/loops.ts): a cycle (run/cycle.ts) watches orders (orders/order-watch.ts),
 *   then chats (chats/chat-watch.ts), then does housekeeping. The first cycle of a run that reaches the store catches
 *   up (run/catch-up.ts): it reads everything first, tells the sink what came in while the bridge was away, then
 *   hands off;
 * - the outbox worker (run/loops.ts, outbox/outbox.ts): seller actions, woken at once by `enqueue`, by due retries,
 *   and by every interval;
 * - the automatic buyer messages (automation/, the list below) and auto-delivery, queued in the commits of their
 *   triggers;
 * - the read side the bot queries (run/read-model.ts); the options turned into each part's rules (run/wiring.ts).
 *
 * Both loops pace their requests through one request budget (budget/request-budget.ts). Events reach the sink
 * through the exactly-once hand-off (hand-off/hand-off.ts, which also documents the one crash window left).
 *
 * stop() ends both loops between two events; the event in hand may finish within the grace period
 * (hand-off/sink-calls.ts gives up on a sink that takes longer). What was not handed off is offered after the restart.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { SellerAction } from '../core/actions.ts';
import { createQueries } from '../db/queries.ts';
import type { SqliteDatabase } from '../db/sqlite.ts';
import type { SellerApi } from '../seller-api/api.ts';
import { createKeyedLock } from '../shared/keyed-lock.ts';
import type { RunSignals } from '../shared/run-signals.ts';
import { UNLIMITED_SHUTDOWN, type ShutdownBudget } from '../shared/shutdown-budget.ts';
import type { Sleep } from '../shared/sleep.ts';
import { createCatchUp, type CatchingUpRun } from './run/catch-up.ts';
import { createChatWatcher } from './chats/chat-watch.ts';
import type { SyncEngine, SyncSink } from './contract.ts';
import { createCycle } from './run/cycle.ts';
import { createFirstStart } from './support/first-start.ts';
import { createHandOff, type SyncTestHooks } from './hand-off/hand-off.ts';
import { createSinkHold } from './hand-off/sink-hold.ts';
import { createHealth } from './support/health.ts';
import { lastAliveAt, markAlive } from './run/heartbeat.ts';
import { createLoops } from './run/loops.ts';
import { createAutoDelivery, DEFAULT_AUTO_DELIVERY, type AutoDeliveryRules } from './automation/auto-delivery.ts';
import { createAutoMessages } from './automation/auto-message.ts';
import { confirmReminder, DEFAULT_CONFIRM_REMINDER, type ConfirmReminderRules } from './automation/confirm-reminder.ts';
import { delivered } from './automation/delivered.ts';
import { greeting } from './automation/greeting.ts';
import { sorry } from './automation/sorry.ts';
import { createConfirmReminderQueries } from '../db/confirm-reminders.ts';
import { createAutoAnswerQueries } from '../db/auto-answers.ts';
import { createAutoReplyQueries, type AutoReplyQueries } from '../db/autoreply.ts';
import type { AwayRules } from '../core/away.ts';
import { awayAnswer } from './automation/away.ts';
import { createBuyerAnswers, DEFAULT_BUYER_ANSWERS, type BuyerAnswerRules } from './automation/buyer-answers.ts';
import { keywordAnswers } from './automation/keyword-answers.ts';
import { createTemplateQueries, type TemplateQueries } from '../db/templates.ts';
import { createOrderWatcher } from './orders/order-watch.ts';
import { createOutbox } from './outbox/outbox.ts';
import { createReadModel, type ArrivedMeanwhile } from './run/read-model.ts';
import { createRequestBudget } from './budget/request-budget.ts';
import { createRetryGate } from './hand-off/retry-gate.ts';
import { safeError } from './support/safe-error.ts';
import { guardSinkCalls } from './hand-off/sink-calls.ts';
import type { SyncTuning } from './run/tuning.ts';
import { createWakeup } from './support/wakeup.ts';
import { chatWatchRules, engineSettings, orderWatchRules, outboxRules } from './run/wiring.ts';
import { createWriteLedger } from './orders/write-ledger.ts';

export interface SyncEngineOptions extends Partial<SyncTuning> {
  api: SellerApi;
  db: SqliteDatabase;
  sink: SyncSink;
  logger: Logger;
  /** Base poll interval (ms). */
  pollIntervalMs: number;
  /** Clock for timestamps and schedules (ms since epoch). */
  now?: () => number;
  /**
   * How the request budget waits for a turn: real timers by default (a test that moves `now` passes one that moves it).
   * The loops' intervals and stop's grace stay on real timers; the client's waits take its own `sleep`.
   */
  budgetSleep?: Sleep;
  /** Fault injection for crash tests; never set in production. */
  testHooks?: SyncTestHooks;
  /** Auto-delivery from stock (`AUTO_DELIVERY`, `STOCK_LOW_THRESHOLD`); on, with a threshold of 3, by default. */
  autoDelivery?: Partial<AutoDeliveryRules>;
  /** Where automatic messages' templates are kept: this database's by default; several stores share one set. */
  templates?: TemplateQueries;
  /** Where the keyword rules and the away switch are kept: this database's by default; several stores share one set. */
  autoReplies?: Pick<AutoReplyQueries, 'rules' | 'revision' | 'awaySwitch'>;
  /** This store's title, for `{store}` in a template (several stores); undefined: empty. */
  storeTitle?: string | undefined;
  /** Automatic buyer messages (`REMIND_CONFIRM_HOURS`); a confirm reminder after 24 h by default. */
  autoTemplates?: Partial<ConfirmReminderRules>;
  /** Answers while the seller sleeps (`WORKING_HOURS`, `BOT_TIMEZONE`, `AUTOREPLY_QUIET_MINUTES`); always working by default. */
  autoAnswers?: Partial<BuyerAnswerRules & AwayRules>;
}

/** What happened while the bridge was not running, for "while you were away: …". */
export interface OfflineSummary extends ArrivedMeanwhile {
  /** When the previous run was last seen alive (its stop, or its last poll before a crash); undefined on a first run. */
  lastRunEndedAt: number | undefined;
}

export interface BridgeSyncEngine extends SyncEngine {
  /**
   * Resolves after the first poll cycle of this run (or at once when not started): what came in meanwhile,
   * counted from what was handed off. To show it above the cards and messages, implement `SyncSink.catchUp`.
   */
  sinceLastRun(): Promise<OfflineSummary>;
}

interface Run extends CatchingUpRun {
  /** Aborts waits at once. */
  wait: AbortController;
  /** Aborts requests in flight (after the grace period of stop). */
  request: AbortController;
  firstCycle: Promise<void>;
  loops: Promise<unknown>;
}

export function createSyncEngine(options: SyncEngineOptions): BridgeSyncEngine {
  const settings = engineSettings(options.pollIntervalMs, options);
  const logger = options.logger.child({ component: 'sync' });
  const clock = options.now ?? Date.now;
  // Instants land in STRICT INTEGER columns: a fractional clock must not make every write fail.
  const now = () => Math.floor(clock());
  const parts = composeParts(options, settings, now, logger);
  const { api, queries, outbox, autoDelivery, autoTemplates, sink, tuning } = parts;

  // The run in progress, if any; when not started (tests driving pollNow), nothing ever aborts.
  const state: RunState = { run: undefined, stopping: undefined, lastRun: undefined };
  const idle = { wait: new AbortController(), request: new AbortController() };
  const signals = (): RunSignals => {
    const current = state.run ?? idle;
    return { waitSignal: current.wait.signal, requestSignal: current.request.signal };
  };
  const cycle = createCycle({ ...parts, logger, now, settings });
  const catchUp = createCatchUp({ cycle, orderWatcher: parts.orderWatcher, chatWatcher: parts.chatWatcher, sink, logger, now });
  const loops = createLoops({
    api,
    cycle,
    catchUp,
    outbox,
    outboxWakeup: parts.outboxWakeup,
    health: parts.health,
    logger,
    now,
    pollIntervalMs: settings.pollIntervalMs,
    signals,
    afterDrain: async () => {
      await autoDelivery.announceLevels(sink);
      autoTemplates.tick();
    },
  });
  const { arrivedBefore, ...reads } = createReadModel({
    api,
    queries,
    outbox,
    health: parts.health,
    logger,
    now,
    hotWindowMs: tuning.hotWindowMs,
    running: () => state.run !== undefined && state.stopping === undefined,
    orderStock: (id) => autoDelivery.orderStock(id),
  });
  const runs = createRuns({
    state,
    loops,
    cycle,
    queries,
    firstStart: parts.firstStart,
    sinkCalls: parts.sinkCalls,
    settings,
    logger,
    now,
  });

  return {
    ...reads,
    start: runs.start,
    stop(budget = UNLIMITED_SHUTDOWN) {
      if (state.stopping !== undefined) return state.stopping;
      if (state.run === undefined) return Promise.resolve();
      state.stopping = runs.stopRun(state.run, budget);
      return state.stopping;
    },
    enqueue: (action) => outbox.enqueue(action),
    replaceStockItem: (orderId, itemId, compose) => autoDelivery.replace(orderId, itemId, compose),
    async pollNow() {
      await loops.drainOutbox();
      await loops.pollOnce(tuning.pollNowLookaheadMs);
      await loops.drainOutbox();
      await loops.reportOutcomes();
    },
    async sinceLastRun() {
      const current = state.run;
      if (current !== undefined) await current.firstCycle;
      if (state.lastRun === undefined) return { lastRunEndedAt: undefined, newOrders: 0, messages: 0 };
      return { lastRunEndedAt: state.lastRun.lastRunEndedAt, ...arrivedBefore(state.lastRun.startedAt) };
    },
  };
}

interface RunState {
  run: Run | undefined;
  stopping: Promise<void> | undefined;
  lastRun: Pick<Run, 'startedAt' | 'lastRunEndedAt'> | undefined;
}

type Settings = ReturnType<typeof engineSettings>;

/** The parts of sync over one database: the foundations (budget, lock, hand-off), the outbox, automation, the watchers. */
function composeParts(options: SyncEngineOptions, settings: Settings, now: () => number, logger: Logger) {
  const { api, db } = options;
  const { tuning } = settings;
  const queries = createQueries(db, now);
  const health = createHealth();
  const budget = createRequestBudget({ api, now, rules: tuning.budget, ...(options.budgetSleep ? { sleep: options.budgetSleep } : {}) });
  const lock = createKeyedLock();
  const ledger = createWriteLedger();
  const outboxWakeup = createWakeup();
  // Every sink call goes through the guard, so stop() can give up on a slow one (hand-off/sink-calls.ts).
  const sinkCalls = guardSinkCalls(options.sink);
  const sink = sinkCalls.sink;
  const sinkHold = createSinkHold(now, tuning.sinkRetryBaseMs, tuning.sinkRetryMaxMs);
  const firstStart = createFirstStart(queries.kv, now);
  const handOff = createHandOff(db, sink, sinkHold, firstStart.timingOf, options.testHooks);
  const automation: { current?: ReturnType<typeof composeAutomation> } = {};
  const outbox = createOutbox({
    ...{ db, queries, sink, sinkHold, lock, budget, ledger, health, logger, now },
    kick: () => outboxWakeup.kick(),
    rules: outboxRules(settings),
    onSettled: (action, settled) => {
      automation.current?.autoDelivery.settled(action, settled);
      automation.current?.autoTemplates.settled(action, settled.ok);
    },
  });
  automation.current = composeAutomation(options, queries, firstStart, outbox, now, logger);
  const { autoDelivery, autoTemplates } = automation.current;
  const refused = createRetryGate(now, tuning.sinkRetryBaseMs, tuning.sinkRetryMaxMs);
  const orderWatcher = createOrderWatcher({
    ...{ queries, handOff, ledger, refused, health, logger, now, autoDelivery, autoTemplates },
    rules: orderWatchRules(settings),
  });
  const chatWatcher = createChatWatcher({
    ...{ queries, handOff, lock, budget, health, logger, now, sinkHold, autoTemplates },
    rules: chatWatchRules(settings),
    isEcho: (orderId, message) => outbox.isEcho(orderId, message),
    claimEcho: (orderId, message) => outbox.claimEcho(orderId, message),
  });
  return {
    api,
    tuning,
    queries,
    health,
    budget,
    outboxWakeup,
    sinkCalls,
    sink,
    sinkHold,
    firstStart,
    outbox,
    autoDelivery,
    autoTemplates,
    orderWatcher,
    chatWatcher,
  };
}

/** Auto-delivery from stock, and the automatic buyer messages in the order they are considered for one trigger. */
function composeAutomation(
  options: SyncEngineOptions,
  queries: ReturnType<typeof createQueries>,
  firstStart: ReturnType<typeof createFirstStart>,
  outbox: ReturnType<typeof createOutbox>,
  now: () => number,
  logger: Logger,
) {
  const { db } = options;
  const transaction = <T>(task: () => T): T => db.transaction(task)();
  const enqueue = (action: SellerAction) => outbox.enqueue(action);
  const autoDelivery = createAutoDelivery({
    stock: queries.stock,
    enqueue,
    logger,
    now,
    rules: { ...DEFAULT_AUTO_DELIVERY, ...options.autoDelivery },
    imported: (createdAt) => firstStart.imported(createdAt),
    transaction,
  });
  const waits = createConfirmReminderQueries(db);
  const rules = { ...DEFAULT_CONFIRM_REMINDER, ...options.autoTemplates };
  const templates = options.templates ?? createTemplateQueries(db);
  const storeTitle = options.storeTitle;
  const autoreply = options.autoReplies ?? createAutoReplyQueries(db);
  const { quietMs, hours, timeZone } = { ...DEFAULT_BUYER_ANSWERS, hours: undefined, timeZone: 'UTC', ...options.autoAnswers };
  // In precedence order: a matching keyword rule answers the question; away otherwise.
  const buyerWrote = createBuyerAnswers(
    [keywordAnswers({ rules: autoreply }), awayAnswer({ rules: { hours, timeZone }, switched: () => autoreply.awaySwitch() })],
    { ledger: createAutoAnswerQueries(db), templates, storeTitle, firstStart, enqueue, rules: { quietMs }, now, logger },
  );
  const autoTemplates = createAutoMessages([greeting, delivered, confirmReminder({ waits, queries, rules, now, transaction }), sorry], {
    ...{ queries, firstStart, templates, storeTitle, enqueue, logger, buyerWrote },
  });
  return { autoDelivery, autoTemplates };
}

/** Starting a run and stopping it within the shutdown budget. */
function createRuns(deps: {
  state: RunState;
  loops: ReturnType<typeof createLoops>;
  cycle: ReturnType<typeof createCycle>;
  queries: ReturnType<typeof createQueries>;
  firstStart: ReturnType<typeof createFirstStart>;
  sinkCalls: ReturnType<typeof guardSinkCalls>;
  settings: Settings;
  logger: Logger;
  now: () => number;
}) {
  const { state, loops, queries, logger, now } = deps;
  return {
    start(): void {
      if (state.run !== undefined) return;
      let firstCycleDone!: () => void;
      const firstCycle = new Promise<void>((resolve) => {
        firstCycleDone = resolve;
      });
      const current: Run = {
        wait: new AbortController(),
        request: new AbortController(),
        startedAt: now(),
        lastRunEndedAt: lastAliveAt(queries),
        caughtUp: false,
        firstCycle,
        loops: Promise.resolve(),
      };
      state.run = current;
      state.lastRun = current;
      deps.firstStart.started(current.lastRunEndedAt === undefined);
      deps.cycle.countFrom(0);
      logger.info({ pollIntervalMs: deps.settings.pollIntervalMs, lastRunEndedAt: current.lastRunEndedAt }, 'sync started');
      const stop = current.wait.signal;
      current.loops = Promise.allSettled([loops.pollLoop(current, stop, firstCycleDone), loops.outboxLoop(stop)]);
    },

    async stopRun(current: Run, budget: ShutdownBudget): Promise<void> {
      current.wait.abort(new Error('sync stopping'));
      const settled = (async () => {
        await current.loops;
        await loops.settled();
      })();
      // The request or sink call in hand may finish within the grace period, and its event is committed.
      const grace = new AbortController();
      const timedOut = await Promise.race([
        settled.then(() => false),
        sleep(budget.allow(deps.settings.tuning.stopGraceMs), true, { signal: grace.signal }).catch(() => false),
      ]);
      grace.abort();
      if (timedOut) {
        // Past it, a hanging request is cut (it unwinds at once), and a sink still busy is given up on.
        current.request.abort(new Error('sync stopped'));
        deps.sinkCalls.abandon();
        if (deps.sinkCalls.busy()) logger.warn('stopped while the sink was still busy: that event is offered again after the restart');
        else await settled;
      }
      try {
        markAlive(queries, now());
      } catch (error) {
        // The database went away under us: the previous heartbeat stands in for this run's end.
        logger.warn({ error: safeError(error) }, 'could not record the end of this run');
      }
      state.run = undefined;
      state.stopping = undefined;
      logger.info('sync stopped');
    },
  };
}
