/**
 * The one factory of the whole bridge: from a checked configuration, an open database and a store client, it builds
 * the Telegram bot, the sync engine, the store alerts, scheduled backups and the health endpoint, wired as they run. `npm start`, every
 * test rig, the crash tests' child processes and the benchmark build through here, so what they run is what a seller
 * runs; they differ only in the overrides (shorter timings, a fake Bot API's root).
 */
import type { Logger } from 'pino';
import { ALERTS, createBridgeBot, type BridgeBot, type BridgeBotDeps, type ReminderSettings } from '../bot/index.ts';
import type { Config } from '../config/index.ts';
import {
  createAuditQueries,
  createAutoReplyQueries,
  createCardViewQueries,
  createKeyValueStore,
  createOrderExportQueries,
  createOrderTopicQueries,
  createReminderQueries,
  createStatsQueries,
  createStockQueries,
  createSummaryLedger,
  createTelegramQueueQueries,
  createTemplateQueries,
  createUserLanguageQueries,
} from '../db/index.ts';
import type { SqliteDatabase } from '../db/sqlite.ts';
import { encryptedBackupMaker } from '../ops/backup-on-request.ts';
import { backupScheduleIfSet, type BackupAlert } from '../ops/backup-schedule.ts';
import { startHealthServer, syncHealth, type HealthServer } from '../ops/index.ts';
import { createStoreAlerts, type StoreAlert } from '../ops/store-alerts.ts';
import type { SellerApi } from '../seller-api/api.ts';
import type { ProductId } from '../seller-api/schemas.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import type { SyncSink } from '../sync/contract.ts';
import { createSyncEngine, type BridgeSyncEngine, type SyncEngineOptions } from '../sync/engine.ts';
import { defaultTuning } from '../sync/run/tuning.ts';

/** Test and benchmark seams; the app passes none. */
export interface BridgeOverrides {
  /** Telegram timings, a fake Bot API's root, a clock; spread over what the configuration gives the bot. */
  bot?: Partial<BridgeBotDeps>;
  /** Reminder timings (the tick); spread over REMIND_*. */
  reminders?: Partial<Omit<ReminderSettings, 'store'>>;
  /** Engine tuning (poll interval, backoffs, grace), spread over POLL_INTERVAL_SECONDS and the defaults. */
  engine?: Partial<SyncEngineOptions>;
  /** How often the store's state is checked for alerts (default 5 s). */
  alertCheckMs?: number;
  /** Wraps the bot's sink before sync gets it (the benchmark notes when each event was handed over). */
  sink?: (sink: SyncSink) => SyncSink;
}

export interface BridgeInput {
  config: Config;
  db: SqliteDatabase;
  api: SellerApi;
  logger: Logger;
  /** Trial mode: items a product starts with the first time, so auto-delivery shows at once. */
  demoStock?: { productId: string; items: string[] } | undefined;
  /**
   * Telegram polling stopped by itself (another instance took the token, the token was revoked): the bridge is deaf
   * to buttons and replies, so main.ts stops it and exits non-zero for the supervisor to restart.
   */
  onFatal?: (reason: string) => void;
  now?: () => number;
  overrides?: BridgeOverrides;
}

export interface Bridge {
  engine: BridgeSyncEngine;
  bot: BridgeBot;
  health: HealthServer | undefined;
  /** The health endpoint, the bot (polling, then its services), and with `sync` (default) the engine's loops. */
  start(options?: { sync?: boolean }): Promise<void>;
  /** Sync first (it hands its last event to the bot, which is still up), then the bot and the health endpoint. */
  stop(budget?: ShutdownBudget): Promise<void>;
}

export function buildBridge(input: BridgeInput): Bridge {
  const { config, db, api, logger, overrides = {} } = input;
  const now = input.now ?? Date.now;
  const startedAt = now();
  const stock = createStockQueries(db);
  const demo = input.demoStock;
  if (demo !== undefined && !stock.isStocked(demo.productId as ProductId)) stock.add(demo.productId as ProductId, demo.items, now());

  let engine: BridgeSyncEngine | undefined;
  const sinkRetry = defaultTuning(config.pollIntervalMs);
  const bot = createBridgeBot({
    token: config.telegram.token,
    ...(config.telegram.apiRoot === undefined ? {} : { apiRoot: config.telegram.apiRoot }),
    chatId: config.telegram.chatId,
    adminIds: config.telegram.adminIds,
    staffIds: config.telegram.staffIds,
    audit: createAuditQueries(db),
    stats: createStatsQueries(db),
    orderExport: createOrderExportQueries(db),
    summaryLedger: createSummaryLedger(db),
    ...(config.dailySummaryAt === undefined ? {} : { dailySummaryAt: config.dailySummaryAt }),
    engine: () => {
      if (!engine) throw new Error('sync engine not built yet');
      return engine;
    },
    kv: createKeyValueStore(db),
    cardStore: createCardViewQueries(db),
    telegramQueue: createTelegramQueueQueries(db),
    // A chat that refuses the bot is asked again on sync's schedule for a sink that refuses everything.
    drainer: { backoff: { baseMs: sinkRetry.sinkRetryBaseMs, maxMs: sinkRetry.sinkRetryMaxMs } },
    topics: { mode: config.telegram.topics, store: createOrderTopicQueries(db) },
    language: config.telegram.language,
    timeZone: config.telegram.timeZone,
    userLanguages: createUserLanguageQueries(db),
    stock,
    templates: createTemplateQueries(db),
    reminders: { store: createReminderQueries(db), ...config.reminders, ...overrides.reminders },
    autoreply: { store: createAutoReplyQueries(db), away: { hours: config.autoAnswers.hours, timeZone: config.telegram.timeZone } },
    logger,
    listProducts: () => api.listProducts(),
    makeEncryptedBackup: encryptedBackupMaker({ databasePath: config.databasePath, ...config.backup }),
    onPollingStopped: (reason) => {
      logger.fatal({ reason }, 'Telegram polling stopped: buttons and replies are no longer received');
      input.onFatal?.(reason);
    },
    ...overrides.bot,
  });
  engine = createSyncEngine({
    api,
    db,
    sink: overrides.sink ? overrides.sink(bot.sink) : bot.sink,
    logger,
    pollIntervalMs: config.pollIntervalMs,
    now,
    autoDelivery: { enabled: config.stock.autoDelivery, lowThreshold: config.stock.lowThreshold },
    autoTemplates: { remindConfirmMs: config.remindConfirmMs },
    autoAnswers: { ...config.autoAnswers, timeZone: config.telegram.timeZone },
    ...overrides.engine,
  });
  const built = engine;

  const backups = backupScheduleIfSet({
    databasePath: config.databasePath,
    ...config.backup,
    logger,
    report: (alert: BackupAlert) => void bot.postNotice(ALERTS.backup(bot.tr, alert)),
  });
  const watchStore = storeWatch({
    bot,
    engine: built,
    downAfterMs: config.storeDownAlertMs,
    startedAt,
    everyMs: overrides.alertCheckMs,
    now,
    logger,
  });
  let health: HealthServer | undefined;
  let stopping: Promise<void> | undefined;

  return {
    engine: built,
    bot,
    get health() {
      return health;
    },
    async start(options = {}) {
      if (config.healthPort !== undefined)
        health = await startHealth(config.healthPort, bot, built, { startedAt, staleAfterMs: config.storeDownAlertMs, now });
      await bot.start();
      if (options.sync === false) return;
      built.start();
      watchStore.start();
      backups?.start();
      logger.info({ mode: config.mode, pollIntervalMs: config.pollIntervalMs }, 'bridge running');
    },
    stop: (budget) =>
      (stopping ??= (async () => {
        watchStore.stop();
        await backups?.stop();
        await built.stop(budget);
        await bot.stop(budget);
        await health?.close();
      })()),
  };
}

/** One alert per change of the store's state (ops/store-alerts.ts), through the bot's notices. */
function storeWatch(deps: {
  bot: BridgeBot;
  engine: BridgeSyncEngine;
  downAfterMs: number;
  startedAt: number;
  everyMs: number | undefined;
  now: () => number;
  logger: Logger;
}) {
  const alerts = createStoreAlerts({ downAfterMs: deps.downAfterMs, startedAt: deps.startedAt });
  const post = (alert: StoreAlert) => {
    const { tr } = deps.bot;
    const notice =
      alert.kind === 'keyRefused'
        ? ALERTS.apiKeyRefused(tr)
        : alert.kind === 'down'
          ? ALERTS.storeDown(tr, alert.silentForMinutes)
          : ALERTS.storeBack(tr);
    deps.logger.warn({ alert: alert.kind }, 'store state changed');
    void deps.bot.postNotice(notice);
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer ??= setInterval(() => {
        const alert = alerts.observe(deps.engine.status(), deps.now());
        if (alert) post(alert);
      }, deps.everyMs ?? 5_000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** `/healthz`: polling runs, the store answers lately, and Telegram takes the chat's messages. */
function startHealth(
  port: number,
  bot: BridgeBot,
  engine: BridgeSyncEngine,
  clock: { startedAt: number; staleAfterMs: number; now: () => number },
): Promise<HealthServer> {
  return startHealthServer({
    port,
    check: async () => {
      const polling = bot.polling();
      if (!polling.running) return { ok: false, reason: `telegram polling stopped${polling.error ? `: ${polling.error}` : ''}` };
      const synced = syncHealth(engine.status(), { startedAt: clock.startedAt, staleAfterMs: clock.staleAfterMs, now: clock.now() });
      // What sync handed off and Telegram has not shown yet (the queue drains at Telegram's pace).
      const store = { ...synced, details: { ...synced.details, telegramQueue: { waiting: await bot.queue.waiting() } } };
      // Nothing reaches the seller while Telegram refuses the chat: degraded, whatever the store does.
      const refused = await bot.chatRefusal();
      if (refused === undefined) return store;
      const since = new Date(refused.since).toISOString();
      return { ok: false, reason: refused.hint, details: { ...store.details, telegramChat: { refused: refused.code, since } } };
    },
  });
}
