/**
 * A consistent copy of the bridge's SQLite database, safe to take while the bridge runs.
 *
 * SQLite's online backup API copies pages under a read transaction; in WAL mode that does not block
 * the bridge's writes. We copy every page in one step: a step-by-step copy restarts whenever another
 * connection writes in between, which under a busy bridge could go on forever. The result is switched
 * to a single self-contained file (no -wal/-shm beside it) and checked with `PRAGMA integrity_check`.
 *
 * With an age recipient the checked copy is encrypted to it and removed: it exists only while it is made and
 * encrypted, 0600, beside the destination (a file rather than memory, so a large database does not need its size in RAM twice). Every
 * file written is 0600 and a folder created for it 0700, whatever the umask.
 */
import { existsSync, linkSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { createPrivateFile, makePrivateDir } from '../shared/private-files.ts';
import { encryptFile } from './age-files.ts';

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
  /** Where to write; default `<databasePath>.backup-<timestamp>.sqlite` beside the database (`.sqlite.age` encrypted). */
  destination?: string;
  /** An age public key (`age1…`, BACKUP_AGE_RECIPIENT): the backup is encrypted to it. */
  ageRecipient?: string;
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
  /** Encrypted to the age recipient. */
  encrypted: boolean;
}

/** All remaining pages in one step (sqlite3_backup_step takes an int). */
const ALL_PAGES = 0x7fffffff;

/**
 * `bridge.sqlite.backup-2025-01-31T14-05-09Z.sqlite`: an ISO 8601 UTC time with `:` replaced by `-`,
 * which file systems and `scp host:path` do not like.
 */
export function defaultBackupPath(databasePath: string, now: Date): string {
  return `${databasePath}.backup-${fileStamp(now)}.sqlite`;
}

/** `2025-01-31T14-05-09Z`: the UTC time in file names (backups, the file a restore replaced); sorts by time. */
export const fileStamp = (at: Date): string =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const { ageRecipient } = options;
  const source = resolve(options.databasePath);
  const named = options.destination ?? defaultBackupPath(options.databasePath, (options.now ?? (() => new Date()))());
  const destination = resolve(options.destination === undefined && ageRecipient !== undefined ? `${named}.age` : named);
  checkPaths(source, destination);
  makePrivateDir(dirname(destination));

  // Copied under a transient name and given the final one only when checked (and encrypted): a backup under its
  // final name is always whole, even after a crash mid-copy. Left by a run killed writing this same name: ours.
  const copy = transientCopyOf(destination);
  removeWithSidecars(copy);
  try {
    const pages = await copyWithRetries(source, copy, options.attempts ?? 5, options.retryDelayMs ?? 200);
    seal(copy);
    if (ageRecipient !== undefined) await encrypt(copy, destination, ageRecipient);
    else placeCopy(copy, destination);
    return { source, destination, bytes: statSync(destination).size, pages, encrypted: ageRecipient !== undefined };
  } finally {
    removeWithSidecars(copy);
  }
}

/** A link, not a rename: a file that appeared at the destination meanwhile is not overwritten. */
function placeCopy(copy: string, destination: string): void {
  try {
    linkSync(copy, destination);
  } catch (error) {
    throw new BackupError('DESTINATION_EXISTS', `${destination} could not be written (${(error as NodeJS.ErrnoException).code})`, error);
  }
}

/** The plaintext copy while it is made, checked and encrypted; the scheduler sweeps what a killed run left. */
const transientCopyOf = (destination: string): string => `${destination}.plain-partial`;

async function encrypt(copy: string, destination: string, recipient: string): Promise<void> {
  try {
    await encryptFile(copy, destination, recipient);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError('BACKUP_FAILED', `encrypting the backup to BACKUP_AGE_RECIPIENT failed: ${reason}`, error);
  }
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
  // SQLite fills an empty file as a new database, and gives its journal the file's mode: 0600 from the start.
  createPrivateFile(destination);
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

export function removeWithSidecars(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(file, { force: true });
}
