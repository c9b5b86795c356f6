/**
 * The shell commands with several stores (STORES_FILE): `npm run stock` works on one store's database and needs
 * `--store` to know which; `npm run export` writes every store's orders, each row naming its store, or one store's
 * with `--store`. Neither reads an API key: the file's `${VAR}`s may be unset where they run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import { createQueries } from '../../src/db/queries.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import { storeDatabasePath } from '../../src/db/store-files.ts';
import { OrderSchema } from '../../src/seller-api/schemas.ts';

const exec = promisify(execFile);
let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-stores-'));
  const storesFile = join(dir, 'stores.json');
  const store = (name: string) => ({ name, apiUrl: 'https://store.example/v1', apiKey: `\${${name.toUpperCase()}_KEY}` });
  writeFileSync(storesFile, JSON.stringify({ stores: [store('keys'), store('games')] }));
  const { KEYS_KEY: _keys, GAMES_KEY: _games, ...rest } = process.env;
  env = { ...rest, DATABASE_PATH: join(dir, 'bridge.sqlite'), STORES_FILE: storesFile, BOT_TIMEZONE: 'UTC', BOT_LANGUAGE: 'en' };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (script: string, args: string[], input?: string) => {
  const child = exec(process.execPath, ['--import', 'tsx', script, ...args], { env });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  return child.then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
};

/** One paid order `ord_1` in each store's own database: the same id in both. */
function orderInEach() {
  for (const [store, amount] of [
    ['keys', 5],
    ['games', 7],
  ] as const) {
    const db = openDatabase(storeDatabasePath(env.DATABASE_PATH as string, store), { logger: pino({ level: 'silent' }) });
    const order = OrderSchema.parse({ id: 'ord_1', status: 'paid', createdAt: new Date().toISOString(), amount, productTitle: store });
    createQueries(db).orders.insert(order, { isOpen: true, chatWatchUntil: undefined }, Date.now());
    db.close();
  }
}

describe('npm run stock with several stores', () => {
  it('refuses without --store, naming the stores; adds to the named store only', async () => {
    const refused = await run('src/stock.ts', ['add', 'prod_1', '-'], 'KEY-1\nKEY-2\n');
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe('--store NAME is required with several stores; the stores: keys, games');
    const unknown = await run('src/stock.ts', ['--store', 'toys', 'list']);
    expect(unknown.stderr.trim()).toBe('--store: there is no store "toys"; the stores: keys, games');

    const added = await run('src/stock.ts', ['--store', 'games', 'add', 'prod_1', '-'], 'KEY-1\nKEY-2\n');
    expect(added.code).toBe(0);
    expect(added.stdout + added.stderr).not.toContain('KEY-1');
    const count = (store: string) => {
      const db = openDatabase(storeDatabasePath(env.DATABASE_PATH as string, store), { logger: pino({ level: 'silent' }) });
      try {
        return createStockQueries(db)
          .summary()
          .reduce((sum, product) => sum + product.inStock, 0);
      } finally {
        db.close();
      }
    };
    expect({ games: count('games'), keys: count('keys') }).toEqual({ games: 2, keys: 0 });
  }, 60_000);
});

describe('npm run export with several stores', () => {
  it('writes every store with its name, or the store --store names', async () => {
    orderInEach();
    const all = await run('src/export.ts', []);
    expect(all.code).toBe(0);
    const rows = parse(all.stdout, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.store, row.order_id, row.amount])).toEqual([
      ['keys', 'ord_1', '5'],
      ['games', 'ord_1', '7'],
    ]);
    const one = await run('src/export.ts', ['--store', 'games']);
    expect((parse(one.stdout, { bom: true, columns: true }) as Record<string, string>[]).map((row) => row.store)).toEqual(['games']);
  }, 60_000);
});

describe('npm run restore with several stores', () => {
  it('--store puts the backup in place of that store database alone', async () => {
    orderInEach();
    const keysPath = storeDatabasePath(env.DATABASE_PATH as string, 'keys');
    const backup = join(dir, 'keys-backup.sqlite');
    const keys = openDatabase(keysPath, { logger: pino({ level: 'silent' }) });
    await keys.backup(backup);
    const later = OrderSchema.parse({ id: 'ord_2', status: 'paid', createdAt: new Date().toISOString(), amount: 1 });
    createQueries(keys).orders.insert(later, { isOpen: true, chatWatchUntil: undefined }, Date.now());
    keys.close();

    const unknown = await run('src/restore.ts', [backup, '--store', 'toys']);
    expect({ code: unknown.code, line: unknown.stderr.split('\n')[0] }).toEqual({
      code: 2,
      line: '--store: there is no store "toys"; the stores: keys, games.',
    });
    const restored = await run('src/restore.ts', [backup, '--store', 'keys']);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(keysPath);
    const ids = (store: string) => {
      const db = openDatabase(storeDatabasePath(env.DATABASE_PATH as string, store), { logger: pino({ level: 'silent' }) });
      try {
        return (db.prepare('SELECT id FROM orders ORDER BY id').all() as { id: string }[]).map((row) => row.id);
      } finally {
        db.close();
      }
    };
    expect({ keys: ids('keys'), games: ids('games') }).toEqual({ keys: ['ord_1'], games: ['ord_1'] });
  }, 60_000);
});
