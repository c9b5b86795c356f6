/**
 * The encrypted backup `/backup` sends: made like any other (backup.ts, encrypted to `BACKUP_AGE_RECIPIENT`) in
 * `BACKUP_DIR`, read into memory for the upload (Telegram takes at most 50 MB from a bot anyway) and removed: the copy
 * that matters is the one in the seller's chat, and one left per request would fill the disk.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { backupDatabase, fileStamp } from './backup.ts';

export interface EncryptedBackup {
  bytes: Uint8Array;
  /** What the document is called in Telegram: `bridge-2026-03-01T10-00-00Z.sqlite.age`. */
  filename: string;
}

/**
 * The maker `/backup` is given: one encrypted file per database (the shared one, and each store's own); undefined
 * without `BACKUP_AGE_RECIPIENT` (the bot then says why it cannot).
 */
export function encryptedBackupMaker(options: {
  databasePaths: readonly string[];
  dir: string;
  ageRecipient?: string | undefined;
  now?: () => number;
}): (() => Promise<EncryptedBackup[]>) | undefined {
  const { ageRecipient } = options;
  if (ageRecipient === undefined) return undefined;
  const now = options.now ?? Date.now;
  const one = async (databasePath: string, stamp: string): Promise<EncryptedBackup> => {
    const name = basename(databasePath).replace(/\.sqlite$/, '');
    // Two admins asking in the same second each get their own file.
    const destination = join(options.dir, `${basename(databasePath)}.requested-${stamp}-${randomUUID().slice(0, 8)}.sqlite.age`);
    const result = await backupDatabase({ databasePath, destination, ageRecipient });
    try {
      return { bytes: await readFile(result.destination), filename: `${name}-${stamp}.sqlite.age` };
    } finally {
      await rm(result.destination, { force: true });
    }
  };
  return async () => {
    const stamp = fileStamp(new Date(now()));
    const files: EncryptedBackup[] = [];
    for (const path of options.databasePaths) files.push(await one(path, stamp));
    return files;
  };
}
