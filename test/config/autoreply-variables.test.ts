/** WORKING_HOURS, AUTOREPLY_QUIET_MINUTES and REMIND_UNANSWERED_AFTER_AUTOREPLY: defaults, the shapes accepted, and one line naming the variable otherwise. */
import { describe, expect, it } from 'vitest';
import { hoursStateAt } from '../../src/shared/weekly-hours.ts';
import { refusalOf, trial } from '../support/config-refusal.ts';

const MONDAY_NOON = Date.parse('2026-11-23T12:00:00Z');
const at = (iso: string) => Date.parse(iso);

describe('answers while you sleep: variables', () => {
  it('always working, 30 quiet minutes, and reminded after an automatic answer, by default', () => {
    const defaults = { hours: undefined, quietMs: 1_800_000, remindAfter: true };
    expect(trial({}).autoAnswers).toEqual(defaults);
    expect(trial({ WORKING_HOURS: ' ', AUTOREPLY_QUIET_MINUTES: '', REMIND_UNANSWERED_AFTER_AUTOREPLY: '' }).autoAnswers).toEqual(defaults);
  });

  it('reads REMIND_UNANSWERED_AFTER_AUTOREPLY on and off, any case', () => {
    expect(trial({ REMIND_UNANSWERED_AFTER_AUTOREPLY: 'OFF' }).autoAnswers.remindAfter).toBe(false);
    expect(trial({ REMIND_UNANSWERED_AFTER_AUTOREPLY: 'on' }).autoAnswers.remindAfter).toBe(true);
  });

  it('reads quiet minutes with decimals, and 0', () => {
    expect(trial({ AUTOREPLY_QUIET_MINUTES: '0.5' }).autoAnswers.quietMs).toBe(30_000);
    expect(trial({ AUTOREPLY_QUIET_MINUTES: '0' }).autoAnswers.quietMs).toBe(0);
  });

  it('reads every day, days with several ranges, Russian days and ranges past midnight', () => {
    const daily = trial({ WORKING_HOURS: '09:00-21:00' }).autoAnswers.hours;
    if (daily === undefined) throw new Error('no hours');
    expect(hoursStateAt(daily, MONDAY_NOON, 'UTC')).toEqual({
      open: true,
      since: at('2026-11-23T09:00:00Z'),
      next: at('2026-11-23T21:00:00Z'),
    });
    const week = trial({ WORKING_HOURS: 'Mon-Fri 09:00-13:00 14:00-18:00, Sat 10:00 - 14:00' }).autoAnswers.hours;
    if (week === undefined) throw new Error('no hours');
    // Friday evening: away until Saturday 10:00; Saturday 15:00: away until Monday 09:00 (in Berlin, UTC+1 in November).
    expect(hoursStateAt(week, at('2026-11-27T19:00:00Z'), 'Europe/Berlin')).toMatchObject({
      open: false,
      next: at('2026-11-28T09:00:00Z'),
    });
    expect(hoursStateAt(week, at('2026-11-28T14:00:00Z'), 'Europe/Berlin')).toMatchObject({
      open: false,
      since: at('2026-11-28T13:00:00Z'),
      next: at('2026-11-30T08:00:00Z'),
    });
    expect(hoursStateAt(week, at('2026-11-23T12:30:00Z'), 'Europe/Berlin')).toMatchObject({
      open: false,
      next: at('2026-11-23T13:00:00Z'),
    });
    const night = trial({ WORKING_HOURS: 'Пт-Вс 22:00-02:00' }).autoAnswers.hours;
    if (night === undefined) throw new Error('no hours');
    // Sunday 22:00 to Monday 02:00 is open; Monday 01:00 is still inside it.
    expect(hoursStateAt(night, at('2026-11-24T01:00:00Z'), 'UTC')).toMatchObject({ open: false });
    expect(hoursStateAt(night, at('2026-11-23T01:00:00Z'), 'UTC')).toMatchObject({ open: true, since: at('2026-11-22T22:00:00Z') });
  });

  it.each([
    ['WORKING_HOURS', '9-17', 'times must be ranges HH:MM-HH:MM'],
    ['WORKING_HOURS', 'Mo-Fr 09:00-18:00', 'days must be Mon, Tue'],
    ['WORKING_HOURS', 'Mon-Fri', 'names days without hours'],
    ['WORKING_HOURS', '09:00-09:00', 'must not start and end at the same time'],
    ['WORKING_HOURS', '09:00-18:00,,Sat 10:00-14:00', 'empty part between commas'],
    ['WORKING_HOURS', '24:00-08:00', 'times must be ranges'],
    ['AUTOREPLY_QUIET_MINUTES', '-1', 'must be a number of minutes from 0 to 10080'],
    ['AUTOREPLY_QUIET_MINUTES', 'half', 'must be a number of minutes from 0 to 10080'],
    ['REMIND_UNANSWERED_AFTER_AUTOREPLY', 'no', 'must be on or off'],
  ])('refuses %s=%s with one line naming it', (variable, value, problem) => {
    const line = refusalOf({ [variable]: value });
    expect(line).toContain(variable);
    expect(line).toContain(problem);
    if (variable === 'WORKING_HOURS') expect(line).toContain('expected working hours such as 09:00-21:00');
  });
});
