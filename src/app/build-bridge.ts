/**
 * The one factory of the whole bridge: from a checked configuration, the shared database and each store (its own
 * database and client), it builds the Telegram bot, one sync engine per store, the store alerts, scheduled backups
 * and the health endpoint, wired as they run. `npm start`, every test rig, the crash tests' child processes and the
 * benchmark build through here, so what they run is what a seller runs; they differ only in the overrides (shorter
 * timings, a fake Bot API's root). With several stores the bot sees them as one, by qualified ids (app/stores/).
 */
import type { Logger } from 'pino';
import { ALERTS, createBridgeBot, type BridgeBot, type BridgeBotDeps, type ReminderSettings } from '../bot/index.ts';
import type { Config } from '../config/index.ts';
import { createStoreDirectory, type StoreDirectory } from '../core/store-ref.ts';
import {
  createAuditQueries,
  createAutoReplyQueries,
  createCardViewQueries,
  createKeyValueStore,
  createOrderExportQueries,
  createOrderTopicQueries,
  createRelayedRefQuery,
  createReminderQueries,
  createStatsQueries,
  createStockQueries,
  createSummaryLedger,
  createTelegramQueueQueries,
  createTemplateQueries,
  createUserLanguageQueries,
} from '../db/index.ts';
import type { SqliteDatabase } from '../db/sqlite.ts';
import { storeDatabasePath } from '../db/store-files.ts';
import { encryptedBackupMaker } from '../ops/backup-on-request.ts';
import { backupScheduleIfSet, type BackupAlert } from '../ops/backup-schedule.ts';
import type { HealthServer } from '../ops/index.ts';
import type { Product, ProductId } from '../seller-api/schemas.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import type { SyncSink } from '../sync/contract.ts';
import type { SyncEngineOptions } from '../sync/engine.ts';
import { defaultTuning } from '../sync/run/tuning.ts';
import { botStores, type BotStores } from './stores/bot-stores.ts';
import { upward } from './stores/qualifier.ts';
import { createStoreEngines, type StoreEngines } from './stores/store-engines.ts';
import type { StoreRuntime } from './stores/store-runtime.ts';
import { startHealth, watchStores } from './stores/store-watch.ts';

/** Test and benchmark seams; the app passes none. */
export interface BridgeOverrides {
  /** Telegram timings, a fake Bot API's root, a clock; spread over what the configuration gives the bot. */
  bot?: Partial<BridgeBotDeps>;
  /** Reminder timings (the tick); spread over REMIND_*. */
  reminders?: Partial<Omit<ReminderSettings, 'store'>>;
  /** Engine tuning (poll interval, backoffs, grace), spread over POLL_INTERVAL_SECONDS and the defaults, for every store. */
  engine?: Partial<SyncEngineOptions>;
  /** How often the stores' state is checked for alerts (default 5 s). */
  alertCheckMs?: number;
  /** Wraps each store's sink before its engine gets it (the benchmark notes when each store's event was handed over). */
  sink?: (sink: SyncSink, store: string) => SyncSink;
}

export interface BridgeInput {
  config: Config;
  /** DATABASE_PATH: what the stores share (the Telegram queue, templates, the bot's state), and the `main` store's. */
  db: SqliteDatabase;
  /** Every store, at least one, in the configuration's order. */
  stores: readonly StoreRuntime[];
  logger: Logger;
  /**
   * Telegram polling stopped by itself (another instance took the token, the token was revoked): the bridge is deaf
   * to buttons and replies, so main.ts stops it and exits non-zero for the supervisor to restart.
   */
  onFatal?: (reason: string) => void;
  now?: () => number;
  overrides?: BridgeOverrides;
}

export interface Bridge {
  /** Every store's engine as one; each store's own in `engine.byName`. */
  engine: StoreEngines;
  bot: BridgeBot;
  health: HealthServer | undefined;
  /** The health endpoint, the bot (polling, then its services), and with `sync` (default) the engines' loops. */
  start(options?: { sync?: boolean }): Promise<void>;
  /** Sync first (it hands its last event to the bot, which is still up), then the bot and the health endpoint. */
  stop(budget?: ShutdownBudget): Promise<void>;
}

export function buildBridge(input: BridgeInput): Bridge {
  const { config, db, stores, logger, overrides = {} } = input;
  const now = input.now ?? Date.now;
  const startedAt = now();
  seedDemoStock(stores, now);
  const directory = createStoreDirectory(stores.map(({ name, title }) => ({ name, title })));
  const kept = botStores(stores.map(storeQueries(config)));

  let engines: StoreEngines | undefined;
  const bot = createBridgeBot(
    botDeps(input, kept, directory, () => {
      if (!engines) throw new Error('sync engines not built yet');
      return engines;
    }),
  );
  engines = createStoreEngines({
    stores,
    shared: db,
    sink: bot.sink,
    wrapSink: overrides.sink,
    options: engineOptions(config, now, overrides),
    logger,
  });
  const built = engines;

  // Every database on its own schedule (each file's backups are named after it).
  const backups = databasePaths(config, stores).flatMap((databasePath) => {
    const schedule = backupScheduleIfSet({
      databasePath,
      ...config.backup,
      logger,
      report: (alert: BackupAlert) => void bot.postNotice(ALERTS.backup(bot.tr, alert)),
    });
    return schedule === undefined ? [] : [schedule];
  });
  const watched = stores.map((store) => ({
    name: store.name,
    title: directory.several ? store.title : undefined,
    status: () => (built.byName.get(store.name) ?? built).status(),
  }));
  const watch = watchStores({
    bot,
    stores: watched,
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
        health = await startHealth(config.healthPort, bot, watched, { startedAt, staleAfterMs: config.storeDownAlertMs, now });
      await bot.start();
      if (options.sync === false) return;
      built.start();
      watch.start();
      for (const schedule of backups) schedule.start();
      logger.info({ mode: config.mode, pollIntervalMs: config.pollIntervalMs, stores: stores.length }, 'bridge running');
    },
    stop: (budget) =>
      (stopping ??= (async () => {
        watch.stop();
        await Promise.all(backups.map((schedule) => schedule.stop()));
        await built.stop(budget);
        await bot.stop(budget);
        await health?.close();
      })()),
  };
}

/** The files to back up: DATABASE_PATH, and each store's own beside it. */
const databasePaths = (config: Config, stores: readonly StoreRuntime[]): string[] => [
  ...new Set([config.databasePath, ...stores.map((store) => storeDatabasePath(config.databasePath, store.name))]),
];

/** Trial mode: a product starts with demo items the first time, so auto-delivery shows at once. */
function seedDemoStock(stores: readonly StoreRuntime[], now: () => number): void {
  for (const store of stores) {
    const demo = store.demoStock;
    const stock = createStockQueries(store.db);
    if (demo !== undefined && !stock.isStocked(demo.productId as ProductId)) stock.add(demo.productId as ProductId, demo.items, now());
  }
}

/** What the bot keeps of one store, in that store's database. */
const storeQueries = (config: Config) => (store: StoreRuntime) => ({
  name: store.name,
  cards: createCardViewQueries(store.db),
  stock: createStockQueries(store.db),
  reminders: createReminderQueries(store.db, { automaticAnswersAnswer: !config.autoAnswers.remindAfter }),
  audit: createAuditQueries(store.db),
  stats: createStatsQueries(store.db),
  orderExport: createOrderExportQueries(store.db),
  relayedRef: createRelayedRefQuery(store.db),
});

/** A store's products (every store's without a name), their ids qualified; a store that does not answer fails it. */
const storeProducts =
  (stores: readonly StoreRuntime[]) =>
  async (name?: string): Promise<Product[]> => {
    const asked = name === undefined ? stores : stores.filter((store) => store.name === name);
    const lists = await Promise.all(
      asked.map(async (store) =>
        (await store.api.listProducts()).map((product) => ({ ...product, id: upward(store.name).id(product.id) })),
      ),
    );
    return lists.flat();
  };

function botDeps(input: BridgeInput, kept: BotStores, directory: StoreDirectory, engine: BridgeBotDeps['engine']): BridgeBotDeps {
  const { config, db, logger, overrides = {} } = input;
  const sinkRetry = defaultTuning(config.pollIntervalMs);
  return {
    token: config.telegram.token,
    ...(config.telegram.apiRoot === undefined ? {} : { apiRoot: config.telegram.apiRoot }),
    chatId: config.telegram.chatId,
    adminIds: config.telegram.adminIds,
    staffIds: config.telegram.staffIds,
    stores: directory,
    storeChats: Object.fromEntries(input.stores.flatMap((store) => (store.chatId === undefined ? [] : [[store.name, store.chatId]]))),
    audit: kept.audit,
    stats: kept.stats,
    orderExport: kept.orderExport,
    summaryLedger: createSummaryLedger(db),
    ...(config.dailySummaryAt === undefined ? {} : { dailySummaryAt: config.dailySummaryAt }),
    engine,
    kv: createKeyValueStore(db),
    cardStore: kept.cards,
    telegramQueue: createTelegramQueueQueries(db),
    // A chat that refuses the bot is asked again on sync's schedule for a sink that refuses everything.
    drainer: { backoff: { baseMs: sinkRetry.sinkRetryBaseMs, maxMs: sinkRetry.sinkRetryMaxMs } },
    topics: { mode: config.telegram.topics, store: createOrderTopicQueries(db) },
    language: config.telegram.language,
    timeZone: config.telegram.timeZone,
    userLanguages: createUserLanguageQueries(db),
    stock: kept.stock,
    templates: createTemplateQueries(db),
    reminders: { store: kept.reminders, ...config.reminders, ...overrides.reminders },
    // The seller's rules and away switch, shared by every store (DATABASE_PATH); each relayed message in its store's.
    autoreply: {
      store: createAutoReplyQueries(db),
      away: { hours: config.autoAnswers.hours, timeZone: config.telegram.timeZone },
      relayedRef: kept.relayedRef,
    },
    logger,
    listProducts: storeProducts(input.stores),
    makeEncryptedBackup: encryptedBackupMaker({ databasePaths: databasePaths(config, input.stores), ...config.backup }),
    onPollingStopped: (reason) => {
      logger.fatal({ reason }, 'Telegram polling stopped: buttons and replies are no longer received');
      input.onFatal?.(reason);
    },
    ...overrides.bot,
  };
}

function engineOptions(config: Config, now: () => number, overrides: BridgeOverrides) {
  return {
    pollIntervalMs: config.pollIntervalMs,
    now,
    autoDelivery: { enabled: config.stock.autoDelivery, lowThreshold: config.stock.lowThreshold },
    autoTemplates: { remindConfirmMs: config.remindConfirmMs },
    autoAnswers: { hours: config.autoAnswers.hours, quietMs: config.autoAnswers.quietMs, timeZone: config.telegram.timeZone },
    ...overrides.engine,
  };
}
