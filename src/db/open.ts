/**
 * Opens (creating if needed) the bridge's SQLite file and brings its schema up to date.
 * WAL lets the doctor/backup commands read while the bridge writes; synchronous=NORMAL is durable across
 * process crashes in WAL mode (only an OS crash can lose the last commits), which is the trade-off we want
 * for a chatty bookkeeping database on small VPS disks.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { migrate } from './migrations.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface OpenDatabaseOptions {
  logger: Logger;
  /** How long a writer waits for another connection's lock before failing (ms). */
  busyTimeoutMs?: number;
  /** Open without migrating and without writing (doctor, backup checks). */
  readonly?: boolean;
}

const IN_MEMORY = ':memory:';
/** Negative: a size in KiB rather than a page count (SQLite's convention). */
const PAGE_CACHE_KIB = -2000;

export function openDatabase(path: string, options: OpenDatabaseOptions): SqliteDatabase {
  const { logger, busyTimeoutMs = 5_000, readonly = false } = options;
  if (path !== IN_MEMORY && !readonly) mkdirSync(dirname(path), { recursive: true });

  const db = new Database(path, { readonly, fileMustExist: readonly });
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.pragma('foreign_keys = ON');
    // better-sqlite3 builds SQLite with a 16 MB page cache per connection, which at 5000 open orders holds the
    // whole file in the process; SQLite's own default (2 MB) keeps the hot pages, the OS page cache the rest.
    db.pragma(`cache_size = ${PAGE_CACHE_KIB}`);
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      migrate(db, logger);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
