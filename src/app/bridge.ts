/**
 * Builds and runs the whole bridge from a validated configuration: the Seller API client, the SQLite
 * state, the sync engine, the Telegram bot, alerts, the offline summary and the health endpoint.
 * `main.ts` only reads the environment, calls this, and turns signals into `stop()`.
 */
import type { Logger } from 'pino';
import { ALERTS, createBridgeBot, type BridgeBot, type BridgeBotDeps } from '../bot/index.ts';
import type { Config } from '../config/index.ts';
import { createKeyValueStore, openDatabase } from '../db/index.ts';
import { startHealthServer, syncHealth, type HealthServer } from '../ops/index.ts';
import { createStoreAlerts, type StoreAlert } from '../ops/store-alerts.ts';
import { createSellerApiClient } from '../seller-api/client.ts';
import { createSyncEngine, type BridgeSyncEngine } from '../sync/engine.ts';

export interface StoreAccess {
  baseUrl: string;
  apiKey: string;
  deliverField: string;
}

export interface BridgeOptions {
  config: Config;
  store: StoreAccess;
  logger: Logger;
  /** How often the store's state is checked for alerts (default 5 s). */
  alertCheckMs?: number;
  /** Test seams for the Telegram side (pacing, polling timeout). */
  bot?: Partial<Pick<BridgeBotDeps, 'pacing' | 'retry' | 'pollingTimeoutSeconds'>>;
  now?: () => number;
}

export interface RunningBridge {
  engine: BridgeSyncEngine;
  bot: BridgeBot;
  health: HealthServer | undefined;
  /** Stops polling, finishes what is in flight, closes the database. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const { config, store, logger } = options;
  const now = options.now ?? Date.now;
  const startedAt = now();

  const api = createSellerApiClient({ baseUrl: store.baseUrl, apiKey: store.apiKey, deliverField: store.deliverField, logger });
  const db = openDatabase(config.databasePath, { logger });
  const kv = createKeyValueStore(db);

  let engine: BridgeSyncEngine | undefined;
  const bot = createBridgeBot({
    token: config.telegram.token,
    ...(config.telegram.apiRoot === undefined ? {} : { apiRoot: config.telegram.apiRoot }),
    chatId: config.telegram.chatId,
    adminIds: config.telegram.adminIds,
    engine: () => {
      if (!engine) throw new Error('sync engine not built yet');
      return engine;
    },
    kv,
    logger,
    listProducts: () => api.listProducts(),
    ...options.bot,
  });
  engine = createSyncEngine({ api, db, sink: bot.sink, logger, pollIntervalMs: config.pollIntervalMs, now });

  const alerts = createStoreAlerts({ downAfterMs: config.storeDownAlertMs, startedAt });
  const postAlert = (alert: StoreAlert) => {
    const notice =
      alert.kind === 'keyRefused' ? ALERTS.apiKeyRefused() : alert.kind === 'down' ? ALERTS.storeDown(alert.silentForMinutes) : ALERTS.storeBack();
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
          check: () => syncHealth(engine.status(), { startedAt, staleAfterMs: config.storeDownAlertMs, now: now() }),
        });

  await bot.start();
  engine.start();
  void announceOfflineSummary(engine, bot, logger);
  logger.info({ mode: config.mode, pollIntervalMs: config.pollIntervalMs }, 'bridge running');

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(watchStore);
      // Sync first: it finishes its request in flight and hands its last event to the bot, which is still up.
      await engine.stop();
      await bot.stop();
      await health?.close();
      await api.close();
      db.close();
      logger.info('bridge stopped');
    })());

  return { engine, bot, health, stop };
}

/**
 * After a downtime, one notice of what came in meanwhile. It is posted after the catch-up cycle, so it
 * sits below the cards and messages it counts: the last thing the seller sees on opening the chat.
 */
async function announceOfflineSummary(engine: BridgeSyncEngine, bot: BridgeBot, logger: Logger): Promise<void> {
  try {
    const summary = await engine.sinceLastRun();
    if (summary.lastRunEndedAt === undefined) return;
    if (summary.newOrders === 0 && summary.messages === 0) return;
    await bot.postNotice(ALERTS.whileAway({ orders: summary.newOrders, messages: summary.messages }));
  } catch (error) {
    logger.warn({ err: error }, 'offline summary not posted');
  }
}
