/**
 * The store 429 of issue 15 that the group benchmark still met at 1000 open orders, on loopback: the sandbox store
 * (a real store's 60 s window, its clock pinned to the test's), the real client and the request budget behind
 * `pacedApi`, as the engine's loops use them. Two loops (the poll loop's order list, the outbox's Take) ask for the
 * window's last request in the same step. Each must be judged knowing the other's grant: when a grant and its
 * request were two steps apart, both were granted on "1 left" and one met a 429 (a traced run at a916018).
 */
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { pacedApi } from '../../src/sync/budget/paced-api.ts';
import { createRequestBudget } from '../../src/sync/budget/request-budget.ts';
import { sandboxClient } from '../support/sandbox-client.ts';

const LIMIT = 120;
const WINDOW_MS = 60_000;

let sandbox: SandboxHandle | undefined;
afterEach(async () => {
  await sandbox?.close();
});

it('grants the last request of a window to one of two loops asking in the same step: no 429', async () => {
  const clock = { now: 1_800_000_000_000 };
  const now = () => clock.now;
  sandbox = await startSandbox({ now, rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });
  const api = sandboxClient(sandbox, pino({ level: 'silent' }), {
    now,
    // One attempt: a 429 shows instead of being waited out and retried.
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  const budget = createRequestBudget({
    api,
    now,
    sleep: async (ms) => {
      clock.now += ms;
    },
  });
  const signal = new AbortController().signal;
  const pollLoop = pacedApi(api, budget, 'urgent', signal);
  const outbox = pacedApi(api, budget, 'urgent', signal);

  // The window spent to its last request, as at the end of a busy minute.
  for (let i = 0; i < LIMIT - 1; i += 1) await pollLoop.listOrders({});
  expect(api.rateLimit()?.remaining).toBe(1);
  const orderId = sandbox.control.createOrder({ status: 'paid' }).id as OrderId;

  const results = await Promise.allSettled([pollLoop.listOrders({}), outbox.takeOrder(orderId, { idempotencyKey: 'take-1' })]);

  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
  expect(sandbox.control.stats().byStatus[429] ?? 0).toBe(0);
  // One of them waited for the next window.
  expect(clock.now).toBeGreaterThanOrEqual(1_800_000_000_000 + WINDOW_MS);
});
