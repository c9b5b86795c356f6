/** Local days and times through Intl: a zone with a half-hour offset, and one with a DST change inside a day. */
import { expect, it } from 'vitest';
import { addDays, localDay, localHm, localTimeOn, startOfLocalDay } from '../../src/shared/local-time.ts';

const at = (iso: string) => Date.parse(iso);

it('Asia/Kolkata (UTC+5:30): the local day turns at 18:30 UTC', () => {
  expect(localDay(at('2026-11-22T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-22');
  expect(localDay(at('2026-11-22T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-23');
  expect(startOfLocalDay(at('2026-11-23T12:00:00Z'), 'Asia/Kolkata')).toBe(at('2026-11-22T18:30:00Z'));
  expect(localHm(at('2026-11-23T08:32:00Z'), 'Asia/Kolkata')).toBe('14:02');
  expect(localTimeOn('2026-11-23', 9, 0, 'Asia/Kolkata')).toBe(at('2026-11-23T03:30:00Z'));
});

it('UTC is the plain calendar', () => {
  expect(startOfLocalDay(at('2026-11-23T12:00:00Z'), 'UTC')).toBe(at('2026-11-23T00:00:00Z'));
  expect(localHm(at('2026-11-23T00:05:00Z'), 'UTC')).toBe('00:05');
});

it('Europe/Berlin across the end of summer time: a 25-hour day, each local time found on its side of the change', () => {
  const start = startOfLocalDay(at('2026-10-25T12:00:00Z'), 'Europe/Berlin');
  expect(start).toBe(at('2026-10-24T22:00:00Z'));
  expect(localTimeOn('2026-10-26', 0, 0, 'Europe/Berlin') - start).toBe(25 * 3_600_000);
  expect(localTimeOn('2026-10-25', 9, 0, 'Europe/Berlin')).toBe(at('2026-10-25T08:00:00Z'));
});

it('addDays crosses months and years', () => {
  expect(addDays('2026-11-23', -6)).toBe('2026-11-17');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
});
