/**
 * A consistent copy of the bridge's SQLite database, safe to take while the bridge runs.
 *
 * SQLite's online backup API copies pages under a read transaction; in WAL mode that does not block
 * the bridge's writes. We copy every page in one step: a step-by-step copy restarts whenever another
 * connection writes in between, which under a busy bridge could go on forever. The result is switched
 * to a single self-contained file (no -wal/-shm beside it) and checked with `PRAGMA integrity_check`.
 */
import { existsSync, mkdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

export type BackupErrorCode = 'SOURCE_MISSING' | 'SAME_FILE' | 'DESTINATION_EXISTS' | 'BACKUP_FAILED' | 'BACKUP_CORRUPT';

export class BackupError extends Error {
  override readonly name = 'BackupError';
  readonly code: BackupErrorCode;

  constructor(code: BackupErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
  }
}

export interface BackupOptions {
  databasePath: string;
  /** Where to write; default `<databasePath>.backup-<timestamp>.sqlite` beside the database. */
  destination?: string;
  /** Clock for the default name. */
  now?: () => Date;
  /** Attempts when SQLite reports the source busy (a checkpoint in progress); default 5. */
  attempts?: number;
  /** Pause between attempts; default 200 ms. */
  retryDelayMs?: number;
}

export interface BackupResult {
  source: string;
  destination: string;
  bytes: number;
  pages: number;
}

/** All remaining pages in one step (sqlite3_backup_step takes an int). */
const ALL_PAGES = 0x7fffffff;

/**
 * `bridge.sqlite.backup-2025-01-31T14-05-09Z.sqlite`: an ISO 8601 UTC time with `:` replaced by `-`,
 * which file systems and `scp host:path` do not like.
 */
export function defaultBackupPath(databasePath: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `${databasePath}.backup-${stamp}.sqlite`;
}

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const source = resolve(options.databasePath);
  const destination = resolve(options.destination ?? defaultBackupPath(options.databasePath, (options.now ?? (() => new Date()))()));
  checkPaths(source, destination);
  mkdirSync(dirname(destination), { recursive: true });

  const pages = await copyWithRetries(source, destination, options.attempts ?? 5, options.retryDelayMs ?? 200);
  seal(destination);
  return { source, destination, bytes: statSync(destination).size, pages };
}

function checkPaths(source: string, destination: string): void {
  if (!existsSync(source)) {
    throw new BackupError('SOURCE_MISSING', `no database at ${source} (DATABASE_PATH): nothing to back up`);
  }
  if (destination === source || (existsSync(destination) && realpathSync(destination) === realpathSync(source))) {
    throw new BackupError('SAME_FILE', 'the backup destination is the database itself: choose another path');
  }
  // Never overwrite: the destination may be an older backup, or another database entirely.
  if (existsSync(destination)) {
    throw new BackupError('DESTINATION_EXISTS', `${destination} already exists: choose another path or remove it`);
  }
}

async function copyWithRetries(source: string, destination: string, attempts: number, retryDelayMs: number): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await copyOnce(source, destination);
    } catch (error) {
      removeWithSidecars(destination);
      const busy = /^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '');
      if (!busy || attempt >= attempts) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new BackupError('BACKUP_FAILED', `backup of ${source} failed: ${reason}`, error);
      }
      await new Promise((done) => setTimeout(done, retryDelayMs));
    }
  }
}

async function copyOnce(source: string, destination: string): Promise<number> {
  // Read-only: the backup must never change the live database, whatever happens.
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(destination, { progress: () => ALL_PAGES });
    return totalPages;
  } finally {
    db.close();
  }
}

/** One self-contained file that passes SQLite's own integrity check, or an error and no file. */
function seal(destination: string): void {
  let verdict: unknown;
  try {
    const copy = new Database(destination, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      verdict = copy.pragma('integrity_check', { simple: true });
    } finally {
      copy.close();
    }
  } catch (error) {
    verdict = error instanceof Error ? error.message : String(error);
  }
  if (verdict !== 'ok') {
    removeWithSidecars(destination);
    throw new BackupError('BACKUP_CORRUPT', `the copy failed SQLite's integrity check (${String(verdict)}): try again`);
  }
}

function removeWithSidecars(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(file, { force: true });
}
