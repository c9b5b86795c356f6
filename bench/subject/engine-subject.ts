/**
 * Ours: the bridge's real sync engine, real client, real SQLite file; its sink is the recording sink alone
 * (`--telegram sink`) or the recording sink in front of the real bot layer talking to the fake Bot API.
 */
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { createSyncEngine, type BridgeSyncEngine } from '../../src/sync/engine.ts';
import { SUBJECT_DB_FILE } from '../protocol.ts';
import { createBenchBot } from './bot-layer.ts';
import { observedApi } from './observed-api.ts';
import { createRecordingSink } from './recording-sink.ts';
import { scaledPollIntervalMs, scaledTuning } from './scaled-settings.ts';
import { connectToStore, sqliteBytes, type Subject, type SubjectDeps } from './subject.ts';
import { BRIDGE_SHUTDOWN, createShutdownBudget } from '../../src/shared/shutdown-budget.ts';

const TABLES = ['orders', 'chat_cursors', 'chat_messages', 'telegram_links', 'outbox', 'kv'] as const;

export function createEngineSubject({ init, pacing, logger, onDelivery, onRead }: SubjectDeps): Subject {
  const store = connectToStore(init, logger);
  const dbPath = join(init.dataDir, SUBJECT_DB_FILE);
  const db = openDatabase(dbPath, { logger });
  // A warm restart reopens the database of the run before: its stock is already there.
  if (init.stock && !init.restart) {
    const { productId, items } = init.stock;
    createStockQueries(db).add(
      productId as ProductId,
      Array.from({ length: items }, (_, i) => `bench-item-${i + 1}`),
      Date.now(),
    );
  }
  let engine: BridgeSyncEngine | undefined;
  const bot =
    init.telegram &&
    createBenchBot({
      telegram: init.telegram,
      db,
      engine: () => {
        if (!engine) throw new Error('sync engine not built yet');
        return engine;
      },
      api: store.api,
      logger,
      scale: store.scale,
      ...(pacing ? { perChatIntervalMs: pacing.calibratedGapMs } : {}),
    });
  const running = createSyncEngine({
    ...scaledTuning(store.scale, init.tuning),
    api: observedApi(store.api, onRead),
    db,
    sink: createRecordingSink(onDelivery, bot?.sink),
    logger,
    pollIntervalMs: scaledPollIntervalMs(store.scale),
  });
  engine = running;
  const pageCount = db.prepare<[], { page_count: number }>('PRAGMA page_count');
  const pageSize = (db.pragma('page_size', { simple: true }) as number) ?? 4096;
  const countRows = TABLES.map((table) => [table, db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`)] as const);

  return {
    // As bridge.ts: the bot first (its sink must be able to post), then sync.
    async start() {
      await bot?.start();
      running.start();
    },
    firstCycle: async () => {
      await running.sinceLastRun();
    },
    // As main.ts stops the bridge: one budget for sync and the bot, so a bot with a long Telegram backlog stops within
    // the harness's 30 s.
    async stop() {
      const budget = createShutdownBudget(BRIDGE_SHUTDOWN);
      await running.stop(budget);
      await bot?.stop(budget);
      await store.close();
    },
    watched: () => running.status().watchedChats,
    dbBytes: () => (pageCount.get()?.page_count ?? 0) * pageSize,
    dbDiskBytes: () => sqliteBytes(dbPath),
    dbRows: () => Object.fromEntries(countRows.map(([table, statement]) => [table, statement.get()?.n ?? 0])),
    requestsSent: () => store.api.requestCount(),
  };
}
