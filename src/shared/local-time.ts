/**
 * Local days and times in an IANA time zone, with Intl alone: the bot's day boundaries (/stats, the daily summary)
 * and the HH:MM it shows. A zone is a plain string dependency (`'UTC'` by default where it is taken), so whoever
 * configures the bot's zone passes it in; an unknown zone throws RangeError from Intl when first used.
 */

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at `at`. */
export function localParts(at: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of `at`: `YYYY-MM-DD`. */
export function localDay(at: number, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The local time of `at`: `HH:MM`. */
export function localHm(at: number, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the zone's wall clock shows `day` (`YYYY-MM-DD`) at `hour:minute`. Two passes: the offset at the first
 * guess can differ from the offset at the answer when a DST change lies between them. A wall time skipped by DST
 * comes out as the instant just after the gap.
 */
export function localTimeOn(day: string, hour: number, minute: number, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** The start (local midnight) of the local day `at` falls in. */
export const startOfLocalDay = (at: number, timeZone: string): number => localTimeOn(localDay(at, timeZone), 0, 0, timeZone);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/**
 * The `count` local days that end with the day of `at`, oldest first, each with the instants it spans; the last one
 * ends just after `at`, so a figure asked at `at` counts what happened at that very millisecond.
 */
export function lastLocalDays(at: number, count: number, timeZone: string): { day: string; from: number; to: number }[] {
  const today = localDay(at, timeZone);
  return Array.from({ length: count }, (_, index) => {
    const day = addDays(today, index - count + 1);
    const last = index === count - 1;
    return { day, from: localTimeOn(day, 0, 0, timeZone), to: last ? at + 1 : localTimeOn(addDays(day, 1), 0, 0, timeZone) };
  });
}

/** Zones change their offset at whole quarter hours of UTC (offsets are multiples of 15 minutes, changes at whole local hours). */
const QUARTER_HOUR = 15 * 60_000;

/**
 * Writes instants as the zone's wall clock with its offset, to the second: `2026-11-23T17:30:00+05:30` (RFC 3339).
 * Intl is asked once per quarter hour of UTC seen (its answer is the offset, constant within one), the rest is
 * arithmetic: an export writes four times per order, and Intl's formatToParts costs tens of microseconds a call.
 */
export function localIsoFormatter(timeZone: string): (at: number) => string {
  const offsets = new Map<number, number>();
  return (at) => {
    const quarter = Math.floor(at / QUARTER_HOUR);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetAt(quarter * QUARTER_HOUR, timeZone);
      offsets.set(quarter, offset);
    }
    const wall = new Date(Math.floor(at / 1000) * 1000 + offset);
    const minutes = Math.round(offset / 60_000);
    const zone = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
    const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
    return `${date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${zone}`;
  };
}
