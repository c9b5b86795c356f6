/**
 * `npm run restore`: puts a backup (plain, or age-encrypted with the seller's identity file) in place of the bridge's
 * database, after checking it, and keeps the replaced file beside it.
 *
 * How it knows a bridge runs: SQLite's own file lock. A bridge holds its database open in WAL mode for as long as it
 * runs, and SQLite keeps a shared lock on the file that whole time; the restore asks for an exclusive lock without
 * waiting and is refused while any other process has the file open (a bridge, `npm run backup` or `doctor` in
 * flight). The kernel drops a lock with the process that held it, so a bridge killed with kill -9 leaves nothing that
 * blocks a restore. The lock is held through the swap, so a bridge starting meanwhile waits and then fails to open,
 * and its supervisor starts it again on the restored file.
 *
 * The restored file pauses auto-delivery of every product with stock: keys delivered since the backup count as unsold
 * in it, and a bridge started on it must not hand one out again before a person has checked the stock.
 */
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { schemaStatus } from '../db/migrations.ts';
import type { SqliteDatabase } from '../db/sqlite.ts';
import { pauseEveryProduct } from '../db/stock.ts';
import type { ProductId } from '../seller-api/schemas.ts';
import { createPrivateFile, makePrivateDir } from '../shared/private-files.ts';
import { ageKindOf, DecryptError, decryptFile, parseIdentities, readHead } from './age-files.ts';
import { fileStamp, removeWithSidecars } from './backup.ts';

export type RestoreErrorCode =
  | 'BACKUP_MISSING'
  | 'IDENTITY_NEEDED'
  | 'IDENTITY_UNREADABLE'
  | 'IDENTITY_INVALID'
  | 'IDENTITY_WRONG'
  | 'BACKUP_CORRUPT'
  | 'NOT_SQLITE'
  | 'NOT_BRIDGE_DATABASE'
  | 'SCHEMA_NEWER'
  | 'BRIDGE_RUNNING'
  | 'RESTORE_FAILED';

export class RestoreError extends Error {
  override readonly name = 'RestoreError';
  constructor(
    readonly code: RestoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RestoreOptions {
  /** DATABASE_PATH: the file to replace (it may be missing: a lost database). */
  databasePath: string;
  /** A backup: a `.sqlite` copy, or an age-encrypted one. */
  backupPath: string;
  /** The age identity file (`age-keygen -o key.txt`); needed for an encrypted backup. */
  identityPath?: string;
  now?: () => Date;
}

export interface RestoreResult {
  databasePath: string;
  /** Where the replaced database was moved (its -wal folded in), and any -wal/-shm of a lost or damaged one; may be empty. */
  kept: string[];
  encrypted: boolean;
  /** The backup's schema version, and the newest this build knows (a start migrates an older one). */
  schema: { version: number; latest: number };
  /** Products whose auto-delivery the restore paused: a person checks their stock, then resumes them. */
  pausedStock: ProductId[];
}

const SQLITE_MAGIC = 'SQLite format 3\0';
/** The files SQLite keeps beside a database; none may be left for the restored file to pick up. */
const SIDECARS = ['-wal', '-shm', '-journal'] as const;

export async function restoreDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const target = resolve(options.databasePath);
  const backup = resolve(options.backupPath);
  const clock = options.now ?? (() => new Date());
  const stamp = fileStamp(clock());
  if (!existsSync(backup)) throw new RestoreError('BACKUP_MISSING', `no backup at ${backup}`);
  const encrypted = ageKindOf(backup) !== 'other';
  if (encrypted && options.identityPath === undefined) {
    throw new RestoreError(
      'IDENTITY_NEEDED',
      'the backup is age-encrypted: give the private key file it was encrypted to with --identity <key.txt>',
    );
  }
  // Before any work: a running bridge is the most likely refusal, and says what to do first.
  claimDatabase(target)?.release();

  makePrivateDir(dirname(target));
  const staged = `${target}.restoring-${stamp}`;
  removeWithSidecars(staged); // what a restore killed at this same second left
  createPrivateFile(staged);
  try {
    if (encrypted) await decrypt(backup, staged, options.identityPath as string);
    else await copyPlain(backup, staged);
    const schema = verify(staged);
    const pausedStock = pauseStock(staged, clock().getTime());
    const kept = swapIn(target, staged, stamp);
    return { databasePath: target, kept, encrypted, schema, pausedStock };
  } finally {
    removeWithSidecars(staged);
  }
}

async function decrypt(backup: string, staged: string, identityPath: string): Promise<void> {
  let keyFile: string;
  try {
    keyFile = readFileSync(identityPath, 'utf8');
  } catch (error) {
    throw new RestoreError(
      'IDENTITY_UNREADABLE',
      `cannot read the identity file ${identityPath} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  try {
    await decryptFile(backup, staged, parseIdentities(keyFile));
  } catch (error) {
    if (error instanceof DecryptError) throw new RestoreError(error.code, error.message);
    throw error;
  }
}

async function copyPlain(backup: string, staged: string): Promise<void> {
  if (readHead(backup, SQLITE_MAGIC.length).toString('latin1') !== SQLITE_MAGIC) {
    throw new RestoreError('NOT_SQLITE', `${backup} is neither a SQLite database nor an age-encrypted backup`);
  }
  // Into the 0600 file made for it: copyFile would give the copy the backup's own mode.
  await pipeline(createReadStream(backup), createWriteStream(staged, { flags: 'r+' }));
}

/** The staged copy as the bridge would open it: self-contained, sound, the bridge's, and not from a newer build. */
function verify(staged: string): RestoreResult['schema'] {
  if (readHead(staged, SQLITE_MAGIC.length).toString('latin1') !== SQLITE_MAGIC) {
    throw new RestoreError('NOT_SQLITE', 'the backup decrypted to something that is not a SQLite database');
  }
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(staged, { fileMustExist: true });
    // A raw copy of a WAL database: made self-contained, so no -wal is ever looked for beside it.
    db.pragma('journal_mode = DELETE');
    const verdict = db.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw new RestoreError('BACKUP_CORRUPT', `the backup fails SQLite's integrity check (${String(verdict)})`);
    const ledger = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
    if (ledger === undefined) throw new RestoreError('NOT_BRIDGE_DATABASE', "the backup is a SQLite database, but not the bridge's");
    const status = schemaStatus(db);
    if (status.state === 'ahead') {
      throw new RestoreError(
        'SCHEMA_NEWER',
        `the backup has schema version ${status.version}, newer than this build knows (${status.latest}): update the bridge first`,
      );
    }
    return { version: status.version, latest: status.latest };
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreError('BACKUP_CORRUPT', `the backup is truncated or damaged (${reason})`);
  } finally {
    db?.close();
  }
}

/** In the staged copy, before it replaces anything: the restored file never auto-delivers before a person checks. */
function pauseStock(staged: string, now: number): ProductId[] {
  const db = new Database(staged, { fileMustExist: true });
  try {
    return pauseEveryProduct(db, now);
  } finally {
    db.close();
  }
}

/**
 * Moves the live database aside and the staged copy into its place, under the claim. The old file's WAL is folded
 * into it first, so what is kept is one self-contained file, and no -wal or -shm is left for the restored file to
 * pick up: SQLite would replay an old WAL into it. Returns the files kept.
 */
function swapIn(target: string, staged: string, stamp: string): string[] {
  const kept = `${target}.replaced-${stamp}`;
  const claim = claimDatabase(target);
  try {
    const moved: string[] = [];
    claim?.foldWal();
    if (existsSync(target)) moved.push(moveNoClobber(target, kept));
    for (const suffix of SIDECARS) {
      const sidecar = `${target}${suffix}`;
      if (!existsSync(sidecar)) continue;
      // Folded in under the claim: stale. Without a claim (a lost or unreadable database) kept, unused, for a person.
      if (claim) rmSync(sidecar);
      else moved.push(moveNoClobber(sidecar, `${kept}${suffix}`));
    }
    renameSync(staged, target);
    syncFolder(dirname(target));
    return moved;
  } finally {
    claim?.release();
  }
}

function moveNoClobber(from: string, to: string): string {
  try {
    linkSync(from, to);
  } catch (error) {
    throw new RestoreError('RESTORE_FAILED', `cannot keep ${from} as ${to} (${(error as NodeJS.ErrnoException).code}): try again`);
  }
  rmSync(from);
  return to;
}

function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

interface Claim {
  /** Checkpoints the WAL into the file and leaves rollback mode, so the file stands alone. */
  foldWal(): void;
  release(): void;
}

/**
 * An exclusive lock on the live database, or BRIDGE_RUNNING while another process has it open; undefined when there
 * is no database, or one SQLite cannot read (nothing can run on that either: it is moved aside as it is).
 */
function claimDatabase(target: string): Claim | undefined {
  if (!existsSync(target)) return undefined;
  let db: SqliteDatabase;
  try {
    db = new Database(target, { fileMustExist: true });
  } catch {
    return undefined;
  }
  try {
    db.pragma('busy_timeout = 0');
    // Held until close: SQLite's exclusive locking mode keeps the lock a write transaction took.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code ?? '';
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) {
      throw new RestoreError(
        'BRIDGE_RUNNING',
        `${target} is open in another process (a running bridge, or a backup in progress): stop the bridge, then restore`,
      );
    }
    return undefined;
  }
  return {
    foldWal: () => void db.pragma('journal_mode = DELETE'),
    release: () => db.close(),
  };
}
