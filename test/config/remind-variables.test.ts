/** REMIND_CONFIRM_HOURS: 24 h by default, decimals and 0 (off) accepted, one line naming the variable otherwise. */
import { describe, expect, it } from 'vitest';
import { refusalOf, trial } from '../support/config-refusal.ts';

describe('REMIND_CONFIRM_HOURS', () => {
  it('reminds after 24 hours by default', () => {
    expect(trial({}).remindConfirmMs).toBe(24 * 3_600_000);
  });

  it('takes decimals, and 0 turns the reminder off', () => {
    expect(trial({ REMIND_CONFIRM_HOURS: '1.5' }).remindConfirmMs).toBe(5_400_000);
    expect(trial({ REMIND_CONFIRM_HOURS: '0' }).remindConfirmMs).toBe(0);
  });

  it.each(['-1', 'soon', '9000', '1e3'])('refuses %s with one line naming it', (value) => {
    const line = refusalOf({ REMIND_CONFIRM_HOURS: value });
    expect(line).toContain('REMIND_CONFIRM_HOURS');
    expect(line).toContain('must be a number of hours');
  });
});
