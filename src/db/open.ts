/**
 * Opens (creating if needed) the bridge's SQLite file and brings its schema up to date.
 * WAL lets the doctor/backup commands read while the bridge writes; synchronous=NORMAL is durable across
 * process crashes in WAL mode (only an OS crash can lose the last commits), which is the trade-off we want
 * for a chatty bookkeeping database on small VPS disks.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { createPrivateFile, makePrivateDir, octalMode, tightenToPrivate } from '../shared/private-files.ts';
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
  if (path !== IN_MEMORY && !readonly) makePrivate(path, logger);

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

/**
 * The file holds unsold keys and buyer chats: created 0600 before SQLite opens it, since SQLite gives its -wal and
 * -shm the database's own mode. A file from before (or copied in by hand) that others could read is narrowed and
 * logged once per start: the bridge and its commands run as the owner, so nobody legitimate loses access.
 */
function makePrivate(path: string, logger: Logger): void {
  makePrivateDir(dirname(path));
  if (!existsSync(path)) {
    try {
      createPrivateFile(path);
    } catch (error) {
      // Another process (a second start, `npm run stock`) created it first: its mode is checked below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    const was = tightenToPrivate(file);
    if (was !== undefined)
      logger.warn({ file, was: octalMode(was), now: '0600' }, 'database file was readable by others: narrowed to its owner');
  }
}
