/**
 * How many days /stats, /export and `npm run export` look back over: a whole number in a range, the default when
 * left out; and the period that many local days span. One policy for the bot and the shell command.
 */
import { lastLocalDays } from '../shared/local-time.ts';

export interface DaysRange {
  fallback: number;
  min: number;
  max: number;
}

export const STATS_DAYS: DaysRange = { fallback: 7, min: 1, max: 90 };
/** A year and a day: a seller's yearly accounts, with room for the day the year is asked on. */
export const EXPORT_DAYS: DaysRange = { fallback: 30, min: 1, max: 366 };

/** The number in `argument` (blank: the fallback); undefined when it is not a whole number in the range. */
export function parseDays(argument: string, range: DaysRange): number | undefined {
  const text = argument.trim();
  if (text === '') return range.fallback;
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const days = Number(text);
  return days >= range.min && days <= range.max ? days : undefined;
}

/** The last `days` local days up to `at` as one period, [from, to), and the names of its first and last day. */
export function periodOfDays(at: number, days: number, timeZone: string): { from: number; to: number; firstDay: string; lastDay: string } {
  const local = lastLocalDays(at, days, timeZone);
  const first = local[0];
  const last = local.at(-1);
  if (first === undefined || last === undefined) throw new RangeError(`a period of ${days} days has no day`);
  return { from: first.from, to: last.to, firstDay: first.day, lastDay: last.day };
}
