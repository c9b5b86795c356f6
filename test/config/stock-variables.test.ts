/** AUTO_DELIVERY and STOCK_LOW_THRESHOLD: defaults, accepted values, and one line naming the variable otherwise. */
import { describe, expect, it } from 'vitest';
import { refusalOf, trial } from '../support/config-refusal.ts';

describe('stock variables', () => {
  it('deliver automatically with an alert at 3 items by default', () => {
    expect(trial({}).stock).toEqual({ autoDelivery: true, lowThreshold: 3 });
  });

  it('reads off, and a threshold of 0 (alert only when empty)', () => {
    expect(trial({ AUTO_DELIVERY: 'OFF', STOCK_LOW_THRESHOLD: '0' }).stock).toEqual({ autoDelivery: false, lowThreshold: 0 });
  });

  it.each([
    ['AUTO_DELIVERY', 'maybe', 'must be on or off'],
    ['STOCK_LOW_THRESHOLD', '-1', 'must be a whole number of items'],
    ['STOCK_LOW_THRESHOLD', '2.5', 'must be a whole number of items'],
  ])('refuses %s=%s with one line naming it', (variable, value, problem) => {
    const line = refusalOf({ [variable]: value });
    expect(line).toContain(variable);
    expect(line).toContain(problem);
  });
});
