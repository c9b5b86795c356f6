/**
 * Weekly opening hours in a time zone: `09:00-21:00` (every day) or `Mon-Fri 09:00-18:00, Sat 10:00-14:00` (days,
 * several ranges), parsed once, and whether an instant falls in them, since when, and until when. Days are English
 * (`Mon`, `Monday`) or Russian (`Пн`, `понедельник`) names, single or as a range (`Fri-Mon` wraps); a range that ends
 * before it starts goes past midnight (`22:00-02:00`); `24:00` ends a day. A group without days is every day.
 * Parsing is a few splits and fixed patterns: no text can make it slow.
 */
import { addDays, localDay, localParts, localTimeOn } from './local-time.ts';

const DAY_MINUTES = 1440;
const WEEK_MINUTES = 7 * DAY_MINUTES;

/** Open intervals in minutes of the week, Monday 00:00 = 0: sorted, merged, within [0, WEEK_MINUTES]. */
export interface WeeklyHours {
  readonly open: readonly (readonly [number, number])[];
}

export type WeeklyHoursParse = { ok: true; hours: WeeklyHours } | { ok: false; problem: string };

export const WEEKLY_HOURS_EXAMPLE = '09:00-21:00 or Mon-Fri 09:00-18:00, Sat 10:00-14:00';

/** Day names by the first letters people write, Monday first. */
const DAY_NAMES: readonly (readonly string[])[] = [
  ['mon', 'monday', 'пн', 'пон', 'понедельник'],
  ['tue', 'tues', 'tuesday', 'вт', 'вто', 'вторник'],
  ['wed', 'wednesday', 'ср', 'сре', 'среда'],
  ['thu', 'thur', 'thurs', 'thursday', 'чт', 'чет', 'четверг'],
  ['fri', 'friday', 'пт', 'пят', 'пятница'],
  ['sat', 'saturday', 'сб', 'суб', 'суббота'],
  ['sun', 'sunday', 'вс', 'вос', 'воскресенье'],
];
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$|^24:00$/;

function dayOf(name: string): number | undefined {
  const index = DAY_NAMES.findIndex((names) => names.includes(name.toLowerCase().replace(/\.$/, '')));
  return index < 0 ? undefined : index;
}

/** Minutes of the day of `HH:MM` (24:00 is 1440), or undefined. */
function minutesOf(time: string): number | undefined {
  if (!TIME.test(time)) return undefined;
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** `Mon`, `Mon-Fri`, `Fri-Mon`: the days it names, or undefined. */
function daysOf(token: string): number[] | undefined {
  const [from, to, extra] = token.split('-');
  if (from === undefined || extra !== undefined) return undefined;
  const first = dayOf(from);
  const last = to === undefined ? first : dayOf(to);
  if (first === undefined || last === undefined) return undefined;
  const days = [first];
  for (let day = first; day !== last; ) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

type Range = { from: number; to: number };

/** `09:00-18:00`; `22:00-02:00` goes past midnight. A problem says what is expected, never the text. */
function rangeOf(token: string): Range | string {
  const [start, end, extra] = token.split('-');
  const from = start === undefined ? undefined : minutesOf(start);
  const to = end === undefined ? undefined : minutesOf(end);
  if (from === undefined || to === undefined || extra !== undefined || from === DAY_MINUTES) {
    return 'times must be ranges HH:MM-HH:MM, e.g. 09:00-18:00';
  }
  if (from === to) return 'a range must not start and end at the same time (a whole day is 00:00-24:00)';
  return { from, to: to <= from ? to + DAY_MINUTES : to };
}

/** Each day's ranges as intervals of the week; a range past midnight ends the next day (Sunday's: on Monday). */
function intervalsOf(days: readonly number[], ranges: readonly Range[]): [number, number][] {
  const intervals: [number, number][] = [];
  for (const day of days) {
    for (const { from, to } of ranges) {
      const start = day * DAY_MINUTES + from;
      const end = day * DAY_MINUTES + to;
      if (end <= WEEK_MINUTES) intervals.push([start, end]);
      else intervals.push([start, WEEK_MINUTES], [0, end - WEEK_MINUTES]);
    }
  }
  return intervals;
}

function merged(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

export function parseWeeklyHours(text: string): WeeklyHoursParse {
  const intervals: [number, number][] = [];
  // Spaces around a dash are the writer's style: `Mon - Fri`, `09:00 - 18:00`.
  for (const group of text.replace(/\s*[-–—]\s*/g, '-').split(',')) {
    const tokens = group
      .trim()
      .split(/\s+/)
      .filter((token) => token !== '');
    if (tokens.length === 0) return { ok: false, problem: 'has an empty part between commas' };
    const digits = tokens.findIndex((token) => /\d/.test(token));
    const firstTime = digits < 0 ? tokens.length : digits;
    const days: number[] = [];
    for (const token of tokens.slice(0, firstTime)) {
      const named = daysOf(token);
      if (named === undefined) return { ok: false, problem: 'days must be Mon, Tue, Wed, Thu, Fri, Sat, Sun (or ranges such as Mon-Fri)' };
      days.push(...named);
    }
    if (digits < 0) return { ok: false, problem: 'names days without hours: add a range such as 09:00-18:00' };
    const ranges: Range[] = [];
    for (const token of tokens.slice(firstTime)) {
      const range = rangeOf(token);
      if (typeof range === 'string') return { ok: false, problem: range };
      ranges.push(range);
    }
    intervals.push(...intervalsOf(days.length === 0 ? [0, 1, 2, 3, 4, 5, 6] : days, ranges));
  }
  return { ok: true, hours: { open: merged(intervals) } };
}

export interface HoursState {
  open: boolean;
  /** When this state began; undefined when it always holds (open all week). */
  since: number | undefined;
  /** When it changes next; undefined when never. */
  next: number | undefined;
}

/** Monday = 0 … Sunday = 6, of a `YYYY-MM-DD` day. */
function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
}

/** Whether `at` is within the hours in `timeZone`, since when, and until when. */
export function hoursStateAt(hours: WeeklyHours, at: number, timeZone: string): HoursState {
  const day = localDay(at, timeZone);
  const weekday = weekdayOf(day);
  const parts = localParts(at, timeZone);
  const minute = weekday * DAY_MINUTES + parts.hour * 60 + parts.minute;
  // Three weeks unrolled, merged across the week's end: the changes around `minute` are all in it.
  const unrolled = merged(
    [-1, 0, 1].flatMap((week) => hours.open.map(([from, to]): [number, number] => [from + week * WEEK_MINUTES, to + week * WEEK_MINUTES])),
  );
  const open = unrolled.some(([from, to]) => from <= minute && minute < to);
  const changes = unrolled.flat().filter((change) => change > -WEEK_MINUTES && change < 2 * WEEK_MINUTES);
  const before = changes.filter((change) => change <= minute);
  const after = changes.filter((change) => change > minute);
  const instant = (weekMinute: number) => {
    const dayShift = Math.floor(weekMinute / DAY_MINUTES) - weekday;
    const ofDay = weekMinute - Math.floor(weekMinute / DAY_MINUTES) * DAY_MINUTES;
    return localTimeOn(addDays(day, dayShift), Math.floor(ofDay / 60), ofDay % 60, timeZone);
  };
  const last = before.at(-1);
  const first = after[0];
  // A wall time repeated or skipped by a clock change may land a minute off: never after `at`, never at or before it.
  return {
    open,
    since: last === undefined ? undefined : Math.min(instant(last), at),
    next: first === undefined ? undefined : Math.max(instant(first), at + 1),
  };
}
