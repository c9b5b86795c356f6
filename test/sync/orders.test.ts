/**
 * Order watching against the sandbox store: new paid orders across pages (also while pages shift under the
 * reader), and status changes made outside the bridge, each reported exactly once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SellerApi } from '../../src/seller-api/api.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const createPaid = (count: number): string[] => Array.from({ length: count }, () => h.sandbox.control.createOrder({ status: 'paid' }).id);

describe('new orders', () => {
  it('reports 23 paid orders read 5 per page once each, the card linked to its order', async () => {
    const ids = createPaid(23);
    const engine = h.engine({ ordersPageSize: 5 });

    await engine.pollNow();
    await engine.pollNow();

    expect(h.sink.appeared().sort()).toEqual([...ids].sort());
    expect(h.sandbox.control.stats().byRoute['GET /orders']).toBeGreaterThanOrEqual(5 * 2);
    const first = h.sink.events.find((event) => event.kind === 'orderAppeared');
    if (first?.kind !== 'orderAppeared') throw new Error('no order appeared');
    expect(engine.orderForTelegramMessage(first.card)).toBe(first.orderId);
    expect(engine.findOrder(first.orderId as OrderId)?.telegram[0]).toEqual(first.card);
    expect(engine.status().knownOpenOrders).toBe(23);
  });

  it('reports orders created while the pages are being read, and pages that shift, once each', async () => {
    const before = createPaid(12);
    const during: string[] = [];
    // The store gains orders between page reads: the newest-first list shifts everything one place down.
    const shifting: SellerApi = {
      ...h.api,
      listOrders: async (query) => {
        if ((query?.page ?? 1) === 2 && during.length < 6) during.push(...createPaid(3));
        return h.api.listOrders(query);
      },
    };
    const engine = h.engine({ api: shifting, ordersPageSize: 5 });

    await engine.pollNow();
    const afterFirst = new Set(h.sink.appeared());
    await engine.pollNow();
    await engine.pollNow();
    const between = createPaid(2);
    await engine.pollNow();
    await engine.pollNow();

    const all = [...before, ...during, ...between];
    expect(during.length).toBeGreaterThan(0);
    // Every order of the first read that existed before it began was seen in that read.
    expect(before.every((id) => afterFirst.has(id))).toBe(true);
    expect(h.sink.appeared().sort()).toEqual([...all].sort());
    expect(new Set(h.sink.appeared()).size).toBe(h.sink.appeared().length);
  });

  it('offers an order the sink refused again, and then only once', async () => {
    const [id] = createPaid(1);
    const engine = h.engine();
    h.sink.refuse = (event) => event.kind === 'orderAppeared';
    await engine.pollNow();
    expect(h.sink.appeared()).toEqual([]);
    expect(engine.findOrder(id as OrderId)).toBeUndefined();

    h.sink.refuse = undefined;
    await engine.pollNow();
    await engine.pollNow();
    expect(h.sink.appeared()).toEqual([id]);
  });
});

describe('status changes made outside the bridge', () => {
  it('reports each change once with the status it had before, unknown statuses included', async () => {
    const [a, b, c] = createPaid(3) as [string, string, string];
    const engine = h.engine();
    await engine.pollNow();

    const { control } = h.sandbox;
    control.setOrderStatus(a, 'processing');
    control.setOrderStatus(b, 'cancelled');
    await engine.pollNow();
    control.setOrderStatus(a, 'awaiting_confirmation');
    control.setOrderStatus(c, 'disputed');
    await engine.pollNow();
    control.confirmReceipt(a);
    await engine.pollNow();
    await engine.pollNow();
    await engine.pollNow();

    const changes = h.sink.changes().map(({ orderId, previousStatus, status }) => ({ orderId, previousStatus, status }));
    expect(changes).toEqual([
      { orderId: a, previousStatus: 'paid', status: 'processing' },
      { orderId: b, previousStatus: 'paid', status: 'cancelled' },
      { orderId: a, previousStatus: 'processing', status: 'awaiting_confirmation' },
      { orderId: c, previousStatus: 'paid', status: 'disputed' },
      { orderId: a, previousStatus: 'awaiting_confirmation', status: 'completed' },
    ]);
    expect(engine.lastSeenOrder(c as OrderId)?.status).toBe('disputed');
    // Closed orders leave order watching; their chats are still watched for a while.
    expect(engine.openOrders()).toEqual([]);
    expect(engine.status().knownOpenOrders).toBe(0);
    expect(engine.status().watchedChats.hot + engine.status().watchedChats.quiet).toBe(3);
  });

  it('reads the other status lists only every few cycles unless a paid order left its list', async () => {
    const [a] = createPaid(1) as [string];
    const engine = h.engine({ statusListsEvery: 1_000 });
    await engine.pollNow(); // first cycle: paid + both other lists (adoption)
    h.sandbox.control.resetStats();
    await engine.pollNow();
    await engine.pollNow();
    // Nothing moved: one paid list per cycle, one chat read per cycle.
    expect(h.sandbox.control.stats().byRoute['GET /orders']).toBe(2);

    h.sandbox.control.setOrderStatus(a, 'processing');
    h.sandbox.control.resetStats();
    await engine.pollNow();
    expect(h.sink.changes(a)).toHaveLength(1);
    // paid (a is gone) → processing and awaiting_confirmation lists; a is found there, no single read.
    expect(h.sandbox.control.stats().byRoute['GET /orders']).toBe(3);
    expect(h.sandbox.control.stats().byRoute['GET /orders/{id}'] ?? 0).toBe(0);
  });

  it('reads a known open order alone when it left every list, and reports its change', async () => {
    const [a] = createPaid(1) as [string];
    const engine = h.engine();
    await engine.pollNow();
    h.sandbox.control.setOrderStatus(a, 'refunded');
    h.sandbox.control.resetStats();
    await engine.pollNow();
    expect(h.sink.changes(a)).toEqual([{ kind: 'orderChanged', orderId: a, previousStatus: 'paid', status: 'refunded' }]);
    expect(h.sandbox.control.stats().byRoute['GET /orders/{id}']).toBe(1);
  });

  it('adopts an order taken on the website between two polls, and relays its chat', async () => {
    const engine = h.engine({ statusListsEvery: 3 });
    await engine.pollNow();
    const taken = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.setOrderStatus(taken, 'processing');
    h.sandbox.control.postBuyerMessage(taken, 'did you get my order?');
    for (let n = 0; n < 3; n++) await engine.pollNow();
    expect(h.sink.appeared()).toEqual([taken]);
    expect(h.sink.messages(taken).map((message) => message.text)).toEqual(['did you get my order?']);
  });

  it('adopts an open order first seen in processing (taken on the website before the bridge saw it)', async () => {
    const taken = h.sandbox.control.createOrder({ status: 'processing' });
    const engine = h.engine();
    await engine.pollNow();
    expect(h.sink.events).toContainEqual(expect.objectContaining({ kind: 'orderAppeared', orderId: taken.id, status: 'processing' }));
    expect(engine.openOrders('processing').map((order) => order.id)).toEqual([taken.id]);
  });
});
