/**
 * Auto-delivery against what a person does meanwhile, through the real engine and the sandbox over HTTP: a Deliver by
 * hand queued while the bot's Take waits, a Pause while an order is under way, the first start's import. Each ends
 * with every item either in stock or with the one order that got it, never stuck "reserved".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStockQueries, type StockQueries } from '../../src/db/stock.ts';
import type { OrderId, ProductId } from '../../src/seller-api/schemas.ts';
import type { BridgeSyncEngine } from '../../src/sync/engine.ts';
import { createHarness, eventually, type Harness } from './harness.ts';

let h: Harness;
let stock: StockQueries;
let PRODUCT: ProductId;

beforeEach(async () => {
  h = await createHarness();
  stock = createStockQueries(h.db);
  PRODUCT = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
});
afterEach(() => h.close());

const paid = (extra: { createdAt?: string } = {}) =>
  h.sandbox.control.createOrder({ status: 'paid', productId: PRODUCT, quantity: 1, ...extra }).id as OrderId;
const storeOrder = (id: OrderId) => h.sandbox.control.order(id);
const planOf = (id: OrderId) => h.sink.events.find((event) => event.kind === 'orderAppeared' && event.orderId === id);

/** An engine whose first hand-off commit finds the store down: the bot's Take waits in the outbox for a retry. */
function engineWithTakeWaiting(): BridgeSyncEngine {
  let broken = false;
  return h.engine({
    testHooks: {
      beforeCommit: () => {
        if (broken) return;
        broken = true;
        h.sandbox.control.breakApi('http503');
      },
    },
  });
}

async function settle(engine: BridgeSyncEngine, rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await engine.pollNow();
    await new Promise((resolve) => setTimeout(resolve, 60)); // the outbox's retry backoff (10–50 ms)
  }
}

describe('auto-delivery and a person acting meanwhile', () => {
  it("a Deliver by hand queued while the bot's Take waits delivers the person's value, and the items go back to stock", async () => {
    stock.add(PRODUCT, ['K1'], 1);
    const order = paid();
    const engine = engineWithTakeWaiting();
    await engine.pollNow();
    expect(stock.reservation(order)?.state).toBe('reserved');
    expect(storeOrder(order)?.status).toBe('paid');
    // As the Deliver step queues it: one Deliver per order in the outbox, so the bot's own is never queued.
    engine.enqueue({ kind: 'deliver', orderId: order, value: 'BY-HAND-1' });
    h.sandbox.control.heal();
    await settle(engine);
    expect(storeOrder(order)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'BY-HAND-1' });
    expect(stock.reservation(order)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(1);
    const next = paid();
    await settle(engine);
    expect(storeOrder(next)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'K1' });
  });

  it('Pause stops an order whose card is still waiting, and one whose Take is not queued yet: left to a person, items in stock', async () => {
    stock.add(PRODUCT, ['K1', 'K2'], 1);
    // Telegram refuses the card: the items are reserved, nothing is queued at the store.
    const waiting = paid();
    h.sink.refuse = (event) => event.kind === 'orderAppeared';
    const engine = h.engine();
    await engine.pollNow();
    expect(stock.reservation(waiting)?.state).toBe('reserved');
    stock.setPaused(PRODUCT, true, 2);
    h.sink.refuse = undefined;
    await settle(engine, 3);
    expect(planOf(waiting)).toMatchObject({ stock: { kind: 'paused' } });
    expect(storeOrder(waiting)?.status).toBe('paid');
    expect(stock.reservation(waiting)?.state).toBe('released');

    // Paused between the plan and the hand-off's commit (the card is out, the Take would be queued with the commit).
    stock.setPaused(PRODUCT, false, 3);
    const racing = paid();
    const racer = h.engine({ testHooks: { beforeCommit: () => stock.setPaused(PRODUCT, true, 4) } });
    await settle(racer, 3);
    expect(storeOrder(racing)?.status).toBe('paid');
    expect(stock.reservation(racing)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(2);
  });

  it("Pause while the bot's Take waits at the store: the order stays taken for a person, nothing is delivered, items back", async () => {
    stock.add(PRODUCT, ['K1'], 1);
    const order = paid();
    const engine = engineWithTakeWaiting();
    await engine.pollNow();
    stock.setPaused(PRODUCT, true, 2);
    h.sandbox.control.heal();
    await settle(engine);
    expect(storeOrder(order)).toMatchObject({ status: 'processing' });
    expect(storeOrder(order)?.deliveredValue ?? undefined).toBeUndefined();
    expect(stock.reservation(order)?.state).toBe('released');
    expect(stock.inStock(PRODUCT)).toBe(1);
    const delivers = h.db.prepare(`SELECT count(*) AS n FROM outbox WHERE kind = 'deliver'`).get() as { n: number };
    expect(delivers.n).toBe(0);
  });

  it("never auto-delivers the first start's import (orders already in the store), only orders that came after", async () => {
    stock.add(PRODUCT, ['K1', 'K2'], 1);
    const imported = paid({ createdAt: new Date(Date.now() - 3_600_000).toISOString() });
    const engine = h.engine();
    engine.start();
    await eventually(() => expect(planOf(imported)).toBeDefined());
    const fresh = paid();
    await eventually(() => expect(storeOrder(fresh)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'K1' }));
    await engine.stop();
    expect(planOf(imported)).not.toHaveProperty('stock');
    expect(storeOrder(imported)?.status).toBe('paid');
    expect(stock.reservation(imported)).toBeUndefined();
    expect(stock.inStock(PRODUCT)).toBe(1);
  });
});
