/**
 * Splits a long raw text into parts of at most `max` characters (UTF-16 units, as Telegram counts), never dropping
 * anything: concatenating the parts gives the original back. Cuts prefer a line break, then a word boundary, in
 * the second half of a part, and are made before the whitespace, so no part ends with whitespace Telegram would
 * trim away. A cut without a boundary in reach falls between two characters as a person sees them (graphemes: a
 * flag, a ZWJ emoji, a letter and its accent stay whole), or, inside one longer than a part, between code points.
 * Parts are raw: each is escaped on its own afterwards, so an HTML entity is never cut in two.
 */
import { isHighSurrogate } from './html.ts';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Grapheme boundaries are decided by the characters around them: this much past the cut is read to find them. */
const GRAPHEME_LOOKAHEAD = 64;

const isSpace = (char: string) => /\s/.test(char);

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
  const floor = Math.floor(max / 2);
  const newline = text.lastIndexOf('\n', max);
  // Before the line break, and before any whitespace that ends the line (a `\r`, trailing spaces).
  if (newline > floor) return beforeSpace(text, newline);
  for (let i = max; i > floor; i--) {
    if (isSpace(text.charAt(i)) && !isSpace(text.charAt(i - 1))) return i;
  }
  return beforeSpace(text, lastGraphemeEdge(text, max));
}

/** Moves a cut back to the start of the whitespace before it, unless that would leave nothing before the cut. */
function beforeSpace(text: string, cut: number): number {
  let start = cut;
  while (start > 0 && isSpace(text.charAt(start - 1))) start -= 1;
  return start > 0 ? start : cut;
}

/** The last boundary between graphemes at or before `max` (and after 0); else between code points. */
function lastGraphemeEdge(text: string, max: number): number {
  let edge = 0;
  for (const { index } of graphemes.segment(text.slice(0, max + GRAPHEME_LOOKAHEAD))) {
    if (index > max) break;
    edge = index;
  }
  if (edge > 0) return edge;
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}
