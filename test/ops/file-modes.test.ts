/**
 * What the bridge writes is its owner's alone, whatever the umask: the database with its -wal and -shm, every backup,
 * and the folders it creates for them. Run under umask 022, the common default that leaves new files world-readable.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import { backupDatabase } from '../../src/ops/backup.ts';
import { logLines } from '../support/log-lines.ts';

const silent = pino({ level: 'silent' });
const mode = (path: string) => statSync(path).mode & 0o777;
let dir: string;
let umaskBefore: number;

beforeEach(() => {
  umaskBefore = process.umask(0o022);
  dir = mkdtempSync(join(tmpdir(), 'bridge-modes-'));
});
afterEach(() => {
  process.umask(umaskBefore);
  rmSync(dir, { recursive: true, force: true });
});

describe('under umask 022', () => {
  it('creates the database, its -wal and -shm 0600, and each data folder it makes 0700', () => {
    const before = mode(dir);
    const path = join(dir, 'data', 'nested', 'bridge.sqlite');
    const db = openDatabase(path, { logger: silent });
    try {
      createKeyValueStore(db).set('probe', 1);
      expect(readdirSync(join(dir, 'data', 'nested')).sort()).toEqual(['bridge.sqlite', 'bridge.sqlite-shm', 'bridge.sqlite-wal']);
      expect(mode(path)).toBe(0o600);
      expect(mode(`${path}-wal`)).toBe(0o600);
      expect(mode(`${path}-shm`)).toBe(0o600);
      expect(mode(join(dir, 'data'))).toBe(0o700);
      expect(mode(join(dir, 'data', 'nested'))).toBe(0o700);
      // A folder that was there already is the seller's: left as it was.
      expect(mode(dir)).toBe(before);
    } finally {
      db.close();
    }
  });

  it('writes plain and encrypted backups 0600, in a folder it makes 0700, and leaves no plaintext beside the encrypted one', async () => {
    const path = join(dir, 'bridge.sqlite');
    openDatabase(path, { logger: silent }).close();
    const plain = await backupDatabase({ databasePath: path, destination: join(dir, 'backups', 'plain.sqlite') });
    expect(mode(plain.destination)).toBe(0o600);
    expect(mode(join(dir, 'backups'))).toBe(0o700);

    const recipient = await identityToRecipient(await generateIdentity());
    const sealed = await backupDatabase({
      databasePath: path,
      destination: join(dir, 'age', 'sealed.sqlite.age'),
      ageRecipient: recipient,
    });
    expect(sealed.encrypted).toBe(true);
    expect(mode(sealed.destination)).toBe(0o600);
    expect(mode(join(dir, 'age'))).toBe(0o700);
    expect(readdirSync(join(dir, 'age'))).toEqual(['sealed.sqlite.age']);
  });

  it('narrows a database, -wal and -shm that others could read, and says so once', () => {
    const path = join(dir, 'bridge.sqlite');
    // Made the way an older version (or a copy by hand) made it: SQLite's default 0644 under this umask.
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE before_us (x)');
    expect([mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual([0o644, 0o644, 0o644]);

    const first = logLines('warn');
    openDatabase(path, { logger: first.logger }).close();
    expect([mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
    const warned = first.lines.map((line) => JSON.parse(line) as { file: string; was: string; msg: string });
    expect(warned.map((line) => [line.file, line.was])).toEqual([
      [path, '0644'],
      [`${path}-wal`, '0644'],
      [`${path}-shm`, '0644'],
    ]);
    old.close();

    const second = logLines('warn');
    openDatabase(path, { logger: second.logger }).close();
    expect(second.lines).toEqual([]);
  });
});
