/**
 * /stats [days] with its chart and /export [days] with its CSV, against the sandbox store and the fake Bot API (which
 * keeps the bytes of what the bot uploads). One order is delivered from stock, one taken by hand; the chart is a real
 * PNG drawn in the process, the CSV is parsed as a spreadsheet would. Bad numbers get the usage line; a chart that
 * cannot be drawn leaves the text alone; staff may ask /stats but not /export. With two stores the chart is drawn
 * with each store's days (what it draws of them: test/sales/chart-stores.test.ts), /stats <name> with that one's
 * alone (the several-stores rig, multi-store-harness.ts).
 */
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalesDay } from '../../src/core/sales.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import { createSalesChartRenderer } from '../../src/sales/chart-render.ts';
import type { SalesChartInput } from '../../src/sales/chart-spec.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import type { ChatMessage, FakeUser } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, settled, type BridgeHarness } from './harness.ts';
import { createMultiStoreHarness, type MultiStoreHarness } from './multi-store-harness.ts';

const STAFF: FakeUser = { id: 3003, first_name: 'Anna' };
const inGroup = { chatId: GROUP_ID };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

let h: BridgeHarness | undefined;
let multi: MultiStoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await multi?.close();
  multi = undefined;
});

/** An order delivered from stock and one taken by hand with its card's button. */
async function twoOrders(harness: BridgeHarness) {
  const product = harness.sandbox.control.products(harness.sandbox.store.storeId)[0]?.id as ProductId;
  createStockQueries(harness.db).add(product, ['KEY-AUTO-1'], Date.now());
  const auto = harness.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 1 });
  await harness.engine.pollNow();
  await eventually(() => expect(harness.sandbox.control.order(auto.id)?.status).toBe('awaiting_confirmation'));
  const taken = await harness.takePaidOrder();
  await eventually(() => expect(harness.cardsOf(auto.id)[0]?.text).toMatch(/delivered by bot/));
  return { auto, taken: taken.order };
}

/** What the bot answered to the command just sent: its messages after the last one counted before. */
async function ask(harness: BridgeHarness, from: FakeUser, command: string): Promise<ChatMessage[]> {
  const before = harness.telegram.botMessages(GROUP_ID).length;
  harness.telegram.sendText(from, command, inGroup);
  // A first chart starts the drawing thread and loads Vega: seconds on a busy machine.
  await settled(harness, 20_000);
  return harness.telegram.botMessages(GROUP_ID).slice(before);
}

/** The same with several stores: the admin's command, and the bot's messages after it up to the chart. */
async function askIn(harness: MultiStoreHarness, command: string): Promise<ChatMessage[]> {
  const sent = harness.telegram.sendText(ADMIN, command, inGroup);
  const answer = () => harness.telegram.botMessages(GROUP_ID).filter((message) => message.messageId > sent.message_id);
  await eventually(() => expect(answer().map((message) => message.media?.kind)).toContain('photo'), 20_000);
  return answer();
}

describe('/stats [days]', () => {
  it('answers the figures, then a PNG chart with the period totals as its caption', async () => {
    h = await createBridgeHarness({ bot: { staffIds: [STAFF.id] } });
    await twoOrders(h);

    const answer = await ask(h, STAFF, '/stats 30');
    expect(answer.map((message) => message.media?.kind)).toEqual([undefined, 'photo']);
    expect(answer[0]!.text).toContain('📈 Last 30 days');
    expect(answer[0]!.text).toContain('Delivered: 1 (by hand 0, automatically 1)');
    const chart = answer[1]!;
    expect(chart.media!.file.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(chart.media!.file.bytes.byteLength).toBeGreaterThan(10_000);
    expect(chart.text).toMatch(/^📊 \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d: 2 new paid orders, revenue 19\.99$/);
  });

  it('gets the usage line for a number it cannot use, and the week for none', async () => {
    h = await createBridgeHarness();
    for (const command of ['/stats abc', '/stats 0', '/stats 1000', '/stats -5', '/stats 7 days']) {
      const answer = await ask(h, ADMIN, command);
      expect(answer.map((message) => message.text)).toEqual(['Usage: /stats [days], from 1 to 90 days (7 when left out), e.g. /stats 30']);
    }
    // No order yet: nothing to draw, the text alone.
    const week = await ask(h, ADMIN, '/stats');
    expect(week).toHaveLength(1);
    expect(week[0]!.text).toContain('📈 Last 7 days');
  });

  it('falls back to the text alone when the chart cannot be drawn', async () => {
    h = await createBridgeHarness({ bot: { salesChart: () => Promise.reject(new Error('renderer broke')) } });
    await twoOrders(h);
    const answer = await ask(h, ADMIN, '/stats');
    expect(answer.map((message) => message.media?.kind)).toEqual([undefined]);
    expect(answer[0]!.text).toContain('New paid orders: 2');
  });
});

describe('/stats with several stores', () => {
  it('draws the chart with each store under its title and the totals as its caption; /stats <name> that store alone', async () => {
    const real = createSalesChartRenderer();
    const drawn: SalesChartInput[] = [];
    const stores = await createMultiStoreHarness({
      stores: [
        { name: 'main', title: 'Game keys' },
        { name: 'subs', title: 'Подписки' },
      ],
      bot: {
        // The real renderer, and what it was asked to draw.
        salesChart: (input) => {
          drawn.push(input);
          return real(input);
        },
      },
    });
    multi = stores;
    await stores.store('main').createPaidOrder();
    await stores.store('subs').createPaidOrder();
    await stores.store('main').createPaidOrder();
    const ordersOf = (days: readonly SalesDay[]) => days.reduce((sum, day) => sum + day.orders, 0);

    const answer = await askIn(stores, '/stats');
    expect(answer.map((message) => message.media?.kind)).toEqual([undefined, 'photo']);
    expect(answer[1]!.media!.file.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(answer[1]!.text).toMatch(/: 3 new paid orders, revenue 0$/);
    const [every] = drawn;
    expect(every!.stores!.map((store) => [store.title, store.days.length, ordersOf(store.days)])).toEqual([
      ['Game keys', 7, 2],
      ['Подписки', 7, 1],
    ]);
    expect(ordersOf(every!.days)).toBe(3);

    const alone = await askIn(stores, '/stats subs');
    expect(alone.map((message) => message.media?.kind)).toEqual([undefined, 'photo']);
    expect(alone[1]!.text).toMatch(/: 1 new paid order, revenue 0$/);
    expect(drawn[1]!.stores).toBeUndefined();
    expect(ordersOf(drawn[1]!.days)).toBe(1);
  });
});

describe('/export [days]', () => {
  it('sends the orders as a CSV with a byte-order mark that a spreadsheet reads back', async () => {
    h = await createBridgeHarness({ bot: { staffIds: [STAFF.id] } });
    const { auto, taken } = await twoOrders(h);

    const [document, ...rest] = await ask(h, ADMIN, '/export');
    expect(rest).toEqual([]);
    expect(document!.media?.kind).toBe('document');
    expect(document!.media!.file.fileName).toMatch(/^orders-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    expect(document!.text).toMatch(/^🧾 2 orders, .+ Times in UTC time\.$/);
    const bytes = document!.media!.file.bytes;
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.order_id, row.store, row.status, row.taken_by, row.delivered_by])).toEqual([
      [auto.id, 'main', 'awaiting_confirmation', 'stock', 'stock'],
      [taken.id, 'main', 'processing', 'Admin', ''],
    ]);
    expect(rows[0]!.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(rows[0]!.amount).toBe('19.99');
  });

  it('is for admins: staff are refused before anything is read; a bad number gets the usage line', async () => {
    h = await createBridgeHarness({ bot: { staffIds: [STAFF.id] } });
    const refused = await ask(h, STAFF, '/export');
    expect(refused.map((message) => [message.text, message.media])).toEqual([
      ['Only an admin can do this. Staff may take, deliver, reply and use /orders, /order and /stats.', undefined],
    ]);
    for (const command of ['/export -5', '/export 0', '/export 367', '/export all']) {
      const answer = await ask(h, ADMIN, command);
      expect(answer.map((message) => message.text)).toEqual([
        'Usage: /export [days], from 1 to 366 days (30 when left out): a spreadsheet (CSV) of the orders first seen in those days, e.g. /export 90',
      ]);
    }
    expect(await ask(h, ADMIN, '/export 1')).toMatchObject([{ text: 'No orders in the last day.' }]);
  });
});
