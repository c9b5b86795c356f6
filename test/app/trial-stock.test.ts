/** Trial mode shows auto-delivery at once: its first product starts with ten demo keys, once per database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { openStore, type OpenedStore } from '../../src/app/trial-store.ts';
import { loadConfig } from '../../src/config/index.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import { FAKE_BOT_TOKEN, startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { FAST_TELEGRAM } from './support/live-bridge.ts';

const silent = pino({ level: 'silent' });
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

it('stocks the first product with ten demo keys, and the order waiting at once is of another product', async () => {
  telegram = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'trial-stock-'));
  const databasePath = join(dir, 'trial.sqlite');
  const config = loadConfig({ TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot, DATABASE_PATH: databasePath }, [
    '--sandbox',
  ]);
  opened = await openStore(config, { logger: silent, seed: 7 });
  const sandbox = opened.trial?.sandbox;
  const [first] = sandbox?.control.products(sandbox.store.storeId) ?? [];
  expect(opened.stores[0]!.demoStock).toMatchObject({ productId: first?.id });
  expect(opened.stores[0]!.demoStock?.items).toHaveLength(10);
  const waiting = await waitingOrderId(opened);
  expect(sandbox?.control.order(waiting)?.productId).not.toBe(first?.id);

  bridge = await startBridge({ config, stores: opened.stores, logger: silent, overrides: { bot: FAST_TELEGRAM } });
  await bridge.stop();
  // A second start over the same database adds nothing: the seller's stock is theirs once it exists.
  bridge = await startBridge({ config, stores: opened.stores, logger: silent, overrides: { bot: FAST_TELEGRAM } });
  await bridge.stop();
  bridge = undefined;
  const db = openDatabase(databasePath, { logger: silent });
  try {
    expect(createStockQueries(db).summary()).toMatchObject([{ productId: first?.id, inStock: 10 }]);
  } finally {
    db.close();
  }
});

/** The trial store's one order created at start. */
async function waitingOrderId(store: OpenedStore): Promise<string> {
  const response = await fetch(`${store.stores[0]!.baseUrl}/orders`, { headers: { authorization: `Bearer ${store.stores[0]!.apiKey}` } });
  const body = (await response.json()) as { data: { orders: { id: string }[] } };
  return body.data.orders[0]?.id ?? '';
}
