/**
 * `npm run export`: the CSV of /export on standard output, from the database DATABASE_PATH names, in BOT_TIMEZONE.
 * Arguments it cannot use are refused with a line and the usage, before the database is opened.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import { createOrderExportQueries } from '../../src/db/order-export.ts';
import { createQueries } from '../../src/db/queries.ts';
import { runExportCommand } from '../../src/ops/export-command.ts';
import { OrderSchema } from '../../src/seller-api/schemas.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'export-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Three paid orders: today, 10 days ago and 40 days ago (first seen then). */
function fill(path: string, now = NOW) {
  const db = openDatabase(path, { logger: pino({ level: 'silent' }) });
  const queries = createQueries(db);
  for (const [id, ago] of [
    ['old', 40],
    ['mid', 10],
    ['new', 0],
  ] as const) {
    const seen = now - ago * DAY;
    const order = OrderSchema.parse({
      id,
      status: 'paid',
      createdAt: new Date(seen).toISOString(),
      productTitle: `Ключ, "${id}"`,
      amount: 5,
    });
    queries.orders.insert(order, { isOpen: true, chatWatchUntil: undefined }, seen);
  }
  return db;
}

async function run(args: string[], path: string) {
  const db = fill(path);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  let opened = false;
  const orders = () => {
    opened = true;
    return createOrderExportQueries(db);
  };
  try {
    const result = await runExportCommand(args, { stores: ['main'], orders, timeZone: 'Asia/Kolkata', now: () => NOW, out });
    return { ...result, opened, csv: Buffer.concat(chunks) };
  } finally {
    db.close();
  }
}

const ids = (csv: Buffer) => (parse(csv, { bom: true, columns: true }) as { order_id: string }[]).map((row) => row.order_id);

describe('runExportCommand', () => {
  it('writes the last 30 days by default, N days with --days, and takes --store main', async () => {
    expect(ids((await run([], join(dir, 'a.sqlite'))).csv)).toEqual(['mid', 'new']);
    expect(ids((await run(['--days', '1'], join(dir, 'b.sqlite'))).csv)).toEqual(['new']);
    expect(ids((await run(['--days=90', '--store', 'main'], join(dir, 'c.sqlite'))).csv)).toEqual(['old', 'mid', 'new']);
  });

  it('refuses another store, a bad number and an unknown option with a line, without opening the database', async () => {
    const cases: [string[], RegExp][] = [
      [['--store', 'second'], /^--store: there is no store "second"; the stores: main$/],
      [['--days', 'abc'], /^--days must be a whole number from 1 to 366, got "abc"$/],
      [['--days', '0'], /^--days must be a whole number from 1 to 366/],
      [['--days', '-5'], /--days/],
      [['--weeks', '2'], /Unknown option '--weeks'/],
      [['7'], /positional/i],
    ];
    for (const [args, line] of cases) {
      const result = await run(args, join(dir, `${args.join('_')}.sqlite`));
      expect({ args, exitCode: result.exitCode, opened: result.opened, out: result.csv.length }).toEqual({
        args,
        exitCode: 2,
        opened: false,
        out: 0,
      });
      expect(result.err[0]).toMatch(line);
      expect(result.err[1]).toMatch(/^Usage: npm run export/);
    }
  });
});

describe('npm run export, as a process', () => {
  it('prints the CSV alone on standard output, in BOT_TIMEZONE; a missing database is said', async () => {
    const database = join(dir, 'cli.sqlite');
    fill(database, Date.now()).close();
    const exec = promisify(execFile);
    const env = { ...process.env, DATABASE_PATH: database, BOT_TIMEZONE: 'Asia/Kolkata' };
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'src/export.ts', '--days', '7'], { env, encoding: 'buffer' });
    const rows = parse(stdout, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.order_id, row.product_title])).toEqual([['new', 'Ключ, "new"']]);
    expect(rows[0]!.created).toMatch(/\+05:30$/);

    const missing = await exec(process.execPath, ['--import', 'tsx', 'src/export.ts'], {
      env: { ...env, DATABASE_PATH: join(dir, 'nope.sqlite') },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1 });
    expect((missing as { stderr: string }).stderr.trim()).toMatch(/^Export failed: no database at .*nope\.sqlite \(DATABASE_PATH\)$/);
    const zone = await exec(process.execPath, ['--import', 'tsx', 'src/export.ts'], {
      env: { ...env, BOT_TIMEZONE: 'Mars/Olympus' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((zone as { stderr: string }).stderr).toContain('BOT_TIMEZONE');
  }, 30_000);
});
