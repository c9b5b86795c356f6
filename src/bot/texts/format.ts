/**
 * How values look in the bot's texts. The modules of `texts/` hold only what a Fluent message can say: fixed strings,
 * and functions of named parameters that fill them in (a wording picked by a parameter is a Fluent select). Which text
 * to send, loops over lists and fitting Telegram's length limit stay with the code that sends it.
 * Texts are built from `Html` pieces (helpers/html.ts): buyer- and store-provided strings are escaped, and the length
 * Telegram counts is known.
 */
import { code, truncate, type Html } from '../helpers/html.ts';

/** ISO timestamps as `2024-05-01 12:30 UTC`; anything else shown as the store sent it. */
export function formatTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A moment in ms since the epoch, shown like `formatTime`. */
export const formatMoment = (at: number): string => formatTime(new Date(at).toISOString());

/** Whole numbers as they are; fractions to at most six decimals, without trailing zeros. */
export const formatNumber = (value: number): string => (Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6))));

/** `1 minute`, `2 minutes`. */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** How long ago `at` was, in seconds, minutes or hours; `never` when it has not happened. */
export function ago(at: number | undefined, now: number): string {
  if (at === undefined) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

/** Ids in texts are code-formatted and cut, so a freak id cannot push a message over Telegram's limit. */
export const idCode = (raw: string): Html => code(truncate(raw, 80));
