/** Ours: the bridge's real sync engine, real client, real SQLite file, with the recording sink. */
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';
import { SUBJECT_DB_FILE } from '../protocol.ts';
import { observedApi } from './observed-api.ts';
import { createRecordingSink } from './recording-sink.ts';
import { scaledPollIntervalMs, scaledTuning } from './scaled-settings.ts';
import { connectToStore, sqliteBytes, type Subject, type SubjectDeps } from './subject.ts';

const TABLES = ['orders', 'chat_cursors', 'chat_messages', 'telegram_links', 'outbox', 'kv'] as const;

export function createEngineSubject({ init, logger, onDelivery, onRead }: SubjectDeps): Subject {
  const store = connectToStore(init, logger);
  const dbPath = join(init.dataDir, SUBJECT_DB_FILE);
  const db = openDatabase(dbPath, { logger });
  if (init.stock) {
    const { productId, items } = init.stock;
    createStockQueries(db).add(
      productId as ProductId,
      Array.from({ length: items }, (_, i) => `bench-item-${i + 1}`),
      Date.now(),
    );
  }
  const engine = createSyncEngine({
    ...scaledTuning(store.scale, init.tuning),
    api: observedApi(store.api, onRead),
    db,
    sink: createRecordingSink(onDelivery),
    logger,
    pollIntervalMs: scaledPollIntervalMs(store.scale),
  });
  const pageCount = db.prepare<[], { page_count: number }>('PRAGMA page_count');
  const pageSize = (db.pragma('page_size', { simple: true }) as number) ?? 4096;
  const countRows = TABLES.map((table) => [table, db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`)] as const);

  return {
    start: () => engine.start(),
    firstCycle: async () => {
      await engine.sinceLastRun();
    },
    async stop() {
      await engine.stop();
      await store.close();
    },
    watched: () => engine.status().watchedChats,
    dbBytes: () => (pageCount.get()?.page_count ?? 0) * pageSize,
    dbDiskBytes: () => sqliteBytes(dbPath),
    dbRows: () => Object.fromEntries(countRows.map(([table, statement]) => [table, statement.get()?.n ?? 0])),
    requestsSent: () => store.api.requestCount(),
  };
}
