/**
 * What the stock tests share: the stock tables read through a second connection to the harness's database file (as
 * `npm run stock` reads them beside a live bridge), a logger that keeps every line, and the leak check over
 * everything the bot said and logged.
 */
import { afterEach, expect } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import { createStockQueries, type StockQueries } from '../../src/db/stock.ts';
import { FAKE_BOT_TOKEN } from '../support/fake-telegram-api.ts';
import { logLines } from '../support/log-lines.ts';
import { createBridgeHarness, silent, type BridgeHarness } from './harness.ts';

interface StockTables {
  stock: StockQueries;
  close(): void;
}

function openStock(h: BridgeHarness): StockTables {
  const db = openDatabase(h.dbPath, { logger: silent });
  return { stock: createStockQueries(db), close: () => db.close() };
}

/**
 * For a test file: `start()` opens a bridge (engine stopped) logging to a capturing logger, and the stock tables
 * beside it; both are closed after each test.
 */
export function useStockBridge() {
  let h: BridgeHarness | undefined;
  let tables: StockTables | undefined;
  afterEach(async () => {
    tables?.close();
    await h?.close();
    h = tables = undefined;
  });
  return async function start() {
    const log = logLines('trace');
    h = await createBridgeHarness({ startEngine: false, logger: log.logger });
    tables = openStock(h);
    return { h, stock: tables.stock, log };
  };
}

/** No item, nor the bot token, in any call the bot made (every message, edit, caption, button) or any log line. */
export function expectNoLeaks(h: BridgeHarness, logLines: readonly string[], items: readonly string[]) {
  const said = JSON.stringify(h.telegram.calls);
  const logged = logLines.join('\n');
  expect(logLines.length).toBeGreaterThan(0);
  for (const secret of [...items, FAKE_BOT_TOKEN.split(':')[1]!]) {
    expect(said).not.toContain(secret);
    expect(logged).not.toContain(secret);
  }
}

/** Items long enough that their masked hint (`KE…01`) is not themselves. */
export const keys = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-KEY-${String(i + 1).padStart(4, '0')}-SECRET`);
