import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase, BackupError, defaultBackupPath } from '../../src/ops/backup.ts';
import { createDatabase, summary } from './support/sample-database.ts';

const REPO = resolve(import.meta.dirname, '../..');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-backup-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Another process writing as fast as it can, the way the running bridge would: each transaction adds
 * the next row and moves the counter. It prints the last committed id every 20 rows. It never yields
 * to its event loop, so only a signal's default action stops it (WAL survives that, as after a crash).
 */
const WRITER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare('INSERT INTO items (id, payload) VALUES (?, ?)');
const bump = db.prepare('UPDATE counter SET n = ? WHERE id = 1');
const write = db.transaction((i) => { insert.run(i, ('row ' + i + ' ').padEnd(400, '.')); bump.run(i); });
let n = db.prepare('SELECT n FROM counter WHERE id = 1').get().n;
for (;;) { n++; write(n); if (n % 20 === 0) process.stdout.write(n + '\\n'); }
`;

describe('backupDatabase', () => {
  it('copies a consistent snapshot while another process keeps writing', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 3000);
    const writer = spawn(process.execPath, ['-e', WRITER, live], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    const progress = createInterface({ input: writer.stdout! });
    let committed = 0;
    progress.on('line', (line) => (committed = Number(line)));
    const writing = new Promise<void>((resolve) => progress.once('line', () => resolve()));
    const exited = new Promise((resolve) => writer.once('exit', resolve));
    try {
      await writing;
      const before = committed;
      const result = await backupDatabase({ databasePath: live, destination: join(dir, 'copy.sqlite') });
      const after = committed;
      await new Promise<void>((resolve) => progress.once('line', () => resolve())); // still writing afterwards
      writer.kill('SIGTERM');
      await exited;

      expect(result.destination).toBe(join(dir, 'copy.sqlite'));
      expect(result.bytes).toBeGreaterThan(3000 * 400);
      expect(result.pages).toBeGreaterThan(0);
      const copy = summary(result.destination);
      expect(copy.integrity).toBe('ok');
      // A consistent prefix: rows 1..max, nothing missing, and the counter written with the last row.
      expect(copy.count).toBe(copy.max);
      expect(copy.counter).toBe(copy.max);
      expect(copy.max).toBeGreaterThanOrEqual(before);
      expect(before).toBeGreaterThan(3000);
      expect(after).toBeGreaterThanOrEqual(before);
      // The writer went on after the copy was taken, and the live database was not disturbed.
      const original = summary(live);
      expect(original.integrity).toBe('ok');
      expect(original.max).toBeGreaterThan(copy.max);
      // A single self-contained file, no -wal or -shm beside it.
      expect(readdirSync(dir).filter((name) => name.startsWith('copy.sqlite'))).toEqual(['copy.sqlite']);
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('backs up a database nobody has open, beside it under the default name', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 10);
    const now = new Date('2025-01-31T14:05:09.123Z');
    const result = await backupDatabase({ databasePath: live, now: () => now });
    expect(result.destination).toBe(`${live}.backup-2025-01-31T14-05-09Z.sqlite`);
    expect(summary(result.destination)).toMatchObject({ integrity: 'ok', count: 10, max: 10, counter: 10 });
  });

  it('creates a missing destination folder', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 5);
    const result = await backupDatabase({ databasePath: live, destination: join(dir, 'nested', 'deeper', 'b.sqlite') });
    expect(summary(result.destination).count).toBe(5);
  });

  it('refuses a missing database, an existing destination and the database itself', async () => {
    const live = join(dir, 'bridge.sqlite');
    await expect(backupDatabase({ databasePath: live })).rejects.toMatchObject({ code: 'SOURCE_MISSING' });
    expect(existsSync(live)).toBe(false); // and did not create an empty one

    createDatabase(live, 3);
    const taken = join(dir, 'taken.sqlite');
    writeFileSync(taken, 'precious');
    await expect(backupDatabase({ databasePath: live, destination: taken })).rejects.toMatchObject({
      code: 'DESTINATION_EXISTS',
    });
    await expect(backupDatabase({ databasePath: live, destination: live })).rejects.toBeInstanceOf(BackupError);
    await expect(backupDatabase({ databasePath: live, destination: join(dir, '.', 'bridge.sqlite') })).rejects.toMatchObject({
      code: 'SAME_FILE',
    });
    expect(summary(live).count).toBe(3);
  });

  it('reports a file that is not a database, leaving nothing behind', async () => {
    const notDb = join(dir, 'notes.sqlite');
    writeFileSync(notDb, 'this is not a database, just text long enough to look like a file');
    const destination = join(dir, 'out.sqlite');
    await expect(backupDatabase({ databasePath: notDb, destination, attempts: 1 })).rejects.toMatchObject({
      code: 'BACKUP_FAILED',
    });
    expect(existsSync(destination)).toBe(false);
  });

  it('names default backups so they sort by time', () => {
    const a = defaultBackupPath('./data/bridge.sqlite', new Date('2025-01-31T09:00:00Z'));
    const b = defaultBackupPath('./data/bridge.sqlite', new Date('2025-01-31T10:00:00Z'));
    expect(a).toBe('./data/bridge.sqlite.backup-2025-01-31T09-00-00Z.sqlite');
    expect([b, a].sort()).toEqual([a, b]);
  });
});

describe('npm run backup (src/backup.ts)', () => {
  const run = promisify(execFile);
  const cli = (args: string[], env: NodeJS.ProcessEnv) =>
    run(process.execPath, ['--import', 'tsx', 'src/backup.ts', ...args], {
      cwd: REPO,
      // Only what a cron job would have: no Telegram or store variables.
      env: { PATH: process.env.PATH, ...env },
    }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('needs only DATABASE_PATH, and says where it wrote and how much', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 50);
    const destination = join(dir, 'manual.sqlite');
    const { code, stdout, stderr } = await cli([destination], { DATABASE_PATH: live });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        `^Backup written to ${destination.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*\\d+ bytes, \\d+ pages, integrity ok\\)\\n$`,
      ),
    );
    expect(summary(destination).count).toBe(50);
  });

  it('fails with one line and status 1 when there is no database', async () => {
    const { code, stdout, stderr } = await cli([], { DATABASE_PATH: join(dir, 'absent.sqlite') });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Backup failed \(SOURCE_MISSING\): no database at .*absent\.sqlite \(DATABASE_PATH\)/);
  });
});
