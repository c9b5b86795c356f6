/**
 * Ours: the bridge's real sync engine, real client, real SQLite file; its sink is the recording sink alone
 * (`--telegram sink`) or, with Telegram, the whole bridge as the app builds it with the recording sink in front of
 * its bot (bot-layer.ts).
 */
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { createSyncEngine, type BridgeSyncEngine } from '../../src/sync/engine.ts';
import { SUBJECT_DB_FILE } from '../protocol.ts';
import type { SyncSink } from '../../src/sync/contract.ts';
import { createBenchBridge } from './bot-layer.ts';
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
  const tuning = scaledTuning(store.scale, init.tuning);
  const pollIntervalMs = scaledPollIntervalMs(store.scale);
  const api = observedApi(store.api, onRead);
  const record = (inner?: SyncSink) => createRecordingSink(onDelivery, inner);
  // With Telegram: the whole bridge as the app builds it; without (`--telegram sink`): sync alone, recorded.
  const bridge =
    init.telegram &&
    createBenchBridge({
      init,
      telegram: init.telegram,
      db,
      dbPath,
      api,
      logger,
      scale: store.scale,
      tuning,
      pollIntervalMs,
      record,
      ...(pacing ? { perChatIntervalMs: pacing.calibratedGapMs } : {}),
    });
  const running: BridgeSyncEngine = bridge?.engine ?? createSyncEngine({ ...tuning, api, db, sink: record(), logger, pollIntervalMs });
  const pageCount = db.prepare<[], { page_count: number }>('PRAGMA page_count');
  const pageSize = (db.pragma('page_size', { simple: true }) as number) ?? 4096;
  const countRows = TABLES.map((table) => [table, db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`)] as const);

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
      await store.close();
    },
    watched: () => running.status().watchedChats,
    dbBytes: () => (pageCount.get()?.page_count ?? 0) * pageSize,
    dbDiskBytes: () => sqliteBytes(dbPath),
    dbRows: () => Object.fromEntries(countRows.map(([table, statement]) => [table, statement.get()?.n ?? 0])),
    requestsSent: () => store.api.requestCount(),
  };
}
