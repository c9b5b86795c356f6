/** The days of /stats's chart and the times of the export, in the bot's zone: DST days are 23 or 25 hours long. */
import { describe, expect, it } from 'vitest';
import { lastLocalDays, localIsoFormatter } from '../../src/shared/local-time.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('lastLocalDays', () => {
  it('ends with the day of the moment, just after it, and starts each day at local midnight', () => {
    const days = lastLocalDays(at('2026-11-23T12:00:00Z'), 3, 'Asia/Kolkata');
    expect(days).toEqual([
      { day: '2026-11-21', from: at('2026-11-20T18:30:00Z'), to: at('2026-11-21T18:30:00Z') },
      { day: '2026-11-22', from: at('2026-11-21T18:30:00Z'), to: at('2026-11-22T18:30:00Z') },
      { day: '2026-11-23', from: at('2026-11-22T18:30:00Z'), to: at('2026-11-23T12:00:00Z') + 1 },
    ]);
  });

  it('has a 23-hour day at the change to summer time and a 25-hour one back', () => {
    const spring = lastLocalDays(at('2026-03-30T12:00:00Z'), 2, 'Europe/Berlin')[0]!;
    expect(spring.day).toBe('2026-03-29');
    expect(spring.to - spring.from).toBe(23 * HOUR);
    const autumn = lastLocalDays(at('2026-10-26T12:00:00Z'), 2, 'Europe/Berlin')[0]!;
    expect(autumn.to - autumn.from).toBe(25 * HOUR);
  });
});

const localIsoTime = (at: number, timeZone: string) => localIsoFormatter(timeZone)(at);

describe('localIsoFormatter', () => {
  it('is the wall clock with its offset, which tells the twice-lived hour apart', () => {
    expect(localIsoTime(at('2026-11-22T18:45:07Z'), 'Asia/Kolkata')).toBe('2026-11-23T00:15:07+05:30');
    expect(localIsoTime(at('2026-11-22T18:45:00Z'), 'America/New_York')).toBe('2026-11-22T13:45:00-05:00');
    expect(localIsoTime(at('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
    expect(localIsoTime(at('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30:00+01:00');
    expect(localIsoTime(at('2026-11-22T18:45:00.999Z'), 'UTC')).toBe('2026-11-22T18:45:00+00:00');
  });

  it('agrees with Intl hour by hour through a year, both changes of summer time included, one formatter per zone', () => {
    const wrong: string[] = [];
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const format = localIsoFormatter(zone);
      const intl = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', dateStyle: 'short', timeStyle: 'medium' });
      // 61 minutes and 7 seconds: every hour of the year, at a minute and second that keeps moving.
      for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 61 * 60_000 + 7_000) {
        const [day, time] = intl.format(t).split(', ');
        if (format(t).slice(0, 19) !== `${day}T${time}`) wrong.push(`${zone} ${new Date(t).toISOString()} ${format(t)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
