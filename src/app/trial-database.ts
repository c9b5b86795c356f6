/**
 * Trial mode starts clean on every run. Its store lives in memory and is new at each start (other orders, product
 * ids, keys), so what the last run's database held would only point at orders the new store never had: cards that
 * can no longer be acted on, and a second, untitled product in /stock. Keeping the store across runs instead would
 * mean persisting an emulator built to be thrown away; a trial is for seeing the flow, not for keeping history.
 *
 * Kept across the wipe: whom the trial talks to (the chat bound by /start, a group's move to a supergroup), so a
 * restarted trial shows its new orders without another /start. Only a trial's own database is wiped: the default
 * trial path, or a file a trial marked as its own; DATABASE_PATH naming any other bridge database is refused.
 */
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { TRIAL_DATABASE_PATH } from '../config/index.ts';
import { createKeyValueStore, openDatabase } from '../db/index.ts';

/** Set in every database a trial made: a later trial may wipe it. */
const TRIAL_MARK = 'trial.database';
/** Who the trial talks to (bot/storage/chat-binding.ts). */
const KEPT_KEYS = ['bot.trial-binding', 'bot.chat-move'] as const;
const IN_MEMORY = ':memory:';

/** Empties the trial's database before a run, keeping its chat; throws a one-line refusal for a database not a trial's. */
export function resetTrialDatabase(path: string, logger: Logger): void {
  if (path === IN_MEMORY) return;
  const kept = existsSync(path) ? keptOf(path, logger) : [];
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
  const db = openDatabase(path, { logger });
  try {
    const kv = createKeyValueStore(db);
    for (const [key, value] of kept) kv.set(key, value);
    kv.set(TRIAL_MARK, true);
  } finally {
    db.close();
  }
  logger.info({ path, keptChat: kept.length > 0 }, 'trial mode: the database starts clean');
}

/** What to keep of an existing file, after checking it is the trial's to wipe. */
function keptOf(path: string, logger: Logger): [string, unknown][] {
  const db = openDatabase(path, { logger, readonly: true });
  try {
    const hasKv = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kv'").get() !== undefined;
    if (!hasKv) return [];
    const kv = createKeyValueStore(db);
    if (resolve(path) !== resolve(TRIAL_DATABASE_PATH) && kv.get(TRIAL_MARK) !== true) {
      throw new Error(
        `DATABASE_PATH: ${path} is not a trial database, and trial mode (--sandbox) empties its database at every start; unset DATABASE_PATH (the trial uses ${TRIAL_DATABASE_PATH}) or name a new file`,
      );
    }
    return KEPT_KEYS.flatMap((key) => {
      const value = kv.get(key);
      return value === undefined ? [] : [[key, value] as [string, unknown]];
    });
  } finally {
    db.close();
  }
}
