/**
 * Ours: the bridge's real sync engine, real client, real SQLite files; its sink is the recording sink alone
 * (`--telegram sink`) or, with Telegram, the whole bridge as the app builds it with the recording sink in front of
 * its bot (bot-layer.ts). Each store has its client and its database as the app opens them (`--stores`: one per
 * sandbox store, beside the shared one; one store is `main`, in the shared database itself).
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { StoreRuntime } from '../../src/app/stores/store-runtime.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import { storeDatabasePath } from '../../src/db/store-files.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { createSyncEngine, type BridgeSyncEngine } from '../../src/sync/engine.ts';
import { SUBJECT_DB_FILE, type ChatRead, type Delivery, type StoreInit, type SubjectInit } from '../protocol.ts';
import type { SyncSink } from '../../src/sync/contract.ts';
import { createBenchBridge } from './bot-layer.ts';
import { observedApi } from './observed-api.ts';
import { createRecordingSink } from './recording-sink.ts';
import { scaledPollIntervalMs, scaledTuning } from './scaled-settings.ts';
import { connectToStore, sqliteBytes, type StoreConnection, type Subject, type SubjectDeps } from './subject.ts';
import { BRIDGE_SHUTDOWN, createShutdownBudget } from '../../src/shared/shutdown-budget.ts';

const TABLES = ['orders', 'chat_cursors', 'chat_messages', 'telegram_links', 'outbox', 'kv'] as const;

interface OpenStore {
  init: StoreInit;
  connection: StoreConnection;
  runtime: StoreRuntime;
  path: string;
}

export function createEngineSubject({ init, pacing, logger, onDelivery, onRead }: SubjectDeps): Subject {
  const dbPath = join(init.dataDir, SUBJECT_DB_FILE);
  const db = openDatabase(dbPath, { logger });
  const stores = init.stores.map((store) => openStore(init, store, db, dbPath, logger, onRead));
  const connection = stores[0]?.connection;
  if (connection === undefined) throw new Error('ours needs at least one store');
  const tuning = scaledTuning(connection.scale, init.tuning);
  const pollIntervalMs = scaledPollIntervalMs(connection.scale);
  // Each store's events are noted with its name: order ids repeat across stores.
  const record = (store: string) => (inner?: SyncSink) =>
    createRecordingSink((delivery: Delivery) => onDelivery({ ...delivery, store }), inner);
  // With Telegram: the whole bridge as the app builds it; without (`--telegram sink`): sync alone, recorded.
  const bridge =
    init.telegram &&
    createBenchBridge({
      init,
      telegram: init.telegram,
      db,
      dbPath,
      stores: stores.map((store) => store.runtime),
      logger,
      scale: connection.scale,
      tuning,
      pollIntervalMs,
      record: (sink, store) => record(store)(sink),
      ...(pacing ? { perChatIntervalMs: pacing.calibratedGapMs } : {}),
    });
  const only = stores[0] as OpenStore;
  if (!bridge && stores.length > 1) throw new Error('several stores need the Telegram side (the whole bridge)');
  const running: BridgeSyncEngine =
    bridge?.engine ?? createSyncEngine({ ...tuning, api: only.runtime.api, db, sink: record(only.init.name)(), logger, pollIntervalMs });
  const databases = [db, ...stores.flatMap((store) => (store.runtime.db === db ? [] : [store.runtime.db]))];
  const paths = [dbPath, ...stores.flatMap((store) => (store.path === dbPath ? [] : [store.path]))];
  const sizes = databases.map((database) => ({
    pageCount: database.prepare<[], { page_count: number }>('PRAGMA page_count'),
    pageSize: (database.pragma('page_size', { simple: true }) as number) ?? 4096,
  }));
  const countRows = TABLES.map(
    (table) => [table, databases.map((database) => database.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`))] as const,
  );

  return {
    // As the app: the bot first (its sink must be able to post), then sync.
    async start() {
      if (bridge) await bridge.start();
      else running.start();
    },
    firstCycle: async () => {
      await running.sinceLastRun();
    },
    // As main.ts stops the bridge: one budget for sync and the bot, so a bot with a long Telegram backlog stops within
    // the harness's 30 s.
    async stop() {
      const budget = createShutdownBudget(BRIDGE_SHUTDOWN);
      if (bridge) await bridge.stop(budget);
      else await running.stop(budget);
      for (const store of stores) await store.connection.close();
    },
    watched: () => running.status().watchedChats,
    telegramQueued: async () => (bridge ? await bridge.bot.queue.waiting() : undefined),
    dbBytes: () => sizes.reduce((sum, size) => sum + (size.pageCount.get()?.page_count ?? 0) * size.pageSize, 0),
    dbDiskBytes: () => paths.reduce((sum, path) => sum + sqliteBytes(path), 0),
    dbRows: () =>
      Object.fromEntries(countRows.map(([table, statements]) => [table, statements.reduce((sum, s) => sum + (s.get()?.n ?? 0), 0)])),
    requestsSent: () => stores.reduce((sum, store) => sum + store.connection.api.requestCount(), 0),
  };
}

/** A store's client and database, as the app opens them (app/bridge.ts), with its stock on a first start. */
function openStore(
  init: SubjectInit,
  store: StoreInit,
  shared: SqliteDatabase,
  sharedPath: string,
  logger: Logger,
  onRead: (read: ChatRead) => void,
): OpenStore {
  const connection = connectToStore(init, store, logger);
  const path = storeDatabasePath(sharedPath, store.name);
  const db = path === sharedPath ? shared : openDatabase(path, { logger });
  // A warm restart reopens the database of the run before: its stock is already there.
  if (store.stock && !init.restart) {
    const { productId, items } = store.stock;
    createStockQueries(db).add(
      productId as ProductId,
      Array.from({ length: items }, (_, i) => `bench-item-${i + 1}`),
      Date.now(),
    );
  }
  const api = observedApi(connection.api, (read) => onRead({ ...read, store: store.name }));
  return {
    init: store,
    connection,
    path,
    runtime: { name: store.name, title: titleOf(store.name), chatId: store.chatId, db, api },
  };
}

/** What a card shows with several stores: "Store 3" for `s3`. */
function titleOf(name: string): string {
  const number = /^s(\d+)$/.exec(name)?.[1];
  return number === undefined ? name : `Store ${number}`;
}
