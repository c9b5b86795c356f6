/**
 * Auto-delivery through kill -9: a real engine process is killed at random moments while 24 orders are delivered
 * from stock, and started again until every order is settled. Every order must be delivered once, with its own
 * items, and no item may reach two orders; with a store that refuses some values, the refused orders' items go back
 * to stock, once, and nothing is left reserved.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import { mulberry32 } from '../../src/sandbox/random.ts';
import type { OrderId, ProductId } from '../../src/seller-api/schemas.ts';
import { createHarness, type Harness } from './harness.ts';
import { bundledChild, type BundledChild } from '../support/bundled-child.ts';

const ORDERS = 24;
const MAX_RUNS = 30;
let h: Harness;

// 20 requests a second: the engine paces itself, so the deliveries take a few seconds and the kills land among them.
const PACED = { limit: 1_200, windowMs: 60_000 };
// Bundled once: the test starts its child tens of times.
let bundled: BundledChild;
beforeAll(async () => {
  bundled = await bundledChild('test/sync/stock-crash-child.ts', 'stock-crash-child');
});
afterAll(() => bundled.remove());
afterEach(() => h.close());

/**
 * The heartbeat a bridge that ran before leaves: the orders made below are new to it, not the first start's import
 * (which is never auto-delivered).
 */
const anEarlierRun = () => createKeyValueStore(h.db).set('sync.lastAliveAt', Date.now() - 60_000);

/** Runs the child until it printed "started", then kills it with SIGKILL after `killAfterMs`. */
function runAndKill(killAfterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundled.path], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, SANDBOX_URL: h.sandbox.baseUrl, SANDBOX_KEY: h.sandbox.store.apiKey, DB_PATH: h.dbPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('started')) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the child ended by itself (${code}): ${stderr}`));
    });
  });
}

it('delivers every order once with its own items, whatever moment the process dies', async () => {
  h = await createHarness({ sandbox: { rateLimit: PACED } });
  const product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
  anEarlierRun();
  const keys = Array.from({ length: 40 }, (_, i) => `KEY-${String(i).padStart(3, '0')}-${(i * 7919).toString(36)}`);
  createStockQueries(h.db).add(product, keys, Date.now());
  const random = mulberry32(20261123);
  const orders = Array.from(
    { length: ORDERS },
    (_, i) => h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: i % 5 === 0 ? 2 : 1 }).id as OrderId,
  );
  h.db.close(); // the children own the file while they run
  const allDelivered = () => orders.every((id) => h.sandbox.control.order(id)?.status === 'awaiting_confirmation');

  let runs = 0;
  const progress: number[] = [];
  while (!allDelivered() && runs < MAX_RUNS) {
    runs += 1;
    await runAndKill(50 + Math.floor(random() * 350));
    progress.push(orders.filter((id) => h.sandbox.control.order(id)?.status === 'awaiting_confirmation').length);
  }
  const deliveredByKilledRuns = orders.filter((id) => h.sandbox.control.order(id)?.status === 'awaiting_confirmation').length;
  // A last run in this process finishes what the last kill interrupted: a Deliver the store did but whose answer
  // was never recorded is sent again with its key, and recorded.
  const { engine, db } = h.restart();
  for (let i = 0; i < 20 && !(allDelivered() && engine.status().outboxDepth === 0); i += 1) await engine.pollNow();
  // The kills landed while deliveries were under way, not only before or after them.
  expect(progress.filter((n) => n > 0 && n < ORDERS).length).toBeGreaterThanOrEqual(3);
  expect(deliveredByKilledRuns).toBeGreaterThan(0);

  const stock = createStockQueries(db);
  const given = new Map<string, OrderId>();
  for (const id of orders) {
    const order = h.sandbox.control.order(id);
    const reservation = stock.reservation(id);
    expect(order?.status, id).toBe('awaiting_confirmation');
    expect(reservation?.state, id).toBe('delivered');
    const items = reservation?.items.map((item) => item.item) ?? [];
    expect(items).toHaveLength(id === orders[0] || orders.indexOf(id) % 5 === 0 ? 2 : 1);
    // The value the store holds is exactly this order's items: never another set, never a second delivery.
    expect(order?.deliveredValue, id).toBe(items.join('\n'));
    for (const item of items) {
      expect(given.get(item), `${item} given twice`).toBeUndefined();
      given.set(item, id);
    }
  }
  const delivers = db.prepare(`SELECT order_id, count(*) AS n FROM outbox WHERE kind = 'deliver' GROUP BY order_id`).all() as {
    n: number;
  }[];
  expect(delivers).toHaveLength(ORDERS);
  expect(delivers.every((row) => row.n === 1)).toBe(true);
  expect(stock.inStock(product)).toBe(keys.length - given.size);
}, 120_000);

it('gives back, once, the items of deliveries the store refuses, whatever moment the process dies', async () => {
  // A store that takes one key per value: the orders of two are refused (VALIDATION_ERROR) after the bot took them.
  h = await createHarness({ sandbox: { rateLimit: PACED, maxDeliveredValueChars: 20 } });
  const product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
  anEarlierRun();
  const keys = Array.from({ length: 30 }, (_, i) => `KEY-${String(i).padStart(3, '0')}-${(i * 7919).toString(36)}`);
  createStockQueries(h.db).add(product, keys, Date.now());
  const random = mulberry32(20261124);
  const orders = Array.from(
    { length: 16 },
    (_, i) => h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: i % 4 === 0 ? 2 : 1 }).id as OrderId,
  );
  const refused = new Set(orders.filter((_, i) => i % 4 === 0));
  h.db.close();
  const statusOf = (id: OrderId) => h.sandbox.control.order(id)?.status;
  const allSettled = () => orders.every((id) => statusOf(id) === (refused.has(id) ? 'processing' : 'awaiting_confirmation'));
  for (let runs = 0; !allSettled() && runs < MAX_RUNS; runs += 1) await runAndKill(50 + Math.floor(random() * 350));
  const { engine, db } = h.restart();
  for (let i = 0; i < 20 && !(allSettled() && engine.status().outboxDepth === 0); i += 1) await engine.pollNow();

  const stock = createStockQueries(db);
  const given = new Map<string, OrderId>();
  for (const id of orders) {
    const order = h.sandbox.control.order(id);
    const reservation = stock.reservation(id);
    if (refused.has(id)) {
      expect(order?.status, id).toBe('processing');
      expect(order?.deliveredValue ?? undefined, id).toBeUndefined();
      expect(reservation?.state, id).toBe('released');
      continue;
    }
    expect(order?.status, id).toBe('awaiting_confirmation');
    expect(reservation?.state, id).toBe('delivered');
    const items = reservation?.items.map((item) => item.item) ?? [];
    expect(order?.deliveredValue, id).toBe(items.join('\n'));
    for (const item of items) {
      expect(given.get(item), `${item} given twice`).toBeUndefined();
      given.set(item, id);
    }
  }
  expect(given.size).toBe(orders.length - refused.size);
  // Nothing stuck: every item is either delivered or back in stock.
  expect(stock.summary()[0]).toMatchObject({ reserved: 0, held: 0, delivered: given.size, inStock: keys.length - given.size });
}, 120_000);
