/**
 * Requests per poll cycle stay within what docs/architecture.md promises ("What a cycle costs"; see request-cost.ts for
 * the method; request-cost-report.ts prints the numbers for 10, 100 and 1000 open orders).
 */
import { expect, it } from 'vitest';
import { measureRequestCost } from './request-cost.ts';

it('costs the order lists plus one read per hot chat, and about one read per 16 cycles per quiet chat', async () => {
  const small = await measureRequestCost(10);
  const medium = await measureRequestCost(100);

  // 10 orders, all paid: 1 paid list + 10 chats per busy cycle, the two other lists every 3rd cycle.
  expect(small.busy).toBeLessThanOrEqual(10 + 1 + 2 / 3 + 0.01);
  // 100 orders: paid list every cycle, processing/awaiting lists every 3rd, 100 chats.
  expect(medium.busy).toBeLessThanOrEqual(100 + 1 + 2 / 3 + 0.01);
  // Steady: the lists, plus 1/16 of the chats per cycle (the back-off ceiling).
  expect(small.steady).toBeLessThanOrEqual(1 + 2 / 3 + 10 / 16 + 0.25);
  expect(medium.steady).toBeLessThanOrEqual(1 + 2 / 3 + 100 / 16 + 0.5);
  expect(medium.steady).toBeLessThan(medium.busy / 8);
  // A message in a quiet chat waits at most the ceiling.
  expect(medium.quietMessageWaitedCycles).toBeLessThanOrEqual(16);
}, 30_000);
