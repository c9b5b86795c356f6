/**
 * Backups encrypted to BACKUP_AGE_RECIPIENT: they open with the age library and with the standard `age` tool (when it
 * is installed), hold the database as it was, and `npm run backup` writes them 0600 under any umask.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../src/ops/backup.ts';
import { createDatabase, summary } from './support/sample-database.ts';

const REPO = resolve(import.meta.dirname, '../..');
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** Debian's `age` package; CI installs only npm packages, so there the CLI test is skipped. */
const AGE_CLI = (() => {
  try {
    execFileSync('age', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dir: string;
let identity: string;
let recipient: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-age-'));
  identity = await generateIdentity();
  recipient = await identityToRecipient(identity);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The folder's files but the live database's own -wal/-shm (a read-only reader like the backup leaves an empty -wal). */
const backupFolder = () =>
  readdirSync(dir)
    .filter((name) => !/^bridge\.sqlite-(wal|shm)$/.test(name))
    .sort();

/** An identity file as `age-keygen -o key.txt` writes it. */
function writeKeyFile(path: string): void {
  writeFileSync(path, `# created: 2026-01-01T00:00:00Z\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
}

describe('an encrypted backup', () => {
  it('is age ciphertext that the library opens to the database as it was, and nothing else is left', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 200);
    const result = await backupDatabase({ databasePath: live, ageRecipient: recipient, now: () => new Date('2026-03-01T10:00:00Z') });

    expect(result.destination).toBe(`${live}.backup-2026-03-01T10-00-00Z.sqlite.age`);
    expect(result.encrypted).toBe(true);
    const sealed = readFileSync(result.destination);
    expect(sealed.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    expect(sealed.includes(Buffer.from('row 17 '))).toBe(false);
    expect(sealed.includes(SQLITE_MAGIC)).toBe(false);
    expect(backupFolder()).toEqual(['bridge.sqlite', 'bridge.sqlite.backup-2026-03-01T10-00-00Z.sqlite.age']);

    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    const plain = await decrypter.decrypt(sealed);
    writeFileSync(join(dir, 'opened.sqlite'), plain);
    expect(summary(join(dir, 'opened.sqlite'))).toEqual({ integrity: 'ok', count: 200, max: 200, counter: 200 });
  });

  it('does not open with another identity', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 3);
    const result = await backupDatabase({ databasePath: live, ageRecipient: recipient });
    const stranger = new Decrypter();
    stranger.addIdentity(await generateIdentity());
    await expect(stranger.decrypt(readFileSync(result.destination))).rejects.toThrow(/no identity matched/);
  });

  it.skipIf(!AGE_CLI)('opens with the standard age tool: age -d -i key.txt', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 120);
    const result = await backupDatabase({ databasePath: live, destination: join(dir, 'backup.age'), ageRecipient: recipient });
    writeKeyFile(join(dir, 'key.txt'));
    execFileSync('age', ['-d', '-i', join(dir, 'key.txt'), '-o', join(dir, 'restored.sqlite'), result.destination]);
    expect(summary(join(dir, 'restored.sqlite'))).toEqual({ integrity: 'ok', count: 120, max: 120, counter: 120 });
  });
});

describe('npm run backup with BACKUP_AGE_RECIPIENT', () => {
  const run = promisify(execFile);
  const cli = (args: string[], env: NodeJS.ProcessEnv) =>
    run(process.execPath, ['--import', 'tsx', 'src/backup.ts', ...args], { cwd: REPO, env: { PATH: process.env.PATH, ...env } }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('writes <DATABASE_PATH>.backup-<time>.sqlite.age, 0600 under umask 022, and says it is encrypted', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 30);
    const before = process.umask(0o022); // the child inherits it
    try {
      const { code, stdout, stderr } = await cli([], { DATABASE_PATH: live, BACKUP_AGE_RECIPIENT: recipient });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(
        /^Backup written to .*bridge\.sqlite\.backup-[\dT-]+Z\.sqlite\.age \(.*integrity ok, encrypted to BACKUP_AGE_RECIPIENT\)\n$/,
      );
    } finally {
      process.umask(before);
    }
    const [name, ...others] = backupFolder().filter((file) => file !== 'bridge.sqlite');
    expect(others).toEqual([]);
    expect(name).toMatch(/\.sqlite\.age$/);
    expect(statSync(join(dir, name!)).mode & 0o777).toBe(0o600);
  });

  it('refuses a recipient that is not an age public key with one line naming the variable, and a private key too', async () => {
    const live = join(dir, 'bridge.sqlite');
    createDatabase(live, 1);
    const typo = `${recipient.slice(0, -1)}${recipient.endsWith('q') ? 'p' : 'q'}`; // the checksum no longer matches
    for (const value of [typo, 'ssh-ed25519 AAAAC3Nza', identity]) {
      const { code, stdout, stderr } = await cli([], { DATABASE_PATH: live, BACKUP_AGE_RECIPIENT: value });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^Configuration error: BACKUP_AGE_RECIPIENT: /);
      expect(stderr).not.toContain(value);
    }
    expect(backupFolder()).toEqual(['bridge.sqlite']);
  });
});
