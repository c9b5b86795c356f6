/**
 * Lifecycle: start is idempotent, stop ends every loop and leaves the database consistent even with a request
 * hanging, status reports what the bot shows, and a restart knows what came in while the bridge was away.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, eventually, pause, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe('start and stop', () => {
  it('runs one set of loops however often start is called, and stop ends them', async () => {
    h.sandbox.control.createOrder({ status: 'paid' });
    const engine = h.engine({ pollIntervalMs: 20 });
    engine.start();
    engine.start();
    await eventually(() => expect(h.sink.appeared()).toHaveLength(1));
    expect(engine.status().running).toBe(true);
    await Promise.all([engine.stop(), engine.stop()]);
    expect(engine.status().running).toBe(false);

    const requests = h.sandbox.control.stats().total;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.sandbox.control.stats().total).toBe(requests);
    expect(h.sink.appeared()).toHaveLength(1);
  });

  it('stops within the grace period while a request hangs, and a restart picks up where it left', async () => {
    // A client that would wait 5 s for an answer: only the grace period can end the hanging request.
    const patient = h.client({ timeouts: { headersMs: 5_000, bodyMs: 5_000 } });
    const engine = h.engine({ api: patient, pollIntervalMs: 20, stopGraceMs: 150 });
    engine.start();
    await eventually(() => expect(engine.status().lastSuccessfulPollAt).toBeDefined());
    h.sandbox.control.breakApi('hang');
    await new Promise((resolve) => setTimeout(resolve, 60));
    const stopAsked = Date.now();
    await engine.stop();
    expect(Date.now() - stopAsked).toBeLessThan(1_000);

    h.sandbox.control.heal();
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    expect(h.sink.appeared()).toEqual([order]);
  });
});

describe('status', () => {
  it('reports polls, open orders, hot chats, the outbox and requests sent', async () => {
    const engine = h.engine();
    expect(engine.status()).toMatchObject({
      running: false,
      lastSuccessfulPollAt: undefined,
      errorsInARow: 0,
      outboxDepth: 0,
      knownOpenOrders: 0,
      watchedChats: { hot: 0, quiet: 0 },
      requestsSent: 0,
    });
    h.sandbox.control.createOrder({ status: 'paid' });
    h.sandbox.control.createOrder({ status: 'paid' });
    await engine.pollNow();
    const status = engine.status();
    expect(status.lastSuccessfulPollAt).toBeGreaterThan(0);
    expect(status.knownOpenOrders).toBe(2);
    expect(status.watchedChats).toEqual({ hot: 2, quiet: 0 });
    expect(status.requestsSent).toBe(h.sandbox.control.stats().total);

    h.sandbox.control.breakApi('http503');
    await engine.pollNow();
    expect(engine.status()).toMatchObject({ errorsInARow: 1, lastError: { code: 'TRANSPORT' } });
  });

  it('lets quiet chats back off and counts them as quiet', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    const engine = h.engine({ hotWindowMs: 0, eventWarmMs: 0, activityHotMs: 0, pollIntervalMs: 20, quietCeiling: 8 });
    await engine.pollNow();
    expect(engine.status().watchedChats).toEqual({ hot: 0, quiet: 1 });
    h.sandbox.control.resetStats();
    for (let n = 0; n < 12; n++) {
      await engine.pollNow();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // 12 cycles ~ 12 intervals: a quiet chat backing off 2, 4, 8 intervals is read about 3 times, not 12.
    const chatReads = h.sandbox.control.stats().byRoute['GET /orders/{id}/messages'] ?? 0;
    expect(chatReads).toBeGreaterThan(0);
    expect(chatReads).toBeLessThanOrEqual(5);

    // A buyer message waits at most the ceiling; then the chat is hot again (activity within the window).
    h.sandbox.control.postBuyerMessage(order, 'still there?');
    for (let n = 0; n < 12 && h.sink.messages().length === 0; n++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await engine.pollNow();
    }
    expect(h.sink.messages().map((message) => message.text)).toEqual(['still there?']);
  });
});

describe('since the last run', () => {
  it('counts the orders and messages that came in while the bridge was away', async () => {
    // A long interval: at the restart no chat is due yet; the first cycle of a run catches up on all of them.
    const first = h.engine({ pollIntervalMs: 5_000 });
    const known = h.sandbox.control.createOrder({ status: 'paid' }).id;
    first.start();
    await first.sinceLastRun(); // its first cycle is over: the chat of `known` was read, next read in 5 s
    expect(h.sink.appeared()).toEqual([known]);
    await first.stop();
    const stoppedAt = Date.now();

    // While away: two new orders, three messages.
    const a = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.createOrder({ status: 'paid' });
    h.sandbox.control.postBuyerMessage(known, 'are you there?');
    h.sandbox.control.postBuyerMessage(a, 'hi');
    h.sandbox.control.postBuyerMessage(a, 'hello?');
    await new Promise((resolve) => setTimeout(resolve, 5));

    const { engine: second } = h.restart({ pollIntervalMs: 5_000 });
    second.start();
    const summary = await second.sinceLastRun();
    expect(summary.newOrders).toBe(2);
    expect(summary.messages).toBe(3);
    expect(summary.lastRunEndedAt).toBeGreaterThanOrEqual(stoppedAt - 50);
    expect(summary.lastRunEndedAt).toBeLessThanOrEqual(stoppedAt);

    // What arrives during this run is live, not "while you were away".
    h.sandbox.control.postBuyerMessage(known, 'now live');
    await second.pollNow();
    expect(h.sink.messages().map((message) => message.text)).toContain('now live');
    expect((await second.sinceLastRun()).messages).toBe(3);
  });

  it('has nothing to say on a first run', async () => {
    const engine = h.engine();
    engine.start();
    expect(await engine.sinceLastRun()).toEqual({ lastRunEndedAt: undefined, newOrders: 0, messages: 0 });
  });
});

describe('odd clocks and intervals', () => {
  it('works with a decimal poll interval and a fractional clock (schedules are whole milliseconds)', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.postBuyerMessage(order, 'hello');
    const engine = h.engine({ pollIntervalMs: 33.333, now: () => Date.now() + 0.25, actionBackoffBaseMs: 12.5 });
    await engine.pollNow();
    engine.enqueue({ kind: 'take', orderId: order as never });
    await engine.pollNow();
    expect(h.sink.messages().map((message) => message.text)).toEqual(['hello']);
    expect(h.sandbox.control.order(order)?.status).toBe('processing');
    expect(engine.status().lastError).toBeUndefined();
  });
});

describe('chat schedule', () => {
  const chatWithMessage = () => {
    const id = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.postBuyerMessage(id, 'hi');
    return id;
  };

  it("schedules each chat an interval after its own read, not after its cycle's start", async () => {
    const orders = [chatWithMessage(), chatWithMessage(), chatWithMessage()];
    let clock = Date.now();
    // Each chat read takes a second on the engine's clock, as reads paced through a short budget do.
    const slowReads = {
      ...h.api,
      listMessages: async (...args: Parameters<typeof h.api.listMessages>) => {
        const page = await h.api.listMessages(...args);
        clock += 1_000;
        return page;
      },
    };
    const engine = h.engine({ api: slowReads, now: () => clock, pollIntervalMs: 10_000, pollNowLookaheadMs: 0 });
    const cycleStart = clock;
    await engine.pollNow();

    const rows = h.db.prepare('SELECT order_id, next_read_at FROM chat_cursors').all() as { order_id: string; next_read_at: number }[];
    expect(rows.map((row) => row.order_id).sort()).toEqual([...orders].sort());
    // Read (answered) at +1, +2 and +3 s: due 10 s after each, so the next cycle reads them in the same order.
    expect(rows.map((row) => row.next_read_at - cycleStart).sort()).toEqual([11_000, 12_000, 13_000]);
  });

  it('reads a hot chat every cycle when the budget allows, though its read came after the cycle began', async () => {
    const orders = [chatWithMessage(), chatWithMessage(), chatWithMessage()];
    const engine = h.engine({ pollIntervalMs: 100 });
    engine.start();
    await eventually(() => expect(h.sink.messages()).toHaveLength(3));
    h.sandbox.control.resetStats();
    const startedAt = Date.now();
    await pause(1_500);
    const cycles = (Date.now() - startedAt) / 100;
    await engine.stop();
    // Due 100 ms after a read made a few ms into its cycle: only "due before the next cycle starts" reads it in
    // the next one; "due by now" would leave it for the one after, every other cycle.
    const chatReads = h.sandbox.control.stats().byRoute['GET /orders/{id}/messages'] ?? 0;
    expect(chatReads / orders.length).toBeGreaterThan(0.8 * cycles);
  });
});
