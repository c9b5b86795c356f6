/**
 * The store 429 of issue 15, on loopback: the sandbox store (120 requests per compressed minute, its clock pinned
 * to the test's), the benchmark's store-time headers, the real client and the request budget on the same clock.
 * One window's first answer reaches us late (a pause in the store's process or ours): the headers infer that
 * window's start from it, so every answer of the window announces a reset that late, and the store opens its next
 * window while the budget still paces the old one. The next window's answers must be taken for what they say — a
 * new window, a whole window long — not for the old window's last moments with 119 to spend: the budget then sent
 * them all at once, and one more at its late reset, into the spent window.
 */
import { pino } from 'pino';
import { Agent, type Dispatcher } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { hasCode } from '../../src/seller-api/errors.ts';
import { createRequestBudget, DEFAULT_BUDGET_RULES } from '../../src/sync/budget/request-budget.ts';
import { responseHeadersInterceptor } from '../../bench/subject/response-headers-interceptor.ts';
import { storeTimeRateLimitHeaders } from '../../bench/subject/store-time-headers.ts';
import { createTimeScale } from '../../bench/time-scale.ts';
import { sandboxClient } from '../support/sandbox-client.ts';

const S = 60;
const scale = createTimeScale(S);
const LIMIT = 120;
const WINDOW_MS = scale.toReal(60_000);
/** 9 store seconds. */
const LATE_MS = 150;

let sandbox: SandboxHandle | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await sandbox?.close();
});

/** The answer that opens the first store window (`remaining = limit − 1`) is seen `lateMs` after it was sent. */
function firstWindowOpenedLate(clock: { now: number }, lateMs: number): Dispatcher.DispatcherComposeInterceptor {
  let late = false;
  return responseHeadersInterceptor((_status, headers) => {
    if (!late && headers['ratelimit-remaining'] === String(LIMIT - 1)) {
      late = true;
      clock.now += lateMs;
    }
  });
}

it("takes the store's next window for a new one when our estimate of the reset runs late: no 429", async () => {
  const clock = { now: 1_800_000_000_000 };
  const now = () => clock.now;
  sandbox = await startSandbox({ now, rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });
  agent = new Agent();
  const headers = storeTimeRateLimitHeaders({ scale, windowStoreMs: 60_000, now });
  const api = sandboxClient(sandbox, pino({ level: 'silent' }), {
    now,
    // The late answer first, then the headers written from what arrived when.
    dispatcher: agent.compose(firstWindowOpenedLate(clock, LATE_MS), headers),
    // One attempt and no wait of the client's own: the budget alone paces, and a 429 shows.
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    waitWhenBudgetSpent: false,
  });
  const budget = createRequestBudget({
    api,
    now,
    rules: { resetMarginMs: Math.round(scale.toReal(DEFAULT_BUDGET_RULES.resetMarginMs)), fallbackWindowMs: WINDOW_MS },
    sleep: async (ms) => {
      clock.now += ms;
    },
  });
  const signal = new AbortController().signal;

  // New-order reads (the urgent lane, which may spend a whole window) for three windows.
  const endAt = clock.now + 3 * WINDOW_MS;
  let sent = 0;
  while (clock.now < endAt) {
    sent += 1;
    try {
      await budget.send('urgent', signal, () => api.listOrders({}));
    } catch (error) {
      if (!hasCode(error, 'RATE_LIMIT')) throw error;
      budget.holdUntil(api.rateLimit()?.resetAt ?? clock.now + WINDOW_MS);
    }
  }

  expect(sandbox.control.stats().byStatus[429] ?? 0).toBe(0);
  // Windows were spent to the end: the pacing was exercised at the limit, not avoided.
  expect(sent).toBeGreaterThan(2 * LIMIT);
}, 30_000);
