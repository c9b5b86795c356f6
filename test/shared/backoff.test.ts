import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../src/shared/backoff.ts';

describe('backoffDelayMs', () => {
  it('doubles from the base up to the max; below 1 counts as the first', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, { baseMs: 250, maxMs: 3_000 }));
    expect(delays).toEqual([250, 250, 500, 1_000, 2_000, 3_000, 3_000]);
  });

  it('with full jitter, draws below the same ceiling, in whole ms', () => {
    expect(backoffDelayMs(3, { baseMs: 250, maxMs: 5_000, random: () => 0.999 })).toBe(999);
    expect(backoffDelayMs(9, { baseMs: 250, maxMs: 5_000, random: () => 0.5 })).toBe(2_500);
    expect(backoffDelayMs(1, { baseMs: 250, maxMs: 5_000, random: () => 0 })).toBe(0);
  });
});
