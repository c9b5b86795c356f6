/** Away: by the working hours, by /away on|off, until when, and when an away period begins. */
import { describe, expect, it } from 'vitest';
import { awayState, switchAway, type AwayRules } from '../../src/core/away.ts';
import { hoursStateAt, parseWeeklyHours } from '../../src/shared/weekly-hours.ts';

const at = (iso: string) => Date.parse(iso);
const hours = (text: string) => {
  const parsed = parseWeeklyHours(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.hours;
};
// Moscow: UTC+3 all year. Working 09:00-21:00 local = 06:00-18:00 UTC.
const DAILY: AwayRules = { hours: hours('09:00-21:00'), timeZone: 'Europe/Moscow' };
const ALWAYS: AwayRules = { hours: undefined, timeZone: 'UTC' };

describe('away by the working hours', () => {
  it('away outside them, since the closing time, until the opening time', () => {
    expect(awayState(DAILY, undefined, at('2026-11-27T00:00:00Z'))).toEqual({
      away: true,
      by: 'hours',
      since: at('2026-11-26T18:00:00Z'),
      next: at('2026-11-27T06:00:00Z'),
    });
    expect(awayState(DAILY, undefined, at('2026-11-27T12:00:00Z'))).toMatchObject({ away: false, next: at('2026-11-27T18:00:00Z') });
    expect(awayState(ALWAYS, undefined, at('2026-11-27T00:00:00Z'))).toEqual({
      away: false,
      by: 'hours',
      since: undefined,
      next: undefined,
    });
  });

  it('follow the zone’s clock changes', () => {
    // Berlin goes from UTC+2 to UTC+1 on 2026-10-25: 09:00 local is 07:00 UTC before, 08:00 UTC after.
    const berlin = hours('Mon-Fri 09:00-18:00');
    expect(hoursStateAt(berlin, at('2026-10-23T17:00:00Z'), 'Europe/Berlin')).toMatchObject({
      open: false,
      since: at('2026-10-23T16:00:00Z'),
      next: at('2026-10-26T08:00:00Z'),
    });
  });
});

describe('/away on and off', () => {
  it('on, with working hours: away until the next opening time, and the period goes on from the closing time', () => {
    const evening = at('2026-11-27T17:00:00Z'); // 20:00 in Moscow, still working
    const switched = switchAway(DAILY, true, evening);
    expect(switched).toEqual({ away: true, at: evening, until: at('2026-11-28T06:00:00Z') });
    expect(awayState(DAILY, switched, evening + 1)).toEqual({ away: true, by: 'switch', since: evening, next: at('2026-11-28T06:00:00Z') });
    // Past the closing time: the same period, begun at the /away on.
    expect(awayState(DAILY, switched, at('2026-11-27T23:00:00Z')).since).toBe(evening);
    // At the opening time the hours rule again.
    expect(awayState(DAILY, switched, at('2026-11-28T06:00:00Z'))).toMatchObject({ away: false, by: 'hours' });
  });

  it('on while already closed keeps the period begun at the closing time', () => {
    const night = at('2026-11-27T20:00:00Z');
    const switched = switchAway(DAILY, true, night);
    expect(switched.until).toBe(at('2026-11-28T06:00:00Z'));
    expect(awayState(DAILY, switched, night + 1).since).toBe(at('2026-11-27T18:00:00Z'));
  });

  it('off at night: working until the next closing time', () => {
    const night = at('2026-11-27T20:00:00Z');
    const switched = switchAway(DAILY, false, night);
    expect(switched.until).toBe(at('2026-11-28T18:00:00Z'));
    expect(awayState(DAILY, switched, night + 1)).toMatchObject({ away: false, by: 'switch' });
    expect(awayState(DAILY, switched, at('2026-11-28T19:00:00Z'))).toMatchObject({ away: true, by: 'hours' });
  });

  it('without working hours: away from /away on until /away off; each /away on a new period', () => {
    const first = switchAway(ALWAYS, true, 1_000);
    expect(first).toEqual({ away: true, at: 1_000 });
    expect(awayState(ALWAYS, first, 9_999_999)).toEqual({ away: true, by: 'switch', since: 1_000, next: undefined });
    const off = switchAway(ALWAYS, false, 2_000);
    expect(awayState(ALWAYS, off, 3_000).away).toBe(false);
    expect(awayState(ALWAYS, switchAway(ALWAYS, true, 4_000), 5_000).since).toBe(4_000);
  });
});
