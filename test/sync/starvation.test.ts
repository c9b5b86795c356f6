/**
 * More hot chats than the budget can read every interval, and quiet chats that also get messages: the scheduler
 * reads the most overdue chat relative to its period, so every chat's period stretches and none starves. Before,
 * hot chats went strictly first and the quiet ones (here: adopted orders never read) were never read.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, eventually, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({
    // 30 requests per 2 s with a 200 ms interval: about 3 requests per interval for 40 chats.
    sandbox: { rateLimit: { limit: 30, windowMs: 2_000 } },
    client: { maxRateLimitWaitMs: 3_000, waitWhenBudgetSpent: false },
  });
});
afterEach(async () => {
  await h.close();
});

it('reads every chat when hot chats outnumber the budget: no quiet chat starves, no 429', async () => {
  const { control } = h.sandbox;
  // Adopted orders (first seen as processing): quiet, never read yet.
  const quiet = Array.from({ length: 20 }, () => control.createOrder({ status: 'processing' }).id as OrderId);
  // Chatting buyers on new paid orders: hot.
  const hot = Array.from({ length: 20 }, () => control.createOrder({ status: 'paid' }).id as OrderId);
  const engine = h.engine({ pollIntervalMs: 200, hotWindowMs: 60_000 });
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
