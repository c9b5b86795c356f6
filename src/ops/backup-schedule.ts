/**
 * Scheduled backups while the bridge runs (`BACKUP_EVERY_HOURS`): SQLite's online backup through backup.ts, checked
 * and encrypted there, into `BACKUP_DIR` as `<database name>.scheduled-<UTC time>.sqlite[.age]`. Only files of that
 * pattern are counted and deleted beyond `BACKUP_KEEP`, so a seller's own files in the folder are never touched.
 *
 * The next backup is due one interval after the newest one in the folder, so restarts neither skip nor repeat one. A
 * failure is reported once (until a backup succeeds again, which is reported too) and never stops the bridge.
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { backupDatabase, BackupError, fileStamp } from './backup.ts';

export type BackupAlert = { kind: 'failed'; code: string; reason: string } | { kind: 'recovered' };

export interface BackupScheduleOptions {
  databasePath: string;
  /** `BACKUP_DIR`: created 0700 when missing. */
  dir: string;
  /** `BACKUP_EVERY_HOURS` in ms; at least a second. */
  everyMs: number;
  /** `BACKUP_KEEP`. */
  keep: number;
  /** `BACKUP_AGE_RECIPIENT`: every scheduled backup is encrypted to it. */
  ageRecipient?: string;
  /** Told when backups start failing, and when they work again: once each. Never throws (postNotice). */
  report: (alert: BackupAlert) => void;
  logger: Logger;
  /** The first backup after start comes at the latest this long after it (default: a minute, or the interval if shorter). */
  firstWithinMs?: number;
  now?: () => number;
}

export interface BackupSchedule {
  start(): void;
  /** Stops the timer and waits for a backup under way, so the database is not closed under it. */
  stop(): Promise<void>;
}

const STAMP = '(\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ)';
/** Intervals below a second would give two backups the same name. */
const MIN_INTERVAL_MS = 1_000;

/** The schedule `BACKUP_EVERY_HOURS` asks for; undefined when it is off (`everyMs` undefined). */
export function backupScheduleIfSet(
  options: Omit<BackupScheduleOptions, 'everyMs'> & { everyMs: number | undefined },
): BackupSchedule | undefined {
  const { everyMs } = options;
  return everyMs === undefined ? undefined : createBackupSchedule({ ...options, everyMs });
}

export function createBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { databasePath, dir, keep, logger } = options;
  const now = options.now ?? Date.now;
  const everyMs = Math.max(MIN_INTERVAL_MS, options.everyMs);
  const firstWithinMs = Math.min(everyMs, options.firstWithinMs ?? 60_000);
  const names = scheduledNames(basename(databasePath));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let failing = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule(everyMs);
      });
    }, delayMs);
    timer.unref();
  };

  const runOnce = async () => {
    try {
      const result = await backupDatabase({
        databasePath,
        destination: join(dir, names.fileFor(new Date(now()), options.ageRecipient !== undefined)),
        ...(options.ageRecipient === undefined ? {} : { ageRecipient: options.ageRecipient }),
      });
      const deleted = rotate(dir, names, keep);
      logger.info(
        { destination: result.destination, bytes: result.bytes, encrypted: result.encrypted, deleted },
        'scheduled backup written',
      );
      if (failing) options.report({ kind: 'recovered' });
      failing = false;
    } catch (error) {
      const code = error instanceof BackupError ? error.code : 'BACKUP_FAILED';
      const reason = error instanceof Error ? error.message : String(error);
      logger.error({ code, reason }, 'scheduled backup failed: the bridge keeps running');
      if (!failing) options.report({ kind: 'failed', code, reason });
      failing = true;
    }
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      sweepLeftovers(dir, names, logger);
      const newest = listScheduled(dir, names)[0];
      const dueIn = newest === undefined ? firstWithinMs : newest.at + everyMs - now();
      schedule(Math.min(everyMs, Math.max(firstWithinMs, dueIn)));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

interface ScheduledNames {
  fileFor(at: Date, encrypted: boolean): string;
  /** A finished scheduled backup: its time. */
  complete: RegExp;
  /** What a run killed mid-backup leaves: the plaintext copy or the ciphertext being written, and their journals. */
  leftover: RegExp;
}

function scheduledNames(databaseName: string): ScheduledNames {
  const prefix = `${databaseName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.scheduled-${STAMP}\\.sqlite(\\.age)?`;
  return {
    fileFor: (at, encrypted) => `${databaseName}.scheduled-${fileStamp(at)}.sqlite${encrypted ? '.age' : ''}`,
    complete: new RegExp(`^${prefix}$`),
    leftover: new RegExp(`^${prefix}\\.(plain-)?partial(-journal|-wal|-shm)?$`),
  };
}

/** The finished scheduled backups in the folder, newest first. */
function listScheduled(dir: string, names: ScheduledNames): { name: string; at: number }[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .flatMap((name) => {
      const stamp = names.complete.exec(name)?.[1];
      if (stamp === undefined) return [];
      const at = Date.parse(stamp.replace(/T(\d\d)-(\d\d)-(\d\d)Z$/, 'T$1:$2:$3Z'));
      return Number.isNaN(at) ? [] : [{ name, at }];
    })
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
}

/** Deletes the oldest scheduled backups beyond `keep`; returns their names. */
function rotate(dir: string, names: ScheduledNames, keep: number): string[] {
  const old = listScheduled(dir, names).slice(keep);
  for (const { name } of old) rmSync(join(dir, name), { force: true });
  return old.map(({ name }) => name);
}

/** A plaintext copy left by a bridge killed while encrypting must not stay on the disk. */
function sweepLeftovers(dir: string, names: ScheduledNames, logger: Logger): void {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of files.filter((file) => names.leftover.test(file))) {
    rmSync(join(dir, name), { force: true });
    logger.info({ file: join(dir, name) }, 'removed what an interrupted backup left');
  }
}
