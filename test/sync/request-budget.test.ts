/** The pacing rules of the request budget, on a fake rate-limit snapshot and clock. */
import { describe, expect, it } from 'vitest';
import type { RateLimitSnapshot } from '../../src/seller-api/api.ts';
import { createRequestBudget, type BudgetRules } from '../../src/sync/budget/request-budget.ts';

function setup(snapshot: Partial<RateLimitSnapshot> | undefined, rules: Partial<BudgetRules> = {}) {
  const state = {
    now: 1_000_000,
    sent: 0,
    snapshot: snapshot && { observedAt: 1_000_000, limit: undefined, remaining: undefined, resetAt: undefined, ...snapshot },
  };
  const sleeps: number[] = [];
  const budget = createRequestBudget({
    api: { rateLimit: () => state.snapshot, requestCount: () => state.sent },
    now: () => state.now,
    rules: { resetMarginMs: 0, ...rules },
    sleep: async (ms) => {
      sleeps.push(ms);
      state.now += ms;
    },
  });
  return { state, budget, sleeps };
}
const signal = new AbortController().signal;
/** A request that is answered at once; the tests count what the client saw sent through `state.sent`. */
const granted = async () => true;

describe('request budget', () => {
  it('does not pace a store that sends no rate-limit headers', () => {
    const { budget } = setup(undefined);
    expect(budget.delayFor('quiet')).toBe(0);
  });

  it('lets requests go at once, back to back, while the window is spent no faster than evenly', async () => {
    // A 60 s window learnt from the first answer; half of it gone and only 20 of 100 spent.
    const { state, budget, sleeps } = setup({ limit: 100, remaining: 100, resetAt: 1_060_000 });
    budget.delayFor('hot');
    state.now = 1_030_000;
    state.snapshot = { observedAt: state.now, limit: 100, remaining: 80, resetAt: 1_060_000 };
    for (let i = 0; i < 25; i += 1) {
      expect(await budget.send('hot', signal, granted)).toBe(true);
      state.sent += 1;
    }
    expect(sleeps).toEqual([]);
    expect(budget.delayFor('urgent')).toBe(0);
  });

  it('spreads the rest evenly once spending runs a burst ahead of the even line', async () => {
    const { state, budget, sleeps } = setup({ limit: 120, remaining: 120, resetAt: 1_060_000 });
    // The first 6 (5% of 120) go at once, the window's reads do not all bunch at its start.
    for (let i = 0; i < 6; i += 1) {
      expect(await budget.send('hot', signal, granted)).toBe(true);
      state.sent += 1;
    }
    expect(sleeps).toEqual([]);
    // 114 left, the hot lane keeps 24 (20% of 120, all the window left): 90 usable over 60 s.
    expect(await budget.send('hot', signal, granted)).toBe(true);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(Math.ceil(60_000 / 91));
  });

  it("lets a rush's reads go at once down to the hot lane's reserve, and the hot lane's pace after them slows", async () => {
    const { state, budget, sleeps } = setup({ limit: 120, remaining: 120, resetAt: 1_060_000 });
    // Half the window gone, spent a little ahead of even: 50 left, the reserve 12; chat reads are paced.
    budget.delayFor('hot');
    state.now = 1_030_000;
    state.snapshot = { observedAt: state.now, limit: 120, remaining: 50, resetAt: 1_060_000 };
    expect(await budget.send('hot', signal, granted)).toBe(true);
    state.sent += 1;
    expect(budget.delayFor('hot')).toBeGreaterThan(0);
    for (let i = 0; i < 37; i += 1) {
      expect(await budget.send('rush', signal, granted)).toBe(true);
      state.sent += 1;
    }
    expect(sleeps).toEqual([]);
    // The reserve stays for new orders and the seller's taps: a 38th waits for the reset, as a chat read would.
    expect(budget.delayFor('rush')).toBe(30_000);
    expect(budget.delayFor('hot')).toBe(30_000);
    expect(budget.delayFor('urgent')).toBeLessThan(30_000 / 12 + 1);
  });

  it("keeps the urgent lane's turn while a rush's reads go: it counts its gap from the last paced grant", async () => {
    const { state, budget } = setup({ limit: 120, remaining: 120, resetAt: 1_060_000 });
    budget.delayFor('hot');
    state.now = 1_030_000;
    state.snapshot = { observedAt: state.now, limit: 120, remaining: 50, resetAt: 1_060_000 };
    expect(await budget.send('hot', signal, granted)).toBe(true);
    state.sent += 1;
    // Paced: 49 left over 30 s, a gap of about 0.6 s.
    const firstGap = budget.delayFor('urgent');
    expect(firstGap).toBeGreaterThan(500);
    // A rush's reads every 150 ms for 1.5 s: each one must not push the urgent request's turn back.
    for (let i = 0; i < 10; i += 1) {
      state.now += 150;
      expect(await budget.send('rush', signal, granted)).toBe(true);
      state.sent += 1;
    }
    expect(budget.delayFor('urgent')).toBe(0);
  });

  it('keeps a reserve: chats wait for the reset while the urgent lane may still go', () => {
    // limit 30: reserve 6 for urgent; quiet keeps 12.
    const { budget } = setup({ limit: 30, remaining: 6, resetAt: 1_002_000 });
    expect(budget.delayFor('hot')).toBe(2_000);
    expect(budget.delayFor('quiet')).toBe(2_000);
    expect(budget.delayFor('urgent')).toBeLessThan(2_000 / 6 + 1);
    const { budget: b2 } = setup({ limit: 30, remaining: 10, resetAt: 1_002_000 });
    expect(b2.delayFor('quiet')).toBe(2_000);
    expect(b2.delayFor('hot')).toBe(0);
  });

  it('spreads what is left until the reset, counting requests sent since the last answer', async () => {
    const { state, budget, sleeps } = setup({ limit: 30, remaining: 14, resetAt: 1_002_000 });
    // 14 left, hot keeps 6: 8 usable over 2 s → one every 2 s / 9, the last one slot before the reset.
    expect(await budget.send('hot', signal, granted)).toBe(true);
    state.sent += 1;
    expect(await budget.send('hot', signal, granted)).toBe(true);
    // 13 left, 7 usable: 2 s / 8.
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(250);
    // Spent down to the reserve without a fresh answer (5 by now: 6 × 1.75 s / 2 s, rounded down): the next hot
    // request waits for the reset.
    state.sent += 8;
    expect(budget.delayFor('hot')).toBe(1_002_000 - state.now);
  });

  it('spends the whole window: the reserve is gone at the end, and the last request goes before the reset', async () => {
    // A 60 s window (learnt from the first answer), 2 requests left with 1.9 s to go: 120 × 0.2 × 1.9 / 60 = 0.76.
    // No burst allowance: the last two would go at once, well before the reset.
    const { state, budget } = setup({ limit: 120, remaining: 100, resetAt: 1_060_000 }, { burstShare: 0 });
    budget.delayFor('hot');
    state.now = 1_058_100;
    state.snapshot = { observedAt: state.now, limit: 120, remaining: 2, resetAt: 1_060_000 };
    expect(await budget.send('hot', signal, granted)).toBe(true);
    state.sent += 1;
    // The last one: half of what is left (one slot of two), not at the reset where the window's count lapses.
    await budget.send('hot', signal, granted);
    expect(state.now).toBeLessThan(1_060_000);
    expect(state.now).toBe(1_058_100 + 950);
  });

  it('gives up instead of waiting past a deadline', async () => {
    const { state, budget } = setup({ limit: 30, remaining: 6, resetAt: 1_002_000 });
    expect(await budget.admit('hot', { signal, deadline: state.now + 500 })).toBe(false);
    expect(state.now).toBe(1_000_000);
  });

  it('trusts the earliest reset announced within one window (the header rounds up to whole seconds)', () => {
    const { state, budget } = setup({ limit: 30, remaining: 20, resetAt: 1_002_000 });
    budget.delayFor('hot');
    state.now += 1_200;
    state.snapshot = { observedAt: state.now, limit: 30, remaining: 2, resetAt: state.now + 1_000 };
    expect(budget.delayFor('hot')).toBe(800);
  });

  it("takes an answer arriving just after the reset, announcing 1 s, for the old window's last, not a new window", () => {
    const { state, budget } = setup({ limit: 30, remaining: 20, resetAt: 1_060_000 });
    budget.delayFor('hot');
    // Counted by the store just before its reset, answered 20 ms after our estimate of it, rounded up to 1 s.
    state.now = 1_060_020;
    state.snapshot = { observedAt: state.now, limit: 30, remaining: 0, resetAt: state.now + 1_000 };
    expect(budget.delayFor('hot')).toBe(0);
    // The next window's first answer announces a whole window ahead: that is a new window.
    state.now = 1_060_100;
    state.snapshot = { observedAt: state.now, limit: 30, remaining: 1, resetAt: state.now + 60_000 };
    expect(budget.delayFor('hot')).toBe(60_000);
  });

  it('takes an answer announcing a whole window ahead for a new window, even before our estimate of the reset', async () => {
    const { state, budget } = setup({ limit: 120, remaining: 119, resetAt: 1_060_000 });
    budget.delayFor('urgent');
    // Our estimate ran 10 s late (an answer reached us late): the store began its next window at 1 050 000.
    state.now = 1_050_000;
    state.snapshot = { observedAt: state.now, limit: 120, remaining: 119, resetAt: state.now + 60_000, sentCount: state.sent };
    state.sent += 10;
    expect(await budget.send('hot', signal, granted)).toBe(true);
    state.sent += 1;
    // Paced over the new window, not spent at once as the old window's last 10 s.
    expect(budget.delayFor('hot')).toBeGreaterThan(0);
    state.snapshot = { observedAt: state.now, limit: 120, remaining: 0, resetAt: state.now + 60_000 };
    // Spent: nothing goes at our old estimate, where the store's window still has 50 s to run.
    state.now = 1_060_001;
    expect(budget.delayFor('urgent')).toBe(1_110_000 - state.now);
  });

  it('sends one request first when a new window begins, and the rest once its answer tells the new numbers', async () => {
    const { state, budget } = setup({ limit: 120, remaining: 0, resetAt: 1_060_000 });
    budget.delayFor('urgent');
    state.now = 1_060_001;
    expect(await budget.send('urgent', signal, granted)).toBe(true);
    state.sent += 1;
    // The poll loop and the outbox loop both want a request: the second waits for the first one's answer.
    expect(budget.delayFor('urgent')).toBeGreaterThan(0);
    expect(budget.delayFor('hot')).toBeGreaterThan(0);
    state.snapshot = { observedAt: state.now + 20, limit: 120, remaining: 119, resetAt: 1_120_000 };
    state.now += 20;
    expect(budget.delayFor('urgent')).toBe(0);
    // An answer that never comes does not hold the others for long.
    const stuck = setup({ limit: 120, remaining: 0, resetAt: 1_060_000 });
    stuck.budget.delayFor('urgent');
    stuck.state.now = 1_060_001;
    await stuck.budget.send('urgent', signal, granted);
    stuck.state.sent += 1;
    stuck.state.now += 2_000;
    expect(stuck.budget.delayFor('urgent')).toBe(0);
  });

  it('counts every request sent after the answered one, not only those sent after the answer was read', () => {
    // The answer is to request 3; requests 4 and 5 were already on the wire when it was read.
    const { state, budget } = setup({ limit: 100, remaining: 2, resetAt: 1_060_000, sentCount: 3 });
    state.sent = 5;
    expect(budget.delayFor('urgent')).toBeGreaterThan(0);
    state.snapshot = { observedAt: state.now, limit: 100, remaining: 3, resetAt: 1_060_000, sentCount: 5 };
    expect(budget.delayFor('urgent')).toBe(0);
  });

  it('holds every lane after a 429 reached the engine', () => {
    const { state, budget } = setup(undefined);
    budget.holdUntil(state.now + 700);
    expect(budget.delayFor('urgent')).toBe(700);
  });
});
