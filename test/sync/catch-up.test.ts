/**
 * The catch-up cycle of a run reads everything first, tells the sink what came in while the bridge was away
 * (`catchUp`), and only then hands off the cards and messages — for the same requests as any first cycle, and
 * with the same exactly-once commits (a crash in the middle repeats at most the event in the crash window).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import type { SyncEvent } from '../../src/sync/hand-off/hand-off.ts';
import { createHarness, pause, eventually, type Harness, type RecordedEvent } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const label = (event: RecordedEvent) =>
  event.kind === 'catchUp'
    ? `catchUp ${event.newOrders} orders ${event.messages} messages`
    : event.kind === 'messageArrived'
      ? `message ${event.text}`
      : `${event.kind} ${event.orderId}`;

/** A first run that knows one order and has read its chat, then stops. */
async function firstRun(): Promise<{ known: OrderId; stoppedAt: number }> {
  const known = h.sandbox.control.createOrder({ status: 'paid' }).id as OrderId;
  const engine = h.engine({ pollIntervalMs: 5_000 });
  engine.start();
  await engine.sinceLastRun();
  await engine.stop();
  return { known, stoppedAt: Date.now() };
}

describe('after a downtime', () => {
  it('tells the sink what came in before it hands off any card or message', async () => {
    const { known, stoppedAt } = await firstRun();
    h.sink.events.length = 0;
    const a = h.sandbox.control.createOrder({ status: 'paid' }).id;
    const b = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.postBuyerMessage(known, 'are you there?');
    await pause(5);
    h.sandbox.control.resetStats();

    const { engine } = h.restart({ pollIntervalMs: 5_000 });
    engine.start();
    await engine.sinceLastRun();

    expect(h.sink.events.map(label)).toEqual([
      'catchUp 2 orders 1 messages',
      `orderAppeared ${a}`,
      `orderAppeared ${b}`,
      'message are you there?',
    ]);
    const summary = h.sink.events[0] as Extract<RecordedEvent, { kind: 'catchUp' }>;
    expect(summary.lastRunEndedAt).toBeGreaterThanOrEqual(stoppedAt - 50);
    expect(summary.lastRunEndedAt).toBeLessThanOrEqual(stoppedAt);
    // One read of each open list and one of each chat (the known order's and both new ones'): nothing read twice.
    const stats = h.sandbox.control.stats();
    expect(stats.byRoute['GET /orders']).toBe(3);
    expect(stats.byRoute['GET /orders/{id}/messages']).toBe(3);
    // The old sinceLastRun() still counts the same.
    expect(await engine.sinceLastRun()).toMatchObject({ newOrders: 2, messages: 1 });
  });

  it('counts messages on the new orders too, and later events are live, not caught up', async () => {
    await firstRun();
    h.sink.events.length = 0;
    const a = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.postBuyerMessage(a, 'hi');
    h.sandbox.control.postBuyerMessage(a, 'hello?');
    await pause(5);

    const { engine } = h.restart({ pollIntervalMs: 20 });
    engine.start();
    await engine.sinceLastRun();
    expect(h.sink.events.map(label)).toEqual(['catchUp 1 orders 2 messages', `orderAppeared ${a}`, 'message hi', 'message hello?']);

    h.sandbox.control.postBuyerMessage(a, 'now live');
    h.sandbox.control.createOrder({ status: 'paid' });
    await eventually(() => expect(h.sink.messages().map((message) => message.text)).toContain('now live'));
    await eventually(() => expect(h.sink.appeared()).toHaveLength(2));
    expect(h.sink.events.filter((event) => event.kind === 'catchUp')).toHaveLength(1);
  });

  it('says nothing when nothing came in', async () => {
    await firstRun();
    h.sink.events.length = 0;
    const { engine } = h.restart({ pollIntervalMs: 20 });
    engine.start();
    await engine.sinceLastRun();
    h.sandbox.control.createOrder({ status: 'paid' });
    await eventually(() => expect(h.sink.appeared()).toHaveLength(1));
    expect(h.sink.events.map((event) => event.kind)).toEqual(['orderAppeared']);
  });

  it('waits for the store: the first cycle that reads it catches up', async () => {
    const { known } = await firstRun();
    h.sink.events.length = 0;
    h.sandbox.control.postBuyerMessage(known, 'while away');
    // Taken on the store website while away: adopted from the processing list, which catching up always reads.
    const taken = h.sandbox.control.createOrder({ status: 'processing' }).id;
    h.sandbox.control.breakApi('http503');
    const { engine } = h.restart({ pollIntervalMs: 20 });
    engine.start();
    await eventually(() => expect(engine.status().errorsInARow).toBeGreaterThan(0));
    h.sandbox.control.heal();
    await eventually(() =>
      expect(h.sink.events.map(label)).toEqual(['catchUp 1 orders 1 messages', `orderAppeared ${taken}`, 'message while away']),
    );
  });
});

describe('not after a first run', () => {
  it('hands off without a summary, in the same order', async () => {
    const a = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.postBuyerMessage(a, 'hello');
    const engine = h.engine({ pollIntervalMs: 5_000 });
    engine.start();
    await engine.sinceLastRun();
    expect(h.sink.events.map(label)).toEqual([`orderAppeared ${a}`, 'message hello']);
  });
});

describe("a first start's chat history", () => {
  it('is handed off as history; what is written after the start is live, also after a restart', async () => {
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const open = h.sandbox.control.createOrder({ status: 'processing', createdAt: past(60) }).id;
    h.sandbox.control.postBuyerMessage(open, 'old question', { createdAt: past(50) });
    h.sandbox.control.postBuyerMessage(open, 'old thanks', { createdAt: past(40) });
    // Found only after a restart (taken back on the store website), and still written before the first start.
    const later = h.sandbox.control.createOrder({ status: 'completed', createdAt: past(30) }).id;
    h.sandbox.control.postBuyerMessage(later, 'older still', { createdAt: past(20) });
    const timings = () => h.sink.messages().map((message) => `${message.text}: ${message.timing}`);

    const engine = h.engine({ pollIntervalMs: 20 });
    engine.start();
    await engine.sinceLastRun();
    h.sandbox.control.postBuyerMessage(open, 'written after the start');
    await eventually(() => expect(timings()).toHaveLength(3));
    await engine.stop();

    h.sandbox.control.setOrderStatus(later, 'processing');
    h.sandbox.control.postBuyerMessage(open, 'after the restart');
    const { engine: restarted } = h.restart({ pollIntervalMs: 20 });
    restarted.start();
    await eventually(() => expect(timings()).toHaveLength(5));
    await restarted.stop();
    expect(timings().slice(0, 3)).toEqual(['old question: history', 'old thanks: history', 'written after the start: live']);
    // Two chats of one catch-up cycle: in either order.
    expect(timings().slice(3).sort()).toEqual(['after the restart: live', 'older still: history']);
  });
});

describe('a crash in the middle of catching up', () => {
  it('repeats only the event in the crash window, and the restart summarises what is left', async () => {
    const { known } = await firstRun();
    h.sink.events.length = 0;
    const [a, b, c] = [1, 2, 3].map(() => h.sandbox.control.createOrder({ status: 'paid' }).id);
    h.sandbox.control.postBuyerMessage(known, 'm1');
    await pause(5);

    // The process dies after the sink posted b's card and before sync committed it.
    const crashed = h.restart({
      pollIntervalMs: 5_000,
      testHooks: {
        beforeCommit(event: SyncEvent) {
          if (event.kind === 'orderAppeared' && event.order.id === b) {
            crashed.db.close();
            throw new Error('simulated crash');
          }
        },
      },
    });
    crashed.engine.start();
    await eventually(() => expect(h.sink.appeared()).toEqual([a, b]));
    await crashed.engine.stop().catch(() => undefined);

    const { engine } = h.restart({ pollIntervalMs: 5_000 });
    engine.start();
    await engine.sinceLastRun();
    expect(h.sink.events.map(label)).toEqual([
      'catchUp 3 orders 1 messages',
      `orderAppeared ${a}`,
      `orderAppeared ${b}`,
      // restarted: b was in the crash window, c and m1 were never handed off
      'catchUp 2 orders 1 messages',
      `orderAppeared ${b}`,
      `orderAppeared ${c}`,
      'message m1',
    ]);
  });
});
