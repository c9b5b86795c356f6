/** REMIND_UNTAKEN_MINUTES and REMIND_UNANSWERED_MINUTES: defaults, 0 (off), decimals, and one line naming the variable otherwise. */
import { describe, expect, it } from 'vitest';
import { refusalOf, trial } from '../support/config-refusal.ts';

describe('reminder variables', () => {
  it('remind of untaken orders after 10 minutes and of unanswered buyers after 15 by default', () => {
    expect(trial({}).reminders).toEqual({ untakenAfterMs: 600_000, unansweredAfterMs: 900_000 });
    expect(trial({ REMIND_UNTAKEN_MINUTES: ' ', REMIND_UNANSWERED_MINUTES: '' }).reminders).toEqual({
      untakenAfterMs: 600_000,
      unansweredAfterMs: 900_000,
    });
  });

  it('reads 0 as off, and decimals (seconds, for tests)', () => {
    expect(trial({ REMIND_UNTAKEN_MINUTES: '0', REMIND_UNANSWERED_MINUTES: '0.05' }).reminders).toEqual({
      untakenAfterMs: undefined,
      unansweredAfterMs: 3_000,
    });
  });

  it.each([
    ['REMIND_UNTAKEN_MINUTES', '-1'],
    ['REMIND_UNTAKEN_MINUTES', 'ten'],
    ['REMIND_UNANSWERED_MINUTES', '10081'],
    ['REMIND_UNANSWERED_MINUTES', '1e3'],
  ])('refuses %s=%s with one line naming it', (variable, value) => {
    const line = refusalOf({ [variable]: value });
    expect(line).toContain(variable);
    expect(line).toContain('must be a number of minutes from 0 (off) to 10080');
  });
});
