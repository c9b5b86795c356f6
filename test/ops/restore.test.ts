/**
 * `npm run restore`: a backup (plain or age-encrypted) replaces the database only after it checks out, never while
 * another process has the database open, and never mixed with the old file's WAL; the replaced file is kept, whole.
 * Each refusal is one line with a code, and leaves the database as it was.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { LATEST_SCHEMA_VERSION } from '../../src/db/migrations.ts';
import { openDatabase } from '../../src/db/open.ts';
import { backupDatabase } from '../../src/ops/backup.ts';
import { restoreDatabase } from '../../src/ops/restore.ts';
import { createDatabase } from './support/sample-database.ts';

const REPO = resolve(import.meta.dirname, '../..');
const silent = pino({ level: 'silent' });
const AGE_CLI = (() => {
  try {
    execFileSync('age', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dir: string;
let live: string;
let identity: string;
let recipient: string;
let keyFile: string;
let child: ChildProcess | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-restore-'));
  live = join(dir, 'data', 'bridge.sqlite');
  identity = await generateIdentity();
  recipient = await identityToRecipient(identity);
  keyFile = join(dir, 'key.txt');
  writeFileSync(keyFile, `# created: 2026-01-01T00:00:00Z\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
});
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A bridge database with a marker in its kv table. */
function bridgeDatabase(path: string, marker: string): void {
  const db = openDatabase(path, { logger: silent });
  createKeyValueStore(db).set('marker', marker);
  db.close();
}

function markerOf(path: string): unknown {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return createKeyValueStore(db).get('marker');
  } finally {
    db.close();
  }
}

const filesIn = (folder: string) => readdirSync(folder).sort();
const mode = (path: string) => statSync(path).mode & 0o777;

/**
 * A process that holds the database the way the bridge does (WAL, open the whole time), writes `marker` into the WAL
 * only (no checkpoint), prints "ready" and idles until killed.
 */
function holdDatabase(path: string, marker: string): Promise<void> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.prepare("UPDATE kv SET value = ? WHERE key = 'marker'").run(JSON.stringify(process.argv[2]));
    process.stdout.write('ready\\n');
    setInterval(() => {}, 1000);`;
  child = spawn(process.execPath, ['-e', script, path, marker], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  const started = child;
  return new Promise((done, fail) => {
    started.stdout!.once('data', () => done());
    started.once('exit', (code) => fail(new Error(`the holder exited (${code})`)));
  });
}

async function killHolder(): Promise<void> {
  const holder = child!;
  const exited = new Promise((done) => holder.once('exit', done));
  holder.kill('SIGKILL');
  await exited;
  child = undefined;
}

describe('restoreDatabase', () => {
  it('refuses while a process holds the database, and after kill -9 restores, keeping the old file whole with its WAL folded in', async () => {
    bridgeDatabase(live, 'backed up');
    const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'b.sqlite.age'), ageRecipient: recipient });
    await holdDatabase(live, 'written after the backup');

    await expect(restoreDatabase({ databasePath: live, backupPath: backup.destination, identityPath: keyFile })).rejects.toMatchObject({
      code: 'BRIDGE_RUNNING',
    });
    expect(filesIn(join(dir, 'data'))).toEqual(['bridge.sqlite', 'bridge.sqlite-shm', 'bridge.sqlite-wal']);

    await killHolder(); // its lock goes with it; its last write is only in the -wal it left
    const result = await restoreDatabase({
      databasePath: live,
      backupPath: backup.destination,
      identityPath: keyFile,
      now: () => new Date('2026-04-02T08:30:00Z'),
    });

    const kept = `${live}.replaced-2026-04-02T08-30-00Z`;
    expect(result).toMatchObject({
      kept: [kept],
      encrypted: true,
      schema: { version: LATEST_SCHEMA_VERSION, latest: LATEST_SCHEMA_VERSION },
    });
    // No -wal or -shm: neither the restored file nor the kept one needs (or could be mixed with) the old WAL.
    expect(filesIn(join(dir, 'data'))).toEqual(['bridge.sqlite', 'bridge.sqlite.replaced-2026-04-02T08-30-00Z']);
    expect(markerOf(live)).toBe('backed up');
    expect(markerOf(kept)).toBe('written after the backup');
    expect(mode(live)).toBe(0o600);
    // The bridge opens it as its own.
    const db = openDatabase(live, { logger: silent });
    expect(createKeyValueStore(db).get('marker')).toBe('backed up');
    db.close();
  });

  it('restores a lost database, moving the -wal and -shm it left aside so they are never replayed into the backup', async () => {
    bridgeDatabase(live, 'backed up');
    const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'plain.sqlite') });
    await holdDatabase(live, 'lost');
    await killHolder();
    rmSync(live); // the file is gone; its WAL is not

    const result = await restoreDatabase({
      databasePath: live,
      backupPath: backup.destination,
      now: () => new Date('2026-04-02T08:30:00Z'),
    });
    // Replayed, the old WAL would have written 'lost' into the restored file.
    expect(markerOf(live)).toBe('backed up');
    expect(result.encrypted).toBe(false);
    expect(result.kept).toEqual([`${live}.replaced-2026-04-02T08-30-00Z-wal`, `${live}.replaced-2026-04-02T08-30-00Z-shm`]);
    expect(filesIn(join(dir, 'data'))).toEqual([
      'bridge.sqlite',
      'bridge.sqlite.replaced-2026-04-02T08-30-00Z-shm',
      'bridge.sqlite.replaced-2026-04-02T08-30-00Z-wal',
    ]);
    expect(mode(live)).toBe(0o600);
  });

  describe('refusals leave the database as it was', () => {
    beforeEach(() => bridgeDatabase(live, 'current'));
    afterEach(() => {
      expect(markerOf(live)).toBe('current');
      expect(filesIn(join(dir, 'data')).filter((name) => !/^bridge\.sqlite(-wal|-shm)?$/.test(name))).toEqual([]);
    });
    const restore = (backupPath: string, identityPath?: string) =>
      restoreDatabase({ databasePath: live, backupPath, ...(identityPath === undefined ? {} : { identityPath }) });

    it('an encrypted backup without --identity', async () => {
      const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'b.age'), ageRecipient: recipient });
      await expect(restore(backup.destination)).rejects.toMatchObject({ code: 'IDENTITY_NEEDED', message: /--identity/ });
    });

    it('the wrong identity, and a file that is no identity', async () => {
      const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'b.age'), ageRecipient: recipient });
      const other = join(dir, 'other.txt');
      writeFileSync(other, `${await generateIdentity()}\n`);
      await expect(restore(backup.destination, other)).rejects.toMatchObject({ code: 'IDENTITY_WRONG' });
      writeFileSync(other, `${recipient}\n`); // the public key, not the private one
      await expect(restore(backup.destination, other)).rejects.toMatchObject({ code: 'IDENTITY_INVALID' });
      await expect(restore(backup.destination, join(dir, 'absent.txt'))).rejects.toMatchObject({ code: 'IDENTITY_UNREADABLE' });
    });

    it('a truncated encrypted backup and a truncated plain one', async () => {
      const big = join(dir, 'big.sqlite');
      createDatabase(big, 3000);
      const sealed = await backupDatabase({ databasePath: big, destination: join(dir, 'big.age'), ageRecipient: recipient });
      truncateSync(sealed.destination, Math.floor(statSync(sealed.destination).size / 2));
      await expect(restore(sealed.destination, keyFile)).rejects.toMatchObject({ code: 'BACKUP_CORRUPT' });

      const plain = await backupDatabase({ databasePath: big, destination: join(dir, 'big-plain.sqlite') });
      truncateSync(plain.destination, Math.floor(statSync(plain.destination).size / 2));
      await expect(restore(plain.destination)).rejects.toMatchObject({ code: 'BACKUP_CORRUPT' });
    });

    it('a plain file that is not SQLite, and a SQLite database that is not the bridge’s', async () => {
      const notes = join(dir, 'notes.txt');
      writeFileSync(notes, 'keys: AAAA-BBBB\n'.repeat(100));
      await expect(restore(notes)).rejects.toMatchObject({ code: 'NOT_SQLITE' });
      const other = join(dir, 'other.sqlite');
      createDatabase(other, 5);
      await expect(restore(other)).rejects.toMatchObject({ code: 'NOT_BRIDGE_DATABASE' });
    });

    it('a backup from a newer build', async () => {
      const newer = join(dir, 'newer.sqlite');
      bridgeDatabase(newer, 'from the future');
      const db = new Database(newer);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(LATEST_SCHEMA_VERSION + 1, 'future', 0);
      db.close();
      await expect(restore(newer)).rejects.toMatchObject({ code: 'SCHEMA_NEWER', message: new RegExp(`${LATEST_SCHEMA_VERSION + 1}`) });
    });
  });
});

describe('npm run restore (src/restore.ts)', () => {
  const run = promisify(execFile);
  const cli = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/restore.ts', ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH, DATABASE_PATH: live },
    }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('says what it restored and what it kept, in one line', async () => {
    bridgeDatabase(live, 'backed up');
    const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'b.age'), ageRecipient: recipient });
    bridgeDatabase(live, 'later');
    const { code, stdout, stderr } = await cli([backup.destination, '--identity', keyFile]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(
      /^Restored .*bridge\.sqlite from .*b\.age \(integrity ok, schema version \d+\); the replaced files are kept: .*bridge\.sqlite\.replaced-[\dT-]+Z\. Start the bridge again\.\n$/,
    );
    expect(markerOf(live)).toBe('backed up');
  });

  it('pauses auto-delivery of every product with stock, and says to check /stock before resuming', async () => {
    const db = openDatabase(live, { logger: silent });
    const stock = createStockQueries(db);
    stock.add('game-1' as ProductId, ['GAME-KEY-0001', 'GAME-KEY-0002'], 1);
    stock.add('game-2' as ProductId, ['GAME-KEY-0003'], 1);
    stock.setPaused('game-3' as ProductId, true, 1);
    db.close();
    const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'plain.sqlite') });
    const { code, stdout, stderr } = await cli([backup.destination]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')[1]).toBe(
      'Auto-delivery is paused for 2 product(s) with stock (game-1, game-2): keys delivered since the backup count as unsold again. Check /stock (or npm run stock -- list), then resume.',
    );
    expect(stdout).not.toContain('GAME-KEY');
    const restored = openDatabase(live, { logger: silent });
    try {
      const summary = createStockQueries(restored).summary();
      expect(summary.map((line) => [line.productId, line.paused, line.inStock])).toEqual([
        ['game-1', true, 2],
        ['game-2', true, 1],
        ['game-3', true, 0],
      ]);
    } finally {
      restored.close();
    }
  });

  it('fails with one line naming the code, and never prints the key', async () => {
    bridgeDatabase(live, 'current');
    const backup = await backupDatabase({ databasePath: live, destination: join(dir, 'b.age'), ageRecipient: recipient });
    const wrong = join(dir, 'wrong.txt');
    const wrongKey = await generateIdentity();
    writeFileSync(wrong, `${wrongKey}\n`);
    for (const [args, code] of [
      [[backup.destination], 'IDENTITY_NEEDED'],
      [[backup.destination, '--identity', wrong], 'IDENTITY_WRONG'],
      [[join(dir, 'absent.age')], 'BACKUP_MISSING'],
    ] as const) {
      const out = await cli([...args]);
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(new RegExp(`^Restore failed \\(${code}\\): `));
      expect(out.stderr).not.toContain(wrongKey);
    }
    expect(markerOf(live)).toBe('current');
  });

  it.skipIf(!AGE_CLI)('restores a backup the standard age tool encrypted, with a key age-keygen made', async () => {
    bridgeDatabase(live, 'encrypted by age');
    const plain = await backupDatabase({ databasePath: live, destination: join(dir, 'plain.sqlite') });
    execFileSync('age-keygen', ['-o', join(dir, 'age-key.txt')], { stdio: 'ignore' });
    const publicKey = /public key: (age1\w+)/.exec(readFileSync(join(dir, 'age-key.txt'), 'utf8'))![1]!;
    execFileSync('age', ['-r', publicKey, '-o', join(dir, 'by-age.age'), plain.destination]);
    bridgeDatabase(live, 'later');
    const { code, stderr } = await cli([join(dir, 'by-age.age'), '--identity', join(dir, 'age-key.txt')]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(markerOf(live)).toBe('encrypted by age');
    expect(existsSync(`${live}-wal`)).toBe(false);
  });
});
