/** TELEGRAM_STAFF_IDS and DAILY_SUMMARY_AT: defaults, accepted values, and one line naming the variable otherwise. */
import { describe, expect, it } from 'vitest';
import { refusalOf, trial } from '../support/config-refusal.ts';

describe('staff and daily summary variables', () => {
  it('no staff and no daily summary by default', () => {
    const config = trial({});
    expect(config.telegram.staffIds).toEqual([]);
    expect(config.dailySummaryAt).toBeUndefined();
  });

  it('reads staff ids like admin ids, and HH:MM', () => {
    const config = trial({ TELEGRAM_STAFF_IDS: ' 7, 8,7 ', DAILY_SUMMARY_AT: '9:05' });
    expect(config.telegram.staffIds).toEqual([7, 8]);
    expect(config.dailySummaryAt).toEqual({ hour: 9, minute: 5 });
    expect(trial({ DAILY_SUMMARY_AT: '23:59' }).dailySummaryAt).toEqual({ hour: 23, minute: 59 });
  });

  it.each([
    ['TELEGRAM_STAFF_IDS', '7,abc', 'positive user ids'],
    ['TELEGRAM_STAFF_IDS', '-5', 'positive user ids'],
    ['DAILY_SUMMARY_AT', '24:00', 'HH:MM'],
    ['DAILY_SUMMARY_AT', '9pm', 'HH:MM'],
    ['DAILY_SUMMARY_AT', '09:60', 'HH:MM'],
  ])('refuses %s=%s with one line naming it', (variable, value, problem) => {
    const line = refusalOf({ [variable]: value });
    expect(line).toContain(variable);
    expect(line).toContain(problem);
  });
});
