/**
 * Runs the whole bridge from a validated configuration: opens the database and the store client, builds everything
 * with the one factory (build-bridge.ts), starts it, and on stop closes what it opened. `main.ts` only reads the
 * environment, calls this, and turns signals into `stop()`.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/index.ts';
import { openDatabase } from '../db/index.ts';
import { createSellerApiClient } from '../seller-api/client.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import { buildBridge, type Bridge, type BridgeOverrides } from './build-bridge.ts';

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
  /** Test seams (Telegram pacing, polling timeout, the alert check). */
  overrides?: BridgeOverrides;
  /** Telegram polling stopped by itself: main.ts stops the bridge and exits non-zero for the supervisor to restart. */
  onFatal?: (reason: string) => void;
  now?: () => number;
}

export type RunningBridge = Omit<Bridge, 'start'>;

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const { config, store, logger } = options;
  const api = createSellerApiClient({ baseUrl: store.baseUrl, apiKey: store.apiKey, deliverField: store.deliverField, logger });
  const db = openDatabase(config.databasePath, { logger });
  const bridge = buildBridge({
    config,
    db,
    api,
    logger,
    demoStock: store.demoStock,
    ...(options.onFatal ? { onFatal: options.onFatal } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  await bridge.start();

  let stopping: Promise<void> | undefined;
  const stop = (budget?: ShutdownBudget) =>
    (stopping ??= (async () => {
      await bridge.stop(budget);
      await api.close();
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
