/**
 * Three stores through kill -9: the wired bridge (app/bridge.ts, STORES_FILE naming three sandbox stores whose order
 * and product ids repeat) runs as its own process and is killed with SIGKILL at random moments, and as soon as a
 * store acted, while each store delivers orders from its own stock and relays buyer questions, and the seller takes
 * orders, answers the questions and cancels an order from the phone. It is started again until all of it is done.
 * Per store: every order taken, delivered or cancelled once, with that store's own keys, no key twice, its stock
 * settled; every answer posted once, to its own buyer; every question and card in the chat (repeated at most once
 * per run), under its own store's card; and no Telegram message linked to two stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { mulberry32 } from '../../src/sandbox/random.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { ADMIN, GROUP_ID } from '../bot/harness.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { writeStoresFile } from '../support/stores-file.ts';
import { bundledBridgeChild, crashStore, queued, runUntilKilled, type CrashOrders, type CrashStore } from './support/crash-stores.ts';

const STORES = [
  { name: 'main', title: 'Main Street Games' },
  { name: 'north', title: 'North Keys' },
  { name: 'south', title: 'South Codes' },
];
/**
 * Per store, in this order: orders sold from stock, orders a person takes (each with a buyer question to answer),
 * an order a person cancels.
 */
const KINDS = ['stocked', 'stocked', 'manual', 'stocked', 'cancelled', 'manual', 'stocked', 'stocked', 'manual'] as const;
const count = (kind: (typeof KINDS)[number]) => KINDS.filter((one) => one === kind).length;
const KEYS = 8;
const MAX_RUNS = 30;

let child: Awaited<ReturnType<typeof bundledBridgeChild>>;
let telegram: FakeTelegram;
let stores: CrashStore[];
let dir: string;
let databasePath: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  child = await bundledBridgeChild();
}, 60_000);
afterAll(() => child.remove());

beforeEach(async () => {
  // 10 requests a second per key: each engine paces itself, so the work takes a while and the kills land among it.
  const sandboxes = await Promise.all(
    STORES.map(() => startSandbox({ ids: { seed: 20_261_128 }, rateLimit: { limit: 600, windowMs: 60_000 } })),
  );
  telegram = await startFakeTelegram({ groups: [{ id: GROUP_ID, title: 'Store orders', type: 'supergroup' }] });
  dir = mkdtempSync(join(tmpdir(), 'multi-store-crash-'));
  databasePath = join(dir, 'bridge.sqlite');
  const file = writeStoresFile(
    dir,
    STORES.map((spec, index) => ({ spec, sandbox: sandboxes[index]! })),
  );
  stores = STORES.map((spec, index) => crashStore(spec, sandboxes[index]!, databasePath));
  env = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'warn',
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_CHAT_ID: String(GROUP_ID),
    TELEGRAM_ADMIN_IDS: String(ADMIN.id),
    STORES_FILE: file.path,
    DATABASE_PATH: databasePath,
    POLL_INTERVAL_SECONDS: '0.02',
    REMIND_UNTAKEN_MINUTES: '0',
    REMIND_UNANSWERED_MINUTES: '0',
    ...file.env,
  };
});
afterEach(async () => {
  await telegram.close();
  await Promise.all(stores.map((store) => store.sandbox.close()));
  rmSync(dir, { recursive: true, force: true });
});

it('acts once per store and keeps each store to itself, whatever moment the process dies', async () => {
  const productsOf = (store: CrashStore) => store.sandbox.control.products(store.sandbox.store.storeId).map((p) => p.id as ProductId);
  const [stocked, manual] = productsOf(stores[0]!);
  for (const store of stores) {
    // Product ids repeat across the stores too.
    expect(productsOf(store)).toEqual(productsOf(stores[0]!));
    store.prepare(
      stocked!,
      Array.from({ length: KEYS }, (_, i) => `${store.name}-KEY-${String(i).padStart(2, '0')}`),
    );
  }
  // The same orders in every store, one after another: order ids repeat across the stores.
  const orders: CrashOrders = { stocked: [], manual: [], cancelled: [] };
  for (const kind of KINDS) {
    const ids = stores.map(
      (store) => store.sandbox.control.createOrder({ status: 'paid', productId: kind === 'stocked' ? stocked : manual }).id,
    );
    expect(new Set(ids).size).toBe(1);
    orders[kind].push(ids[0]!);
  }
  for (const store of stores)
    for (const [i, id] of orders.manual.entries()) store.sandbox.control.postBuyerMessage(id, `${store.name} question ${i}`);

  const progress = () => stores.reduce((sum, store) => sum + store.progress(orders), 0);
  const total = stores.length * (count('stocked') + 2 * count('manual') + count('cancelled'));
  const random = mulberry32(20_261_128);
  const atKills: number[] = [];
  let runs = 0;
  while (progress() < total && runs < MAX_RUNS) {
    runs += 1;
    // Between runs the seller acts on what the chat shows: taps Take, answers the questions (queued updates).
    for (const store of stores) store.actFromPhone(telegram, orders);
    // Half the kills wait for the next store action to land, half come at a random moment of the run.
    const target = progress() + 1 + Math.floor(random() * 2);
    if (runs % 2 === 1) await runUntilKilled({ path: child.path, env }, { when: () => progress() >= target, atMostMs: 2_500 });
    else await runUntilKilled({ path: child.path, env }, { afterMs: 50 + Math.floor(random() * 600) });
    atKills.push(progress());
  }
  // A last run finishes what the last kill interrupted, and shows the last cards and questions: until nothing is
  // left in the Telegram queue.
  for (let last = 0; last < 3 && (last === 0 || queued(databasePath) > 0); last += 1) {
    const settled = () => stores.every((store) => store.settled(orders, telegram));
    await runUntilKilled({ path: child.path, env }, { when: settled, graceMs: 500, atMostMs: 20_000 });
  }
  expect(queued(databasePath)).toBe(0);
  expect(progress()).toBe(total);
  // The kills landed while the stores were acting, not only before or after.
  expect(atKills.filter((n) => n > 0 && n < total).length).toBeGreaterThanOrEqual(3);

  // A card answers nothing and names its order on its first line (what the bot says under a card replies to it).
  const ids = [...orders.stocked, ...orders.manual, ...orders.cancelled];
  const cardsInChat = telegram
    .botMessages(GROUP_ID)
    .filter((message) => message.replyToMessageId === undefined && ids.some((id) => message.text.split('\n')[0]?.includes(id)));
  const linked = new Map<string, string>();
  for (const store of stores) {
    const others = stores.filter((other) => other !== store).map((other) => other.name);
    for (const key of store.check(orders, telegram, others, runs + 1)) {
      expect(linked.get(key), `${key} linked by ${store.name} and ${linked.get(key)}`).toBeUndefined();
      linked.set(key, store.name);
    }
  }
  // Every order of every store has its card; a card is posted again only when a kill fell between its send and its
  // record: at most once per run.
  const orderCount = stores.length * KINDS.length;
  expect(cardsInChat.length).toBeGreaterThanOrEqual(orderCount);
  expect(cardsInChat.length).toBeLessThanOrEqual(orderCount + runs + 1);
}, 240_000);
