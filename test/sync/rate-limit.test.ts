/**
 * A rate limit small enough that a naive poller would hit 429: 30 requests per 2 s window with 40 open orders
 * whose chats all have news (one cycle would need 40 chat reads plus the order lists). The engine paces from the
 * store's `RateLimit-*` answers: the store serves zero 429s, every message is relayed, and a seller action still
 * goes out promptly because part of the window is reserved for it.
 *
 * Under the same limit, more hot chats than the budget can read every interval plus quiet chats that also get
 * messages: the scheduler reads the most overdue chat relative to its period, so every chat's period stretches
 * and none starves (before, hot chats went strictly first and adopted never-read chats were never read).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, eventually, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({
    sandbox: { rateLimit: { limit: 30, windowMs: 2_000 } },
    // The client's last-resort wait (no request while the last answer said 0 remaining) is off, so the
    // engine's own pacing is what keeps the store from answering 429; the client still waits out a 429.
    client: { maxRateLimitWaitMs: 3_000, waitWhenBudgetSpent: false },
  });
});
afterEach(async () => {
  await h.close();
});

it('stays under the limit with 40 busy chats, relays everything, and lets a seller action through', async () => {
  const { control } = h.sandbox;
  const orders = Array.from({ length: 40 }, (_, n) => {
    const id = control.createOrder({ status: 'paid' }).id;
    control.postBuyerMessage(id, `hello from buyer ${n}`);
    return id as OrderId;
  });
  const engine = h.engine({ pollIntervalMs: 400 });
  engine.start();

  await eventually(() => expect(h.sink.appeared()).toHaveLength(40), 10_000);
  const first = orders[0] as OrderId;
  const queuedAt = Date.now();
  engine.enqueue({ kind: 'take', orderId: first });
  await eventually(() => expect(control.order(first)?.status).toBe('processing'), 10_000, 5);
  const actionLatency = Date.now() - queuedAt;

  await eventually(() => expect(h.sink.messages()).toHaveLength(40), 15_000);
  for (const [n, id] of orders.slice(0, 15).entries()) control.postBuyerMessage(id, `second message ${n}`);
  await eventually(() => expect(h.sink.messages()).toHaveLength(55), 15_000);
  await engine.stop();

  const stats = control.stats();
  expect(stats.byStatus[429] ?? 0).toBe(0);
  // More than two windows' worth of requests were needed: the pacing was exercised, not avoided.
  expect(stats.total).toBeGreaterThan(60);
  // The reserve: the action did not wait for the window to reset behind the chat reads.
  expect(actionLatency).toBeLessThan(1_500);
  expect(new Set(h.sink.messages().map((message) => message.messageId)).size).toBe(55);
  expect(engine.status().requestsSent).toBeGreaterThanOrEqual(stats.total);
}, 45_000);

it('reads every chat when hot chats outnumber the budget: no quiet chat starves, no 429', async () => {
  const { control } = h.sandbox;
  // Adopted orders (first seen as processing): quiet, never read yet.
  const quiet = Array.from({ length: 20 }, () => control.createOrder({ status: 'processing' }).id as OrderId);
  // Chatting buyers on new paid orders: hot.
  const hot = Array.from({ length: 20 }, () => control.createOrder({ status: 'paid' }).id as OrderId);
  // Quiet chats stretch `quietCeiling` × `quietWeight` times more than hot ones when the budget is short
  // (chat-schedule.ts): a small ceiling keeps the test short (16 s here; 31 s at a ceiling of 4); starving them
  // would fail it at any ceiling.
  const engine = h.engine({ pollIntervalMs: 200, hotWindowMs: 60_000, quietCeiling: 2 });
  engine.start();
  await eventually(() => expect(h.sink.appeared()).toHaveLength(40), 10_000);

  // Hot chats keep writing, round after round, while one message lands on each quiet chat.
  let sent = 0;
  for (let round = 0; round < 6; round++) {
    for (const id of hot) control.postBuyerMessage(id, `hot ${round}`);
    sent += hot.length;
    if (round === 1) {
      for (const id of quiet) control.postBuyerMessage(id, 'quiet one');
      sent += quiet.length;
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  await eventually(() => expect(h.sink.messages()).toHaveLength(sent), 30_000, 50);
  await engine.stop();

  const relayedOn = new Set(h.sink.messages().map((message) => message.orderId));
  for (const id of quiet) expect(relayedOn.has(id)).toBe(true);
  expect(new Set(h.sink.messages().map((message) => message.messageId)).size).toBe(sent);
  const stats = control.stats();
  expect(stats.byStatus[429] ?? 0).toBe(0);
  // The budget was the limit: far more reads were wanted than one window allows.
  expect(stats.total).toBeGreaterThan(60);
}, 45_000);
