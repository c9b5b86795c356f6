/**
 * `npm run export -- [--days N] [--store NAME]`: the orders of the last N days as CSV on standard output. Reads only
 * DATABASE_PATH and BOT_TIMEZONE (from the environment or .env), like `npm run backup`, so it runs from cron or a
 * shell where the Telegram and store variables are not set. Messages go to standard error, the CSV alone to output.
 */
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { environmentWithDotEnv, formatConfigError, isConfigError, loadExportConfig, loadStoreNames } from './config/index.ts';
import type { OrderExportStore } from './core/sales.ts';
import { storeDatabasePath } from './db/store-files.ts';
import { openDatabase } from './db/open.ts';
import { createOrderExportQueries } from './db/order-export.ts';
import type { SqliteDatabase } from './db/sqlite.ts';
import { runExportCommand } from './ops/export-command.ts';

async function main(args: string[]): Promise<number> {
  let config: { databasePath: string; timeZone: string };
  let stores: string[];
  try {
    const env = environmentWithDotEnv(process.env, '.env');
    config = loadExportConfig(env);
    stores = loadStoreNames(env);
  } catch (error) {
    console.error(isConfigError(error) ? formatConfigError(error) : String(error));
    return 1;
  }
  const opened: SqliteDatabase[] = [];
  const open = (store: string) => {
    const path = storeDatabasePath(config.databasePath, store);
    // Opening would create an empty database: a wrong path is said, not exported as "no orders".
    if (!existsSync(path)) throw new Error(`no database at ${path} (DATABASE_PATH)`);
    const db = openDatabase(path, { logger: pino({ level: 'warn' }) });
    opened.push(db);
    return { store, orders: createOrderExportQueries(db) };
  };
  // Several stores: each row says its store, as in /export.
  const orders = (store: string | undefined): OrderExportStore => {
    const parts = (store === undefined ? stores : [store]).map(open);
    return {
      orders: (period) => parts.flatMap((part) => [...part.orders.orders(period)].map((order) => ({ ...order, store: part.store }))),
    };
  };
  try {
    const result = await runExportCommand(args, { stores, orders, timeZone: config.timeZone, now: Date.now, out: process.stdout });
    for (const line of result.err) console.error(line);
    return result.exitCode;
  } catch (error) {
    console.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    for (const db of opened) db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
