/**
 * `npm run export -- [--days N] [--store NAME]`: the orders of the last N days as CSV on standard output. Reads only
 * DATABASE_PATH and BOT_TIMEZONE (from the environment or .env), like `npm run backup`, so it runs from cron or a
 * shell where the Telegram and store variables are not set. Messages go to standard error, the CSV alone to output.
 */
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { environmentWithDotEnv, formatConfigError, isConfigError, loadExportConfig } from './config/index.ts';
import { openDatabase } from './db/open.ts';
import { createOrderExportQueries } from './db/order-export.ts';
import type { SqliteDatabase } from './db/sqlite.ts';
import { runExportCommand } from './ops/export-command.ts';

async function main(args: string[]): Promise<number> {
  let config: { databasePath: string; timeZone: string };
  try {
    config = loadExportConfig(environmentWithDotEnv(process.env, '.env'));
  } catch (error) {
    console.error(isConfigError(error) ? formatConfigError(error) : String(error));
    return 1;
  }
  let db: SqliteDatabase | undefined;
  const orders = () => {
    // Opening would create an empty database: a wrong path is said, not exported as "no orders".
    if (!existsSync(config.databasePath)) throw new Error(`no database at ${config.databasePath} (DATABASE_PATH)`);
    db = openDatabase(config.databasePath, { logger: pino({ level: 'warn' }) });
    return createOrderExportQueries(db);
  };
  try {
    const result = await runExportCommand(args, { orders, timeZone: config.timeZone, now: Date.now, out: process.stdout });
    for (const line of result.err) console.error(line);
    return result.exitCode;
  } catch (error) {
    console.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    db?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
