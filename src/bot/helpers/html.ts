/**
 * Telegram HTML parse mode, built from segments that know their raw text: escaping is done once, here, and the
 * length a person reads (what Telegram's 4096-character limit counts) is known without parsing the HTML back.
 */

/** Telegram's limit for a message's text after entity parsing. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** Escapes the three characters Telegram's HTML parser reserves. Quotes need no escaping outside attributes. */
export function escapeHtml(raw: string): string {
  return raw.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A piece of a Telegram message: its HTML source and the length of its text after entity parsing. */
export interface Html {
  readonly html: string;
  readonly length: number;
}

const piece = (html: string, length: number): Html => ({ html, length });

/** Raw (buyer- or store-provided) text: always escaped. */
export const text = (raw: string): Html => piece(escapeHtml(raw), raw.length);
// bold, italic and spoiler: the locale files now write these tags; kept for the texts of other branches until their
// conversion to Fluent (docs/architecture.md, "A new text"). Then they can go.
/** @public */
export const bold = (content: Html | string): Html => wrap('b', content);
/** @public */
export const italic = (content: Html | string): Html => wrap('i', content);
export const code = (content: Html | string): Html => wrap('code', content);
/** Hidden until tapped: keys on a card stay private when a phone is looked over. @public */
export const spoiler = (content: Html | string): Html => wrap('tg-spoiler', content);
export const link = (url: string, content: Html | string): Html => {
  const inner = typeof content === 'string' ? text(content) : content;
  return piece(`<a href="${escapeHtml(url).replace(/"/g, '&quot;')}">${inner.html}</a>`, inner.length);
};

function wrap(tag: string, content: Html | string): Html {
  const inner = typeof content === 'string' ? text(content) : content;
  return piece(`<${tag}>${inner.html}</${tag}>`, inner.length);
}

/** Joins pieces; strings are raw text and get escaped. */
export function join(parts: readonly (Html | string)[], separator = ''): Html {
  const pieces = parts.map((part) => (typeof part === 'string' ? text(part) : part));
  return piece(
    pieces.map((part) => part.html).join(escapeHtml(separator)),
    pieces.reduce((sum, part) => sum + part.length, 0) + separator.length * Math.max(pieces.length - 1, 0),
  );
}

/** Lines joined by newlines. */
export const lines = (parts: readonly (Html | string)[]): Html => join(parts, '\n');

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts raw text to at most `max` UTF-16 units (what Telegram counts), marking the cut, and only between characters as
 * people see them: a flag, a family emoji or a skin tone is kept whole or left out whole.
 */
export function truncate(raw: string, max: number): string {
  if (raw.length <= max) return raw;
  const limit = Math.max(max - 1, 0);
  let end = 0;
  for (const { index, segment } of GRAPHEMES.segment(raw)) {
    if (index + segment.length > limit) break;
    end = index + segment.length;
  }
  return `${raw.slice(0, end)}…`;
}

export const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
