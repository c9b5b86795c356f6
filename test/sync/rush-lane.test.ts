/**
 * A rush's reads go in a lane of their own: not paced like the other chat reads, which the budget spreads evenly over
 * the store's window once a cycle spends ahead of even spending (here: a new window's first seconds). On the sandbox
 * store with a real window (its clock pinned to the test's) and the engine's own request budget, whose waits move
 * that clock.
 */
import { afterEach, expect, it } from 'vitest';
import { createQueries } from '../../src/db/queries.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { MINUTE, NOW, SECOND } from '../support/schedule-rules.ts';
import { createHarness, type Harness } from './harness.ts';

const INTERVAL = 10 * SECOND;
/** Short, so the store's pace is known (and a rush can start) within minutes of the start. */
const HOT_WINDOW = 2 * MINUTE;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
});

it("reads a rush's chats at one instant, in a new window's first seconds where chat reads wait their pace", async () => {
  const clock = { now: NOW };
  const now = () => clock.now;
  // The budget's waits and the client's (a spent window, a retry) move the test's clock, never real time.
  const sleep = async (ms: number) => {
    clock.now += ms;
  };
  h = await createHarness({ sandbox: { now, rateLimit: { limit: 60, windowMs: MINUTE } }, client: { now, sleep } });
  const { control } = h.sandbox;
  const api = h.api;
  const order = () => control.createOrder({ status: 'processing' }).id as OrderId;
  const others = Array.from({ length: 12 }, order);
  const writer = order();
  const cursors = createQueries(h.db).cursors;
  const engine = h.engine({
    now,
    budgetSleep: sleep,
    pollIntervalMs: INTERVAL,
    pollNowLookaheadMs: 0,
    hotWindowMs: HOT_WINDOW,
    // One buyer writing where none did for a hot window starts a rush: the test chooses the cycle it begins in.
    rushChats: 1,
  });
  const readAt = (orderId: OrderId) => cursors.get(orderId)?.lastReadAt as number;
  const cycle = async () => {
    clock.now += INTERVAL;
    await engine.pollNow();
  };
  const windowEndsBeforeNext = () => (api.rateLimit()?.resetAt ?? Number.POSITIVE_INFINITY) <= now() + INTERVAL;

  await engine.pollNow();
  while (now() < NOW + 2 * HOT_WINDOW || !windowEndsBeforeNext()) await cycle();
  control.postBuyerMessage(writer, 'hello?', { createdAt: new Date(now()).toISOString() });
  // Long overdue: the first chat the next cycle reads.
  cursors.schedule(writer, { nextReadAt: NOW, emptyReads: 0, failures: 0 });
  await cycle();

  expect(h.sink.messages(writer)).toHaveLength(1);
  const rushRead = others.map(readAt);
  // Read right after the writer's, in the same instant. In the chat lane a new window's even pace puts a second or
  // more between reads after its first few: they would spread over the cycle and beyond.
  expect(rushRead).toEqual(others.map(() => readAt(writer)));
  expect(control.stats().byStatus[429] ?? 0).toBe(0);
});
