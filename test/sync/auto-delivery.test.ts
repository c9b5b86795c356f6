/**
 * Auto-delivery from stock through the real engine and the sandbox over HTTP: the order's items are its issued value,
 * exactly once; every way it can go wrong leaves no item with two orders and no order with two values.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStockQueries, type StockQueries } from '../../src/db/stock.ts';
import type { OrderId, ProductId } from '../../src/seller-api/schemas.ts';
import { createHarness, eventually, type Harness } from './harness.ts';

let h: Harness;
let stock: StockQueries;
/** A product of the sandbox's catalogue that has stock, and one that has none. */
let PRODUCT: ProductId;
let UNSTOCKED: ProductId;

beforeEach(async () => {
  h = await createHarness();
  stock = createStockQueries(h.db);
  const [first, second] = h.sandbox.control.products(h.sandbox.store.storeId);
  PRODUCT = first?.id as ProductId;
  UNSTOCKED = second?.id as ProductId;
});
afterEach(() => h.close());

const paid = (quantity: number | undefined = 1) =>
  h.sandbox.control.createOrder({ status: 'paid', productId: PRODUCT, ...(quantity === undefined ? {} : { quantity }) }).id as OrderId;
const storeOrder = (id: OrderId) => h.sandbox.control.order(id);
const planOf = (id: OrderId) => h.sink.events.find((event) => event.kind === 'orderAppeared' && event.orderId === id);

/** Right after the bot's Take succeeds, the order moves on at the store (the buyer, a person on the website). */
function moveAfterTake(order: OrderId, status: 'cancelled' | 'awaiting_confirmation'): void {
  const settledAction = h.sink.actionSettled.bind(h.sink);
  h.sink.actionSettled = async (outcome) => {
    await settledAction(outcome);
    if (outcome.action.kind === 'take' && outcome.ok === true) h.sandbox.control.setOrderStatus(order, status);
  };
}

async function settle(rounds = 4): Promise<void> {
  const engine = h.engine();
  for (let i = 0; i < rounds; i += 1) await engine.pollNow();
}

describe('auto-delivery from stock', () => {
  it('takes and delivers a new paid order with its own items, one per line, and tells the card', async () => {
    stock.add(PRODUCT, ['KEY-A', 'KEY-B', 'KEY-C'], 1);
    const order = paid(2);
    await settle();
    expect(storeOrder(order)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'KEY-A\nKEY-B' });
    expect(planOf(order)).toMatchObject({ stock: { kind: 'auto', quantity: 2 } });
    expect(stock.reservation(order)).toMatchObject({ state: 'delivered' });
    expect(stock.inStock(PRODUCT)).toBe(1);
    const kinds = h.sink.outcomes.filter((o) => o.ok === true).map((o) => [o.action.kind, 'by' in o.action ? o.action.by : undefined]);
    expect(kinds).toEqual([
      ['take', 'stock'],
      ['deliver', 'stock'],
    ]);
  });

  it('leaves products without stock, paused products and short stock to the seller, saying why', async () => {
    const other = h.sandbox.control.createOrder({ status: 'paid', productId: UNSTOCKED }).id as OrderId;
    stock.add(PRODUCT, ['ONLY-ONE'], 1);
    const short = paid(2);
    await settle(2);
    stock.setPaused(PRODUCT, true, 2);
    const paused = paid(1);
    await settle(2);
    expect(planOf(other)).not.toHaveProperty('stock');
    expect(planOf(short)).toMatchObject({ stock: { kind: 'short', needed: 2, inStock: 1 } });
    expect(planOf(paused)).toMatchObject({ stock: { kind: 'paused' } });
    for (const id of [other, short, paused]) expect(storeOrder(id)?.status).toBe('paid');
    expect(stock.inStock(PRODUCT)).toBe(1);
  });

  it('treats a missing, zero, negative or fractional quantity as not deliverable', async () => {
    stock.add(PRODUCT, ['K1', 'K2', 'K3'], 1);
    const orders = [paid(0), paid(-1), paid(1.5)];
    await settle(2);
    for (const id of orders) {
      expect(planOf(id)).toMatchObject({ stock: { kind: 'bad-quantity' } });
      expect(storeOrder(id)?.status).toBe('paid');
    }
    expect(stock.inStock(PRODUCT)).toBe(3);
  });

  it('gives the items back when the store refuses the take (the buyer cancelled first)', async () => {
    stock.add(PRODUCT, ['K1'], 1);
    const order = paid(1);
    // The buyer cancels while the card is being posted: the Take queued with it reaches a cancelled order.
    const engine = h.engine({ testHooks: { beforeCommit: () => void h.sandbox.control.setOrderStatus(order, 'cancelled') } });
    await engine.pollNow();
    await settle(2);
    expect(storeOrder(order)?.status).toBe('cancelled');
    expect(h.sink.outcomes.map((o) => [o.action.kind, o.ok === false && o.code])).toEqual([['take', 'ORDER_INVALID_STATUS']]);
    expect(stock.reservation(order)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(1);
    const next = paid(1);
    await settle();
    expect(storeOrder(next)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'K1' });
  });

  it('keeps the same items when the card could not be posted, and releases them if the order moved on meanwhile', async () => {
    stock.add(PRODUCT, ['K1', 'K2'], 1);
    const first = paid(1);
    const second = paid(1);
    h.sink.refuse = (event) => event.kind === 'orderAppeared';
    const engine = h.engine({ sinkRetryBaseMs: 0, sinkRetryMaxMs: 0 });
    await engine.pollNow();
    await engine.pollNow();
    expect(stock.reservation(first)?.items.map((i) => i.item)).toEqual(['K1']);
    expect(stock.reservation(second)?.items.map((i) => i.item)).toEqual(['K2']);
    // Nothing was queued while the card was refused: the store still sees both paid.
    expect(storeOrder(first)?.status).toBe('paid');
    h.sandbox.control.setOrderStatus(second, 'cancelled');
    h.sink.refuse = undefined;
    for (let i = 0; i < 4; i += 1) await engine.pollNow();
    expect(storeOrder(first)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'K1' });
    expect(stock.reservation(second)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(1);
  });

  it('gives the items back when the buyer cancels between the Take and the Deliver', async () => {
    stock.add(PRODUCT, ['K1', 'K2'], 1);
    const order = paid(1);
    // The buyer cancels between the bot's Take and its Deliver: the store refuses the Deliver, and the order, read
    // right after, shows it was never delivered.
    moveAfterTake(order, 'cancelled');
    await settle(3);
    expect(h.sink.outcomes.map((o) => [o.action.kind, o.ok === true ? 'ok' : o.code])).toEqual([
      ['take', 'ok'],
      ['deliver', 'ORDER_INVALID_STATUS'],
    ]);
    expect(stock.reservation(order)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(2);
    const next = paid(1);
    await settle();
    expect(storeOrder(next)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'K1' });
  });

  it('holds the items for the order when the refusal does not prove the buyer never got them, until a person releases them', async () => {
    stock.add(PRODUCT, ['K1', 'K2'], 1);
    const order = paid(1);
    // Delivered meanwhile on the website: the store refuses the bot's Deliver, and the order shows a delivery.
    moveAfterTake(order, 'awaiting_confirmation');
    await settle(3);
    expect(h.sink.outcomes.map((o) => [o.action.kind, o.ok === true ? 'ok' : o.code])).toEqual([
      ['take', 'ok'],
      ['deliver', 'ORDER_INVALID_STATUS'],
    ]);
    expect(stock.reservation(order)).toMatchObject({ state: 'failed', items: [{ item: 'K1' }] });
    expect(stock.heldOrders()).toEqual([{ orderId: order, productId: PRODUCT, items: 1, since: expect.any(Number) }]);
    expect(stock.summary()[0]).toMatchObject({ inStock: 1, reserved: 0, held: 1 });
    // Never given to another buyer while held: the next order gets K2.
    const next = paid(1);
    await settle();
    expect(storeOrder(next)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'K2' });
    expect(stock.releaseHeld(order, 9)).toEqual({ ok: true, productId: PRODUCT, released: 1 });
    expect(stock.releaseHeld(order, 9)).toEqual({ ok: false, reason: 'not-held' });
    expect(stock.heldOrders()).toEqual([]);
    expect(stock.inStock(PRODUCT)).toBe(1);
  });

  it('never takes an order whose items would not fit in one issued value: nothing is reserved, a person delivers it', async () => {
    // 300 keys of 40 characters: 12 299 characters joined, more than the bridge sends (and than the sandbox takes).
    const keys = Array.from({ length: 300 }, (_, i) => `BULK-${String(i).padStart(4, '0')}-${'X'.repeat(30)}`);
    stock.add(PRODUCT, keys, 1);
    const bulk = paid(300);
    const small = paid(2);
    await settle();
    expect(planOf(bulk)).toMatchObject({ stock: { kind: 'too-many', quantity: 300 } });
    expect(storeOrder(bulk)?.status).toBe('paid');
    expect(stock.reservation(bulk)).toBeUndefined();
    // The rest of the stock still goes out by itself.
    expect(storeOrder(small)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: `${keys[0]}\n${keys[1]}` });
    expect(stock.inStock(PRODUCT)).toBe(298);
  });

  it('gives the items back when a store with a tighter limit refuses the value (VALIDATION_ERROR)', async () => {
    await h.close();
    h = await createHarness({ sandbox: { maxDeliveredValueChars: 10 } });
    stock = createStockQueries(h.db);
    PRODUCT = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
    stock.add(PRODUCT, ['LONGER-THAN-TEN-1'], 1);
    const order = paid(1);
    await settle(3);
    expect(h.sink.outcomes.map((o) => [o.action.kind, o.ok === true ? 'ok' : o.code])).toEqual([
      ['take', 'ok'],
      ['deliver', 'VALIDATION_ERROR'],
    ]);
    expect(storeOrder(order)?.status).toBe('processing');
    expect(stock.reservation(order)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(1);
  });

  it('announces a low stock and an empty stock once each', async () => {
    const alerts: string[] = [];
    h.sink.stockAlert = async (alert) => {
      alerts.push(`${alert.productId}:${alert.level}:${alert.inStock}`);
    };
    stock.add(PRODUCT, ['K1', 'K2', 'K3', 'K4', 'K5'], 1);
    const engine = h.engine({ autoDelivery: { lowThreshold: 3 } });
    for (let n = 0; n < 6; n += 1) {
      paid(1);
      for (let i = 0; i < 3; i += 1) await engine.pollNow();
    }
    await eventually(() => expect(alerts).toEqual([`${PRODUCT}:low:3`, `${PRODUCT}:empty:0`]));
  });

  it('does nothing with AUTO_DELIVERY off', async () => {
    stock.add(PRODUCT, ['K1'], 1);
    const order = paid(1);
    const engine = h.engine({ autoDelivery: { enabled: false } });
    await engine.pollNow();
    await engine.pollNow();
    expect(planOf(order)).not.toHaveProperty('stock');
    expect(storeOrder(order)?.status).toBe('paid');
    expect(stock.inStock(PRODUCT)).toBe(1);
  });
});
