/**
 * Splits a long raw text into parts of at most `max` characters, never dropping anything: concatenating the parts
 * gives the original back. Cuts prefer a line break, then any whitespace, in the second half of a part; the
 * whitespace starts the next part, so no part ends with whitespace that Telegram would trim away.
 * Parts are raw: each is escaped on its own afterwards, so an HTML entity is never cut in two.
 */
import { isHighSurrogate } from './html.ts';

export function splitText(raw: string, max: number): string[] {
  if (max < 2) throw new RangeError('splitText: max must be at least 2');
  const parts: string[] = [];
  let rest = raw;
  while (rest.length > max) {
    const cut = findCut(rest, max);
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}

function findCut(text: string, max: number): number {
  const window = text.slice(0, max + 1);
  const floor = Math.floor(max / 2);
  const newline = window.lastIndexOf('\n', max);
  if (newline > floor) return newline;
  for (let i = max; i > floor; i--) {
    if (/\s/.test(window.charAt(i))) return i;
  }
  // No boundary in reach: a hard cut, moved back off a surrogate pair.
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}
