import { describe, expect, it } from 'vitest';
import { createBuyerSimulator, type BuyerWorld } from '../../src/sandbox/buyers.ts';
import { deriveRandom, exponentialDelayMs, mulberry32 } from '../../src/sandbox/random.ts';
import type { Order } from '../../src/seller-api/schemas.ts';
import { manualClock, useSandbox } from './helpers.ts';

const start = useSandbox();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A world that records what buyers do, with orders staying open. */
function recordingWorld() {
  const events: string[] = [];
  const open: string[] = [];
  const world: BuyerWorld = {
    productIds: () => ['p1', 'p2', 'p3'],
    createPaidOrder(productId, random) {
      const id = `o${open.length + 1}`;
      open.push(id);
      events.push(`order ${id} ${productId} ${random().toFixed(6)}`);
    },
    openOrders: () => open.map((id) => ({ id, status: 'paid' })),
    postBuyerMessage: (orderId, text) => events.push(`message ${orderId} ${text}`),
    confirmReceipt: (orderId) => events.push(`confirm ${orderId}`),
  };
  return { world, events };
}

function simulate(seed: number, minutes: number) {
  const { world, events } = recordingWorld();
  const simulator = createBuyerSimulator({ seed, ordersPerMinute: 30, messagesPerMinute: 60, confirmationsPerMinute: 10 }, world, 0);
  simulator.awaitingConfirmation('o-delivered', 0);
  // Uneven steps, as real timers would fire: the sequence must not depend on them.
  let at = 0;
  const step = mulberry32(seed + 1000);
  while (at < minutes * 60_000) {
    at += 1 + Math.floor(step() * 5000);
    simulator.runDue(at);
  }
  return events;
}

type Started = Awaited<ReturnType<typeof start>>;

/** Every paid order, oldest first, with what was ordered and what its buyer wrote (ids differ per sandbox). */
async function history({ api, control, sandbox }: Started) {
  const productIndex = new Map(control.products(sandbox.store.storeId).map((product, index) => [product.id as string, index]));
  const orders: Order[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await api('GET', `/orders?limit=100&page=${page}`);
    orders.push(...reply.json.data.orders);
    if (reply.json.data.orders.length === 0 || orders.length >= reply.json.data.total) break;
  }
  return orders.reverse().map((order) => ({
    product: productIndex.get(order.productId ?? ''),
    quantity: order.quantity,
    amount: order.amount,
    fields: order.fieldValues,
    texts: control.messages(order.id).map((message) => message.text),
  }));
}

describe('random helpers', () => {
  it('mulberry32 is deterministic per seed and uniform enough', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(draws);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(deriveRandom(42, 'orders')()).not.toBe(deriveRandom(42, 'messages')());
  });

  it('exponential gaps average 60000 / rate ms', () => {
    const random = mulberry32(7);
    const gaps = Array.from({ length: 20_000 }, () => exponentialDelayMs(random, 10));
    const mean = gaps.reduce((sum, x) => sum + x, 0) / gaps.length;
    expect(mean).toBeGreaterThan(5_700);
    expect(mean).toBeLessThan(6_300);
  });
});

describe('simulated buyers', () => {
  it('the same seed gives the same sequence, whatever the timer steps', () => {
    const first = simulate(1234, 10);
    expect(first.length).toBeGreaterThan(500);
    expect(simulate(1234, 10)).toEqual(first);
    expect(simulate(1235, 10)).not.toEqual(first);
    // About the asked rates: 30 orders and 60 messages a minute for 10 minutes.
    const orders = first.filter((event) => event.startsWith('order')).length;
    const messages = first.filter((event) => event.startsWith('message')).length;
    expect(orders).toBeGreaterThan(200);
    expect(orders).toBeLessThan(400);
    expect(messages).toBeGreaterThan(450);
    expect(messages).toBeLessThan(750);
    expect(first).toContain('confirm o-delivered');
  });

  it('a buyer writes what fits the order: questions before delivery, thanks or a complaint only after', () => {
    const posted: { orderId: string; text: string }[] = [];
    const world: BuyerWorld = {
      productIds: () => [],
      createPaidOrder: () => undefined,
      openOrders: () => [
        { id: 'paid', status: 'paid' },
        { id: 'taken', status: 'processing' },
        { id: 'delivered', status: 'awaiting_confirmation' },
      ],
      postBuyerMessage: (orderId, text) => void posted.push({ orderId, text }),
      confirmReceipt: () => undefined,
    };
    const simulator = createBuyerSimulator({ seed: 8, ordersPerMinute: 0, messagesPerMinute: 600, confirmationsPerMinute: 0 }, world, 0);
    simulator.runDue(10 * 60_000);
    const textsOf = (orderId: string) => new Set(posted.filter((message) => message.orderId === orderId).map((message) => message.text));
    const before = new Set([...textsOf('paid'), ...textsOf('taken')]);
    const after = textsOf('delivered');
    expect(before.size).toBeGreaterThan(3);
    expect(after.size).toBeGreaterThan(2);
    expect([...before].filter((text) => after.has(text))).toEqual([]);
    expect([...before].filter((text) => /works|thank/i.test(text))).toEqual([]);
    expect([...after].some((text) => /works/i.test(text))).toBe(true);
  });

  it('a disabled stream does nothing and reports nothing due', () => {
    const { world, events } = recordingWorld();
    const simulator = createBuyerSimulator({ seed: 1, ordersPerMinute: 0, messagesPerMinute: 0, confirmationsPerMinute: 0 }, world, 0);
    simulator.awaitingConfirmation('o1', 0);
    expect(simulator.nextDueAt()).toBeUndefined();
    expect(simulator.runDue(3_600_000)).toBe(0);
    expect(events).toEqual([]);
  });

  it('drives a real sandbox: same seed, same orders, fields and buyer texts', async () => {
    const buyers = { seed: 99, ordersPerMinute: 3000, messagesPerMinute: 6000, confirmationsPerMinute: 0 };
    const one = await start({ buyers });
    const two = await start({ buyers });
    await pause(250);
    const [a, b] = await Promise.all([history(one), history(two)]);
    const n = Math.min(a.length, b.length);
    expect(n).toBeGreaterThan(3);
    const ordered = (list: typeof a) => list.slice(0, n).map(({ texts: _texts, ...order }) => order);
    expect(ordered(a)).toEqual(ordered(b));
    // One sandbox may have run a little longer: each chat of one is a prefix of the other's.
    for (let i = 0; i < n; i += 1) {
      const [shorter, longer] = [a[i]?.texts ?? [], b[i]?.texts ?? []].sort((x, y) => x.length - y.length);
      expect(longer?.slice(0, shorter?.length)).toEqual(shorter);
    }
    expect(a.some((order) => order.texts.length > 0)).toBe(true);
    // Realistic field values: emails and account ids.
    expect(JSON.stringify(a)).toMatch(/@example\.com|ACC-\d{6}/);
  });

  it('buyers write on open orders and confirm delivered ones; nothing happens after close()', async () => {
    const clock = manualClock();
    const { sandbox, control, api } = await start({
      now: clock.now,
      buyers: { seed: 5, ordersPerMinute: 60, messagesPerMinute: 600, confirmationsPerMinute: 60 },
    });
    // Let simulated time pass in big steps; the driver's timers pick it up.
    for (let i = 0; i < 20 && (await api('GET', '/orders')).json.data.total < 3; i += 1) {
      clock.advance(60_000);
      await pause(10);
    }
    const paid = (await api('GET', '/orders')).json.data.orders as Order[];
    expect(paid.length).toBeGreaterThanOrEqual(3);
    const target = paid[0]!;
    await api('POST', `/orders/${target.id}/take`);
    await api('POST', `/orders/${target.id}/deliver`, { body: { deliveredValue: 'KEY' } });
    for (let i = 0; i < 50 && control.order(target.id)?.status !== 'completed'; i += 1) {
      clock.advance(30_000);
      await pause(5);
    }
    expect(control.order(target.id)?.status).toBe('completed');

    const messages = paid.flatMap((order) => control.messages(order.id));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((message) => message.senderRole === 'buyer')).toBe(true);

    // Open orders keep drawing buyer messages (600 a minute) for as long as the buyers run.
    const chatSizes = () => paid.map((order) => control.messages(order.id).length);
    await sandbox.close();
    const atClose = chatSizes();
    clock.advance(3_600_000);
    await pause(150);
    expect(chatSizes()).toEqual(atClose);
  });
});
