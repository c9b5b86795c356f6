/**
 * The restore drill a seller would run, on real processes: the wired bridge (support/bridge-child.ts) runs against the
 * sandbox store and the fake Bot API, delivers a key from stock, shows cards and a buyer message, and makes its
 * scheduled encrypted backups. After a backup it is killed with SIGKILL and its database deleted with its -wal and
 * -shm; while it is down the store moves on (a new paid order, a buyer message, a confirmation); `npm run restore`
 * puts the backup back, pausing auto-delivery until the seller has checked the stock and resumed it; the bridge starts
 * again. Nothing it had shown is shown twice, no key is handed out twice, and what happened at the store meanwhile
 * arrives once. The restore is refused while the bridge runs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { pino } from 'pino';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { bundle, DIST_DIR, ENTRY_POINTS } from '../../scripts/build.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { until } from '../support/until.ts';
import { liveEnv, useLiveWorld } from './support/live-bridge.ts';

const REPO = resolve(import.meta.dirname, '../..');
const SELLER = 5150;
const KEYS = ['DRILL-KEY-0001-AAAA', 'DRILL-KEY-0002-BBBB', 'DRILL-KEY-0003-CCCC'];
/** Calls that change what the chat shows. */
const WRITES = new Set(['sendMessage', 'editMessageText', 'editMessageReplyMarkup', 'sendDocument', 'deleteMessage', 'setMessageReaction']);
const world = useLiveWorld('bridge-drill-');
/** Bundled as `npm run build` bundles, and run under plain node like the shipped dist/restore.mjs: tsx would add seconds to each start. */
const BUILT = join(DIST_DIR, 'restore-drill');
beforeAll(
  () => bundle({ entryPoints: { bridge: 'test/app/support/bridge-child.ts', restore: ENTRY_POINTS.restore }, outdir: BUILT }),
  60_000,
);
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** Everything the bridge processes logged. */
let logged = '';

function startChild(env: NodeJS.ProcessEnv): Promise<{ process: ChildProcess; exited: Promise<number | null> }> {
  const started = spawn(process.execPath, [join(BUILT, 'bridge.mjs')], {
    cwd: REPO,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let stderr = '';
  started.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    logged += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => started.once('exit', (code) => done(code)));
  return new Promise((done, fail) => {
    started.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('started')) done({ process: started, exited });
    });
    void exited.then((code) => fail(new Error(`the bridge exited (${code}): ${stderr}`)));
  });
}

const run = promisify(execFile);
const restoreCli = (args: string[]) =>
  run(process.execPath, [join(BUILT, 'restore.mjs'), ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH, DATABASE_PATH: join(world.dir, 'bridge.sqlite') },
  }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const chat = () => world.telegram.botMessages(SELLER);
const cardsOf = (orderId: string) => chat().filter((message) => /^🛒 \S+ (\S+)\n/u.exec(message.text)?.[1] === orderId);
const saying = (text: string) => chat().filter((message) => message.text.includes(text));

/** Resolves once the chat has not changed for `quietMs`: everything the bridge had to show is shown. */
async function chatSettled(quietMs = 500): Promise<void> {
  await until(() => {
    const last = world.telegram.calls.filter((call) => WRITES.has(call.method)).at(-1)?.at ?? 0;
    return Date.now() - last > quietMs;
  }, 'the chat to settle');
}

/** The newest scheduled backup begun after `since` (its name carries its time to the second). */
function backupAfter(since: number): string | undefined {
  const folder = join(world.dir, 'backups');
  if (!existsSync(folder)) return undefined;
  const newest = readdirSync(folder)
    .filter((name) => /\.scheduled-.*Z\.sqlite\.age$/.test(name))
    .sort()
    .at(-1);
  const stamp = newest && /scheduled-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z/.exec(newest);
  if (!stamp) return undefined;
  const at = Date.parse(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}Z`);
  return at >= Math.floor(since / 1000) * 1000 + 1000 ? join(folder, newest!) : undefined;
}

const delivers = () =>
  Object.entries(world.sandbox.control.stats().byRoute)
    .filter(([route]) => /^POST .*deliver/.test(route))
    .reduce((sum, [, count]) => sum + count, 0);

it('restores a backup taken from a running bridge: nothing shown twice, no key given twice, what changed meanwhile shown once', async () => {
  const { sandbox } = world;
  const [stocked, other] = sandbox.control.products(sandbox.store.storeId).map((product) => product.id as ProductId);
  const dbPath = join(world.dir, 'bridge.sqlite');
  const seeded = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  createStockQueries(seeded).add(stocked!, KEYS, Date.now());
  seeded.close();
  const identity = await generateIdentity();
  const keyFile = join(world.dir, 'key.txt');
  writeFileSync(keyFile, `${identity}\n`, { mode: 0o600 });
  const env = liveEnv(world, SELLER, {
    BACKUP_EVERY_HOURS: '0.0003', // about a second
    BACKUP_AGE_RECIPIENT: await identityToRecipient(identity),
    STOCK_LOW_THRESHOLD: '0',
    LOG_LEVEL: 'info',
  });

  // 1. The bridge runs: a key delivered from stock, a card, a buyer message.
  await startChild(env);
  const a = sandbox.control.createOrder({ status: 'paid', productId: stocked!, quantity: 1 });
  const b = sandbox.control.createOrder({ status: 'paid', productId: other!, quantity: 1 });
  sandbox.control.postBuyerMessage(b.id, 'hello before the backup');
  await until(() => sandbox.control.order(a.id)?.status === 'awaiting_confirmation', 'the key delivered from stock');
  await until(() => cardsOf(b.id).length === 1 && saying('hello before the backup').length === 1, 'the card and the message');
  await until(() => cardsOf(a.id)[0]?.text.includes('Delivered automatically from stock'), 'the delivered card');
  await chatSettled();

  // 2. A backup taken after all that, then the crash. A restore while the bridge runs is refused.
  const settledAt = Date.now();
  const backup = await until(() => backupAfter(settledAt), 'a backup after the chat settled', 8_000);
  const refused = await restoreCli([backup, '--identity', keyFile]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^Restore failed \(BRIDGE_RUNNING\): /);
  child!.kill('SIGKILL');
  await new Promise((done) => child!.once('exit', done));
  for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(file, { force: true });
  const shownBefore = chat().length;
  expect(sandbox.control.order(a.id)?.deliveredValue).toBe(KEYS[0]);

  // 3. The store moves on while the bridge is down.
  const c = sandbox.control.createOrder({ status: 'paid', productId: stocked!, quantity: 1 });
  sandbox.control.postBuyerMessage(b.id, 'hello after the restore');
  sandbox.control.confirmReceipt(a.id);

  // 4. Restore, then start again.
  const restored = await restoreCli([backup, '--identity', keyFile]);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(statSync(dbPath).mode & 0o777).toBe(0o600);
  expect(existsSync(`${dbPath}-wal`) || existsSync(`${dbPath}-shm`)).toBe(false);
  // The restore paused the stocked product: the seller checks its stock (the backup came after the last delivery, so
  // nothing was turned back) and resumes it, as `npm run stock -- resume` does, before starting the bridge again.
  expect(restored.stdout).toContain(`Auto-delivery is paused for 1 product(s) with stock (${stocked}): `);
  const checked = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  const stock = createStockQueries(checked);
  expect(stock.isPaused(stocked!)).toBe(true);
  expect(stock.summary()).toMatchObject([{ productId: stocked, inStock: 2, delivered: 1 }]);
  stock.setPaused(stocked!, false, Date.now());
  checked.close();
  const second = await startChild(env);
  await until(() => sandbox.control.order(c.id)?.status === 'awaiting_confirmation', 'the new order delivered from stock');
  await until(() => saying('hello after the restore').length === 1, 'the message sent meanwhile');
  await until(() => cardsOf(a.id)[0]?.text.includes('the buyer confirmed receipt'), 'the confirmation on the card');
  await chatSettled();

  // Each order has one card, each buyer message is shown once, and only what is new was posted.
  for (const order of [a, b, c]) expect(cardsOf(order.id), order.id).toHaveLength(1);
  expect(saying('hello before the backup')).toHaveLength(1);
  expect(saying('hello after the restore')).toHaveLength(1);
  const posted = chat().slice(shownBefore);
  const expected = [/^👋 While you were away/, /^🛒 \S+ ord_/, /hello after the restore/];
  expect(posted.map((message) => message.text.split('\n')[0])).toHaveLength(expected.length);
  for (const pattern of expected) expect(posted.filter((message) => pattern.test(message.text))).toHaveLength(1);
  // Each key went to one order, once: the next key to the new order, none again to the old one.
  expect(sandbox.control.order(c.id)?.deliveredValue).toBe(KEYS[1]);
  expect(sandbox.control.order(a.id)?.deliveredValue).toBe(KEYS[0]);
  expect(delivers()).toBe(2);
  expect(chat().filter((message) => message.source.includes(KEYS[0]!))).toEqual(cardsOf(a.id));
  for (const key of KEYS) expect(logged).not.toContain(key);

  second.process.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  const db = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  expect(createStockQueries(db).inStock(stocked!)).toBe(1);
  db.close();
}, 30_000);
