/**
 * A restarted trial starts clean with its new store: no order of the last run's store is left to act on, /stock has
 * one row (the new store's stocked product), and the chat bound by /start keeps getting orders without another
 * /start. A database that is not a trial's is refused, untouched.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { openStore, type OpenedStore } from '../../src/app/trial-store.ts';
import { loadConfig } from '../../src/config/index.ts';
import { createKeyValueStore, createStockQueries, openDatabase } from '../../src/db/index.ts';
import { FAKE_BOT_TOKEN, startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { until } from '../support/until.ts';
import { FAST_TELEGRAM } from './support/live-bridge.ts';

const silent = pino({ level: 'silent' });
const SELLER = { id: 5150, first_name: 'Seller' };
let opened: OpenedStore | undefined;
let bridge: RunningBridge | undefined;
let telegram: FakeTelegram | undefined;
let dir: string | undefined;
afterEach(async () => {
  await bridge?.stop();
  await opened?.trial?.sandbox.close();
  await telegram?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bridge = opened = telegram = dir = undefined;
});

const trialConfig = (databasePath: string) =>
  loadConfig(
    { TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, TELEGRAM_API_ROOT: telegram?.apiRoot, DATABASE_PATH: databasePath, POLL_INTERVAL_SECONDS: '0.1' },
    ['--sandbox'],
  );

/** Opens the trial store and runs the bridge on it until the card of the store's waiting order is in the seller's chat. */
async function runTrial(databasePath: string, bindWithStart: boolean) {
  const config = trialConfig(databasePath);
  opened = await openStore(config, { logger: silent, seed: 7 });
  const sandbox = opened.trial!.sandbox;
  // The order trial mode creates at start, before the simulated buyers had time to add any.
  const [waiting] = await listOrderIds(opened);
  bridge = await startBridge({ config, stores: opened.stores, logger: silent, overrides: { bot: FAST_TELEGRAM } });
  if (bindWithStart) telegram!.sendText(SELLER, '/start');
  const fake = telegram!;
  await until(
    () => fake.botMessages(SELLER.id).some((message) => message.text.includes(waiting!)),
    'the waiting order in the seller chat',
    15_000,
  );
  const [stocked] = sandbox.control.products(sandbox.store.storeId);
  await bridge.stop();
  await sandbox.close();
  bridge = opened = undefined;
  return { waiting: waiting!, stocked: stocked!.id };
}

it('starts clean on every run, keeps its chat, and never shows the last store in /stock', async () => {
  telegram = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'trial-restart-'));
  const databasePath = join(dir, 'trial.sqlite');

  const first = await runTrial(databasePath, true);
  // No second /start: the chat bound in the first run gets the new store's order.
  const second = await runTrial(databasePath, false);
  expect(second.waiting).not.toBe(first.waiting);

  const db = openDatabase(databasePath, { logger: silent });
  try {
    const orderIds = db
      .prepare<[], { id: string }>('SELECT id FROM orders')
      .all()
      .map((row) => row.id);
    expect(orderIds).toContain(second.waiting);
    expect(orderIds).not.toContain(first.waiting);
    expect(
      createStockQueries(db)
        .summary()
        .map((row) => row.productId),
    ).toEqual([second.stocked]);
  } finally {
    db.close();
  }
}, 60_000);

it('refuses a database that is not a trial’s, and leaves it as it was', async () => {
  dir = mkdtempSync(join(tmpdir(), 'trial-restart-'));
  const databasePath = join(dir, 'bridge.sqlite');
  const live = openDatabase(databasePath, { logger: silent });
  createKeyValueStore(live).set('sync.heartbeat', { at: 1 });
  live.close();

  await expect(openStore(trialConfig(databasePath), { logger: silent })).rejects.toThrow(/^DATABASE_PATH: .* is not a trial database/);
  expect(existsSync(databasePath)).toBe(true);
  const db = openDatabase(databasePath, { logger: silent, readonly: true });
  try {
    expect(createKeyValueStore(db).get('sync.heartbeat')).toEqual({ at: 1 });
  } finally {
    db.close();
  }
});

async function listOrderIds(store: OpenedStore): Promise<string[]> {
  const response = await fetch(`${store.stores[0]!.baseUrl}/orders`, { headers: { authorization: `Bearer ${store.stores[0]!.apiKey}` } });
  const body = (await response.json()) as { data: { orders: { id: string }[] } };
  return body.data.orders.map((order) => order.id);
}
