/**
 * Scheduled backups (ops/backup-schedule.ts) on real timers and files: encrypted, checked, rotated among their own
 * files only, due one interval after the newest across restarts, failures reported once until one works again, and
 * what an interrupted run left swept away.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackupSchedule, type BackupAlert, type BackupSchedule } from '../../src/ops/backup-schedule.ts';
import { fileStamp } from '../../src/ops/backup.ts';
import { until } from '../support/until.ts';
import { createDatabase, summary } from './support/sample-database.ts';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
let dir: string;
let live: string;
let backups: string;
let schedule: BackupSchedule | undefined;
let alerts: BackupAlert[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-schedule-'));
  live = join(dir, 'bridge.sqlite');
  backups = join(dir, 'backups');
  alerts = [];
  createDatabase(live, 50);
});
afterEach(async () => {
  await schedule?.stop();
  schedule = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const scheduled = () =>
  readdirSync(backups)
    .filter((name) => /^bridge\.sqlite\.scheduled-.*Z\.sqlite(\.age)?$/.test(name))
    .sort();

function run(options: { everyMs: number; keep?: number; ageRecipient?: string; firstWithinMs?: number; now?: () => number }) {
  schedule = createBackupSchedule({
    databasePath: live,
    dir: backups,
    keep: options.keep ?? 7,
    report: (alert) => alerts.push(alert),
    logger: silent,
    firstWithinMs: 20,
    ...options,
  });
  schedule.start();
  return schedule;
}

describe('scheduled backups', () => {
  it('are encrypted and open to the database, and only the newest BACKUP_KEEP of their own kind are kept', async () => {
    mkdirSync(backups);
    const theirs = [
      'notes.txt',
      'bridge.sqlite.backup-2020-01-01T00-00-00Z.sqlite',
      'shop.sqlite.scheduled-2020-01-01T00-00-00Z.sqlite.age',
    ];
    for (const name of theirs) writeFileSync(join(backups, name), 'the seller’s own file');
    const identity = await generateIdentity();
    // A clock an hour further on each backup, so names differ without waiting seconds between them.
    let clock = Date.parse('2026-05-01T00:00:00Z');
    run({ everyMs: 1_000, keep: 2, ageRecipient: await identityToRecipient(identity), now: () => (clock += HOUR) });

    await until(() => scheduled().length === 2 && readdirSync(backups).length === 5 && alerts.length === 0, 'two backups', 8_000);
    const before = scheduled();
    await until(() => scheduled()[1] !== before[1], 'a third backup', 4_000);
    const [older, newer] = scheduled();
    expect(scheduled()).toHaveLength(2);
    expect(newer! > older!).toBe(true);
    expect(older).not.toBe(before[0]); // the oldest was deleted
    expect(
      readdirSync(backups)
        .filter((name) => !scheduled().includes(name))
        .sort(),
    ).toEqual([...theirs].sort());

    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    writeFileSync(join(dir, 'opened.sqlite'), await decrypter.decrypt(readFileSync(join(backups, newer!))));
    expect(summary(join(dir, 'opened.sqlite'))).toEqual({ integrity: 'ok', count: 50, max: 50, counter: 50 });
    expect(alerts).toEqual([]);
  });

  it('after a restart come one interval after the newest one: not at once when it is recent, at once when it is overdue', async () => {
    mkdirSync(backups);
    const recent = `bridge.sqlite.scheduled-${fileStamp(new Date(Date.now() - 10 * 60_000))}.sqlite`;
    writeFileSync(join(backups, recent), 'made ten minutes ago');
    run({ everyMs: HOUR });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(scheduled()).toEqual([recent]);
    await schedule!.stop();

    rmSync(join(backups, recent));
    const overdue = `bridge.sqlite.scheduled-${fileStamp(new Date(Date.now() - 2 * HOUR))}.sqlite`;
    writeFileSync(join(backups, overdue), 'made two hours ago');
    run({ everyMs: HOUR });
    await until(() => scheduled().length === 2, 'the overdue backup', 3_000);
    expect(summary(join(backups, scheduled()[1]!)).count).toBe(50);
  });

  it('report a failure once while they keep failing, and once when they work again', async () => {
    renameSync(live, `${live}.away`); // the database is missing: every backup fails
    run({ everyMs: 1_000 });
    await until(() => alerts.length === 1, 'the failure alert', 3_000);
    expect(alerts[0]).toMatchObject({ kind: 'failed', code: 'SOURCE_MISSING', reason: expect.stringContaining('nothing to back up') });
    await new Promise((resolve) => setTimeout(resolve, 2_300)); // two more failed runs
    expect(alerts).toHaveLength(1);

    renameSync(`${live}.away`, live);
    await until(() => alerts.length === 2, 'the recovery notice', 3_000);
    expect(alerts[1]).toEqual({ kind: 'recovered' });
    expect(scheduled()).toHaveLength(1);
  });

  it('sweep the plaintext an interrupted run left, and nothing else', async () => {
    mkdirSync(backups);
    const stamp = fileStamp(new Date(Date.now() - 10 * 60_000));
    const left = [`bridge.sqlite.scheduled-${stamp}.sqlite.age.plain-partial`, `bridge.sqlite.scheduled-${stamp}.sqlite.age.partial`];
    const kept = ['notes.plain-partial', `bridge.sqlite.scheduled-${stamp}.sqlite`];
    for (const name of [...left, ...kept]) writeFileSync(join(backups, name), 'x');
    run({ everyMs: HOUR });
    expect(readdirSync(backups).sort()).toEqual([...kept].sort());
  });

  it('stop waits for a backup under way and makes no more', async () => {
    createDatabase(join(dir, 'big.sqlite'), 20_000);
    rmSync(live);
    renameSync(join(dir, 'big.sqlite'), live);
    run({ everyMs: 1_000, firstWithinMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await schedule!.stop();
    const after = readdirSync(backups);
    expect(after.filter((name) => name.includes('partial'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(readdirSync(backups)).toEqual(after);
  });
});
