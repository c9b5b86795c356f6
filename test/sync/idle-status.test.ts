/**
 * Work-conserving status lists: with a nearly idle store and a generous rate limit, the budget nobody else wants
 * goes to the processing/awaiting_confirmation lists, so a change made on the store website (a status the bridge
 * did not cause) reaches the sink within a few poll intervals instead of waiting for the lists' small share.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/seller-api/schemas.ts';
import { createHarness, eventually, pause, type Harness } from './harness.ts';

const INTERVAL_MS = 250;

let h: Harness;
beforeEach(async () => {
  h = await createHarness({ sandbox: { rateLimit: { limit: 1_200, windowMs: 60_000 } } });
});
afterEach(async () => {
  await h.close();
});

it('reports a status changed at the store within 3 poll intervals when the budget is idle', async () => {
  const { control } = h.sandbox;
  const ids = Array.from({ length: 4 }, () => control.createOrder({ status: 'processing' }).id);
  const engine = h.engine({ pollIntervalMs: INTERVAL_MS });
  engine.start();
  await eventually(() => expect(h.sink.appeared()).toHaveLength(ids.length), 5_000);
  // Past the catch-up and the first chat reads: the steady, nearly idle state.
  await pause(4 * INTERVAL_MS);

  const changes: [string, OrderStatus][] = ids.map((id, n) => [id, n % 2 === 0 ? 'awaiting_confirmation' : 'cancelled']);
  const waits: number[] = [];
  for (const [id, status] of changes) {
    // Anywhere in a cycle, not in step with the loop.
    await pause(INTERVAL_MS * (1 + Math.random()));
    const changedAt = Date.now();
    control.setOrderStatus(id, status);
    await eventually(() => expect(h.sink.changes(id)).toHaveLength(1), 10_000, 5);
    waits.push(Date.now() - changedAt);
  }
  await engine.stop();

  expect(h.sink.changes().map((change) => [change.orderId, change.status])).toEqual(changes);
  expect(Math.max(...waits)).toBeLessThanOrEqual(3 * INTERVAL_MS);
  expect(control.stats().byStatus[429] ?? 0).toBe(0);
}, 30_000);
