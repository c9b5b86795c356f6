/** The `[days]` of /stats and /export: a whole number in a range, the default when left out; undefined when bad. */
export interface DaysRange {
  fallback: number;
  min: number;
  max: number;
}

export const STATS_DAYS: DaysRange = { fallback: 7, min: 1, max: 90 };
/** A year and a day: a seller's yearly accounts, with room for the day the year is asked on. */
export const EXPORT_DAYS: DaysRange = { fallback: 30, min: 1, max: 366 };

export function parseDays(argument: string, range: DaysRange): number | undefined {
  const text = argument.trim();
  if (text === '') return range.fallback;
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const days = Number(text);
  return days >= range.min && days <= range.max ? days : undefined;
}
