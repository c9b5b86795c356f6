/**
 * stop() with a slow sink (Telegram paced at 20 messages a minute): the cycle in progress ends after the event
 * in hand, everything not handed off stays uncommitted, and a restarted engine delivers it — nothing lost,
 * nothing doubled. A sink that hangs does not hold stop() past the grace period.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message, Order, OrderId, OrderStatus } from '../../src/seller-api/schemas.ts';
import type { CatchUpSummary, MessageTiming, OrderSummary, SyncSink } from '../../src/sync/contract.ts';
import { createHarness, pause, eventually, type Harness } from './harness.ts';
import type { ActionOutcome } from '../../src/core/actions.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

/** The harness's recording sink, each event taking `delayMs(n)` before it is recorded (n counts from 1). */
function slowSink(inner: SyncSink, delayMs: (n: number) => number): SyncSink {
  let n = 0;
  const slow = async <T>(record: () => Promise<T>): Promise<T> => {
    await pause(delayMs(++n));
    return record();
  };
  return {
    orderAppeared: (order: Order) => slow(() => inner.orderAppeared(order)),
    orderChanged: (order: Order, previous: OrderStatus) => slow(() => inner.orderChanged(order, previous)),
    messageArrived: (order: OrderSummary, message: Message, timing: MessageTiming) =>
      slow(() => inner.messageArrived(order, message, timing)),
    actionSettled: (outcome: ActionOutcome) => inner.actionSettled(outcome),
    catchUp: (summary: CatchUpSummary) => inner.catchUp?.(summary) ?? Promise.resolve(),
  };
}

const paidOrders = (count: number) => Array.from({ length: count }, () => h.sandbox.control.createOrder({ status: 'paid' }).id);
const counts = (ids: string[]) => ids.reduce((map, id) => map.set(id, (map.get(id) ?? 0) + 1), new Map<string, number>());

describe.each([
  ['in the catch-up cycle of a run', true],
  ['in a later cycle', false],
] as const)('stop() while 30 new orders are being announced %s', (_, inFirstCycle) => {
  it('returns after the card in hand, and a restart announces the rest once each', async () => {
    // A long grace period: stop() must be quick because it stops between cards, not because it gives up.
    const engine = h.engine({ sink: slowSink(h.sink, () => 200), pollIntervalMs: 30, stopGraceMs: 2_000 });
    let orders: string[] = [];
    if (inFirstCycle) orders = paidOrders(30);
    engine.start();
    if (!inFirstCycle) {
      await engine.sinceLastRun();
      orders = paidOrders(30);
    }
    await eventually(() => expect(h.sink.appeared()).toHaveLength(1), 5_000, 2);

    const asked = Date.now();
    await engine.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
    // The card that was being posted when stop() came was allowed to finish; none after it was started.
    const beforeRestart = h.sink.appeared();
    expect(beforeRestart.length).toBeGreaterThanOrEqual(1);
    expect(beforeRestart.length).toBeLessThanOrEqual(2);
    await pause(300);
    expect(h.sink.appeared()).toEqual(beforeRestart);

    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    const announced = counts(h.sink.appeared());
    expect([...announced.keys()].sort()).toEqual([...orders].sort());
    expect([...announced.values()].every((times) => times === 1)).toBe(true);
  }, 15_000);
});

it('stops between the messages of a chat and relays the rest once after a restart', async () => {
  const order = paidOrders(1)[0] as string;
  await h.engine().pollNow();
  const texts = Array.from({ length: 30 }, (_, n) => `m${n}`);
  for (const text of texts) h.sandbox.control.postBuyerMessage(order, text);

  const { engine } = h.restart({ sink: slowSink(h.sink, () => 200), stopGraceMs: 2_000 });
  engine.start();
  await eventually(() => expect(h.sink.messages()).toHaveLength(1), 5_000, 2);
  const asked = Date.now();
  await engine.stop();
  expect(Date.now() - asked).toBeLessThan(1_000);
  expect(h.sink.messages().length).toBeLessThanOrEqual(2);

  const { engine: restarted } = h.restart();
  await restarted.pollNow();
  expect(h.sink.messages().map((message) => message.text)).toEqual(texts);
}, 15_000);

it('does not wait for a hanging sink past the grace period; the abandoned card is offered again, nothing else twice', async () => {
  const orders = paidOrders(3);
  // The second card hangs for 1.5 s: far past the 150 ms grace period.
  const engine = h.engine({ sink: slowSink(h.sink, (n) => (n === 2 ? 1_500 : 0)), stopGraceMs: 150 });
  engine.start();
  await eventually(() => expect(h.sink.appeared()).toHaveLength(1), 5_000, 2);
  await pause(20);

  const asked = Date.now();
  await engine.stop();
  expect(Date.now() - asked).toBeLessThan(600);
  expect(h.sink.appeared()).toHaveLength(1);
  // The hanging call answers after stop() returned: sync writes nothing more (the app has closed the database).
  h.db.close();
  await eventually(() => expect(h.sink.appeared()).toHaveLength(2), 3_000);
  const abandoned = h.sink.appeared()[1] as string;

  const { engine: restarted } = h.restart();
  expect(restarted.findOrder(abandoned as OrderId)).toBeUndefined();
  await restarted.pollNow();
  const announced = counts(h.sink.appeared());
  expect([...announced.keys()].sort()).toEqual([...orders].sort());
  for (const id of orders) expect(announced.get(id)).toBe(id === abandoned ? 2 : 1);
}, 15_000);

it('after giving up on a hanging sink, the same engine polls on demand again and the late answer commits nothing', async () => {
  const orders = paidOrders(2);
  let sinkCalled = false;
  const engine = h.engine({
    sink: slowSink(h.sink, (n) => (n === 1 ? 600 : 0)),
    stopGraceMs: 100,
    testHooks: {
      beforeSink: () => {
        sinkCalled = true;
      },
    },
  });
  engine.start();
  await eventually(() => expect(sinkCalled).toBe(true), 5_000, 2);
  const asked = Date.now();
  await engine.stop();
  expect(Date.now() - asked).toBeLessThan(500);
  expect(h.sink.appeared()).toEqual([]);

  await engine.pollNow();
  const cards = h.sink.events.flatMap((event) => (event.kind === 'orderAppeared' ? [event] : []));
  // The late answer was recorded by the sink, but only the card posted again was linked to its order.
  expect(counts(cards.map((card) => card.orderId))).toEqual(counts([orders[0], orders[0], orders[1]] as string[]));
  const reposted = cards.filter((card) => card.orderId === cards[0]?.orderId).at(-1);
  expect(engine.findOrder(cards[0]?.orderId as OrderId)?.telegram).toEqual([reposted?.card]);
}, 15_000);
