/**
 * Runs the whole bridge from a validated configuration: opens the shared database and each store's (db/
 * store-files.ts) with its store client, builds everything with the one factory (build-bridge.ts), starts it, and on
 * stop closes what it opened. `main.ts` only reads the environment, calls this, and turns signals into `stop()`.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/index.ts';
import { openDatabase } from '../db/index.ts';
import { storeDatabasePath } from '../db/store-files.ts';
import { createSellerApiClient } from '../seller-api/client.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import { buildBridge, type Bridge, type BridgeOverrides } from './build-bridge.ts';
import type { StoreRuntime } from './stores/store-runtime.ts';

/** One store the bridge serves, as the configuration (or trial mode) gives it. */
export interface StoreAccess {
  name: string;
  title: string;
  /** Where its orders go; undefined: TELEGRAM_CHAT_ID. */
  chatId?: number | undefined;
  baseUrl: string;
  apiKey: string;
  deliverField: string;
  /** Trial mode: items a product starts with the first time, so auto-delivery shows at once. */
  demoStock?: { productId: string; items: string[] };
}

export interface BridgeOptions {
  config: Config;
  /** Every store the bridge serves, at least one. */
  stores: readonly StoreAccess[];
  logger: Logger;
  /** Test seams (Telegram pacing, polling timeout, the alert check). */
  overrides?: BridgeOverrides;
  /** Telegram polling stopped by itself: main.ts stops the bridge and exits non-zero for the supervisor to restart. */
  onFatal?: (reason: string) => void;
  now?: () => number;
}

export type RunningBridge = Omit<Bridge, 'start'>;

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const { config, logger } = options;
  const db = openDatabase(config.databasePath, { logger });
  const clients = options.stores.map((store) =>
    createSellerApiClient({ baseUrl: store.baseUrl, apiKey: store.apiKey, deliverField: store.deliverField, logger }),
  );
  const stores: StoreRuntime[] = options.stores.map((store, index) => {
    const path = storeDatabasePath(config.databasePath, store.name);
    return {
      name: store.name,
      title: store.title,
      chatId: store.chatId,
      db: path === config.databasePath ? db : openDatabase(path, { logger }),
      api: clients[index] as (typeof clients)[number],
      ...(store.demoStock ? { demoStock: store.demoStock } : {}),
    };
  });
  const bridge = buildBridge({
    config,
    db,
    stores,
    logger,
    ...(options.onFatal ? { onFatal: options.onFatal } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  await bridge.start();

  let stopping: Promise<void> | undefined;
  const stop = (budget?: ShutdownBudget) =>
    (stopping ??= (async () => {
      await bridge.stop(budget);
      for (const client of clients) await client.close();
      for (const store of stores) if (store.db !== db) store.db.close();
      db.close();
      logger.info('bridge stopped');
    })());
  return {
    engine: bridge.engine,
    bot: bridge.bot,
    get health() {
      return bridge.health;
    },
    stop,
  };
}
