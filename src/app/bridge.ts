/**
 * Builds and runs the whole bridge from a validated configuration: the Seller API client, the SQLite
 * state, the sync engine, the Telegram bot, alerts, the offline summary and the health endpoint.
 * `main.ts` only reads the environment, calls this, and turns signals into `stop()`.
 */
import type { Logger } from 'pino';
import { ALERTS, createBridgeBot, type BridgeBot, type BridgeBotDeps } from '../bot/index.ts';
import type { Config } from '../config/index.ts';
import { AUTO_TEMPLATES, renderSaved } from '../core/template.ts';
import {
  createCardViewQueries,
  createKeyValueStore,
  createOrderTopicQueries,
  createStockQueries,
  createTemplateQueries,
  createAuditQueries,
  createStatsQueries,
  createOrderExportQueries,
  createSummaryLedger,
  createReminderQueries,
  createTelegramQueueQueries,
  createUserLanguageQueries,
  openDatabase,
} from '../db/index.ts';
import { startHealthServer, syncHealth, type HealthServer } from '../ops/index.ts';
import { createStoreAlerts, type StoreAlert } from '../ops/store-alerts.ts';
import { createSellerApiClient } from '../seller-api/client.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import { createSyncEngine, type BridgeSyncEngine } from '../sync/engine.ts';
import { defaultTuning } from '../sync/tuning.ts';
import type { ProductId } from '../seller-api/schemas.ts';

export interface StoreAccess {
  baseUrl: string;
  apiKey: string;
  deliverField: string;
  /** Trial mode: items a product starts with the first time, so auto-delivery shows at once. */
  demoStock?: { productId: string; items: string[] };
}

export interface BridgeOptions {
  config: Config;
  store: StoreAccess;
  logger: Logger;
  /** How often the store's state is checked for alerts (default 5 s). */
  alertCheckMs?: number;
  /** Test seams for the Telegram side (pacing, polling timeout). */
  bot?: Partial<Pick<BridgeBotDeps, 'pacing' | 'retry' | 'pollingTimeoutSeconds'>>;
  /**
   * Telegram polling stopped by itself (another instance took the token, the token was revoked): the bridge
   * is deaf to buttons and replies, so main.ts stops it and exits non-zero for the supervisor to restart.
   */
  onFatal?: (reason: string) => void;
  now?: () => number;
}

export interface RunningBridge {
  engine: BridgeSyncEngine;
  bot: BridgeBot;
  health: HealthServer | undefined;
  /**
   * Stops polling, finishes what is in flight, closes the database. Safe to call twice. With a budget, sync and
   * then the bot wait only what it leaves them.
   */
  stop(budget?: ShutdownBudget): Promise<void>;
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const { config, store, logger } = options;
  const now = options.now ?? Date.now;
  const startedAt = now();

  const api = createSellerApiClient({ baseUrl: store.baseUrl, apiKey: store.apiKey, deliverField: store.deliverField, logger });
  const db = openDatabase(config.databasePath, { logger });
  const stock = createStockQueries(db);
  const demo = store.demoStock;
  if (demo !== undefined && !stock.isStocked(demo.productId as ProductId)) stock.add(demo.productId as ProductId, demo.items, now());
  const kv = createKeyValueStore(db);

  let engine: BridgeSyncEngine | undefined;
  const templates = createTemplateQueries(db);
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
    kv,
    cardStore: createCardViewQueries(db),
    // Sync hands events to this queue and goes on reading the store while Telegram drains it.
    telegramQueue: createTelegramQueueQueries(db),
    // A chat that refuses the bot is asked again on sync's schedule for a sink that refuses everything.
    drainer: { backoff: { baseMs: sinkRetry.sinkRetryBaseMs, maxMs: sinkRetry.sinkRetryMaxMs } },
    topics: { mode: config.telegram.topics, store: createOrderTopicQueries(db) },
    language: config.telegram.language,
    timeZone: config.telegram.timeZone,
    userLanguages: createUserLanguageQueries(db),
    stock,
    templates,
    reminders: {
      store: createReminderQueries(db),
      ...config.reminders,
      sorryMessage: (order) => renderSaved(templates, AUTO_TEMPLATES.sorry, order),
    },
    logger,
    listProducts: () => api.listProducts(),
    onPollingStopped: (reason) => {
      logger.fatal({ reason }, 'Telegram polling stopped: buttons and replies are no longer received');
      options.onFatal?.(reason);
    },
    ...options.bot,
  });
  engine = createSyncEngine({
    api,
    db,
    sink: bot.sink,
    logger,
    pollIntervalMs: config.pollIntervalMs,
    now,
    autoDelivery: { enabled: config.stock.autoDelivery, lowThreshold: config.stock.lowThreshold },
    autoTemplates: { remindConfirmMs: config.remindConfirmMs },
  });

  const alerts = createStoreAlerts({ downAfterMs: config.storeDownAlertMs, startedAt });
  const postAlert = (alert: StoreAlert) => {
    const notice =
      alert.kind === 'keyRefused'
        ? ALERTS.apiKeyRefused(bot.tr)
        : alert.kind === 'down'
          ? ALERTS.storeDown(bot.tr, alert.silentForMinutes)
          : ALERTS.storeBack(bot.tr);
    logger.warn({ alert: alert.kind }, 'store state changed');
    void bot.postNotice(notice);
  };
  const watchStore = setInterval(() => {
    const alert = alerts.observe(engine.status(), now());
    if (alert) postAlert(alert);
  }, options.alertCheckMs ?? 5_000);
  watchStore.unref();

  const health =
    config.healthPort === undefined
      ? undefined
      : await startHealthServer({
          port: config.healthPort,
          check: async () => {
            const polling = bot.polling();
            if (!polling.running) return { ok: false, reason: `telegram polling stopped${polling.error ? `: ${polling.error}` : ''}` };
            const synced = syncHealth(engine.status(), { startedAt, staleAfterMs: config.storeDownAlertMs, now: now() });
            // What sync handed off and Telegram has not shown yet (the queue drains at Telegram's pace).
            const store = { ...synced, details: { ...synced.details, telegramQueue: { waiting: (await bot.queue?.waiting()) ?? 0 } } };
            // Nothing reaches the seller while Telegram refuses the chat: degraded, whatever the store does.
            const refused = await bot.chatRefusal();
            if (refused === undefined) return store;
            const since = new Date(refused.since).toISOString();
            return { ok: false, reason: refused.hint, details: { ...store.details, telegramChat: { refused: refused.code, since } } };
          },
        });

  await bot.start();
  engine.start();
  logger.info({ mode: config.mode, pollIntervalMs: config.pollIntervalMs }, 'bridge running');

  let stopping: Promise<void> | undefined;
  const stop = (budget?: ShutdownBudget) =>
    (stopping ??= (async () => {
      clearInterval(watchStore);
      // Sync first: it finishes its request in flight and hands its last event to the bot, which is still up.
      await engine.stop(budget);
      await bot.stop(budget);
      await health?.close();
      await api.close();
      db.close();
      logger.info('bridge stopped');
    })());

  return { engine, bot, health, stop };
}
