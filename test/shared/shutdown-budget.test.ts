import { describe, expect, it } from 'vitest';
import { createShutdownBudget, UNLIMITED_SHUTDOWN } from '../../src/shared/shutdown-budget.ts';

describe('a shutdown budget', () => {
  it('lets each step wait what it wants while that leaves the reserve, then less, then nothing', () => {
    let at = 1_000;
    const budget = createShutdownBudget({ totalMs: 10_000, reserveMs: 1_000, now: () => at });
    expect(budget.deadline).toBe(11_000);
    expect(budget.allow(5_000)).toBe(5_000);
    at += 5_000;
    expect(budget.remaining()).toBe(5_000);
    expect(budget.allow(10_000)).toBe(4_000);
    at += 4_500;
    expect(budget.allow(10_000)).toBe(0);
    expect(budget.remaining()).toBe(500);
    at += 1_000;
    expect(budget.remaining()).toBe(0);
  });

  it('without a limit, lets every step wait what it wants', () => {
    expect(UNLIMITED_SHUTDOWN.allow(5_000)).toBe(5_000);
    expect(UNLIMITED_SHUTDOWN.remaining()).toBe(Number.POSITIVE_INFINITY);
  });
});
