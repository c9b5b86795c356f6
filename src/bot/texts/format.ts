/**
 * How values look in the bot's texts, for one language and one time zone: the one place numbers and times are
 * formatted (`createFormat(locale, timeZone)`). The words themselves are in `locales/<language>.ftl`; the modules of
 * `texts/` only name a message and fill in its parameters (translator.ts).
 * Texts are built from `Html` pieces (helpers/html.ts): buyer- and store-provided strings are escaped, and the length
 * Telegram counts is known.
 */
import { code, truncate, type Html } from '../helpers/html.ts';

export interface Format {
  readonly locale: string;
  readonly timeZone: string;
  /** Amounts and quantities: the language's digits and separators, fractions to at most six decimals. */
  number(value: number): string;
  /** A moment in ms since the epoch, in the configured zone, with the zone's name. */
  moment(at: number): string;
  /** An ISO timestamp like `moment`; anything that cannot be read is shown as the store sent it. */
  time(value: string): string;
  /** The calendar day of a moment in the configured zone, without the zone: `2026-11-22`, `22.11.2026` in Russian. */
  day(at: number): string;
  /** The time of day only, `14:02`: a card's audit lines, where the day is plain from the card. */
  clock(at: number): string;
  /** `moment` without the zone's name: a history's lines, one below the other, where it would only repeat. */
  stamp(at: number): string;
}

/** Checked by the configuration at start-up (BOT_TIMEZONE); here a bad zone is a programming error and throws. */
export function createFormat(locale: string, timeZone: string): Format {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const dayAndTime = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  } as const;
  const dates = new Intl.DateTimeFormat(locale, { ...dayAndTime, timeZoneName: 'short' });
  const datesWithoutZone = new Intl.DateTimeFormat(locale, dayAndTime);
  const days = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const english = (format: Intl.DateTimeFormat, at: number): string => {
    const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    const day = `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
    return part.timeZoneName === undefined ? day : `${day} ${part.timeZoneName}`;
  };
  // English keeps the sortable `2026-11-22 16:01 UTC` the README and sellers' tools know; every other language
  // gets its own order and separators from Intl (`22.11.2026, 16:01 UTC` in Russian).
  const moment = (at: number): string => (locale.startsWith('en') ? english(dates, at) : dates.format(at));
  return {
    locale,
    timeZone,
    number: (value) => numbers.format(value),
    moment,
    time(value) {
      const time = Date.parse(value);
      return Number.isNaN(time) ? value : moment(time);
    },
    day(at) {
      // English keeps the sortable day of `moment`, as above.
      if (!locale.startsWith('en')) return days.format(at);
      const part = Object.fromEntries(days.formatToParts(at).map((p) => [p.type, p.value]));
      return `${part.year}-${part.month}-${part.day}`;
    },
    clock: (at) => clock.format(at),
    stamp: (at) => (locale.startsWith('en') ? english(datesWithoutZone, at) : datesWithoutZone.format(at)),
  };
}

/** Ids in texts are code-formatted and cut, so a freak id cannot push a message over Telegram's limit. */
export const idCode = (raw: string): Html => code(truncate(raw, 80));
