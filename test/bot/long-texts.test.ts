/**
 * Buyer messages longer than Telegram's 4096 characters: split in order, nothing lost, cut at a line or a word, and
 * never inside a character a person sees as one (a surrogate pair, a flag, a ZWJ emoji, a letter with its accent);
 * escaping comes after the split, so an HTML entity is never cut. No part ends with whitespace Telegram would trim.
 */
import { describe, expect, it } from 'vitest';
import { splitText } from '../../src/bot/helpers/split-text.ts';
import { chatMessageParts } from '../../src/bot/sink/chat-message-parts.ts';
import { MessageSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { en } from '../support/texts.ts';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Whether a cut at `at` is allowed: between graphemes, or between the code points of one longer than a part. */
function cutAllowed(text: string, at: number, max: number): boolean {
  for (const { index, segment } of segmenter.segment(text)) {
    if (at === index) return true;
    if (at < index + segment.length) return segment.length > max && !/[\uDC00-\uDFFF]/.test(text.charAt(at));
  }
  return at === text.length;
}

/** Every invariant of a split, for any text. */
function expectGoodSplit(text: string, max: number): string[] {
  const parts = splitText(text, max);
  expect(parts.join('')).toBe(text);
  let at = 0;
  for (const [index, part] of parts.entries()) {
    expect(part.length).toBeLessThanOrEqual(max);
    expect(part.length).toBeGreaterThan(0);
    at += part.length;
    if (index < parts.length - 1) {
      expect(cutAllowed(text, at, max), `cut at ${at} inside a character`).toBe(true);
      if (part.trim() !== '') expect(/\s$/.test(part), `part ${index} ends with whitespace`).toBe(false);
    }
  }
  return parts;
}

describe('splitText', () => {
  it.each([
    ['flags', '🇺🇸🇩🇪🇯🇵🇫🇷'],
    ['ZWJ families', '👨‍👩‍👧‍👦👩‍💻'],
    ['emoji with skin tones', '👍🏽👋🏿'],
    ['accents as combining marks', 'e\u0301a\u0300o\u0308'],
    ['plain emoji', '😀🎉'],
  ])('never cuts inside %s', (_name, unit) => {
    for (const max of [9, 10, 25, 31]) expectGoodSplit(unit.repeat(60), max);
  });

  it('cuts before a whitespace run and before \\r\\n, so no part ends with whitespace Telegram would trim', () => {
    const spaced = `${'a'.repeat(30)}${' '.repeat(20)}${'b'.repeat(30)}`;
    expect(expectGoodSplit(spaced, 40)[0]).toBe('a'.repeat(30));
    const crlf = `${'a'.repeat(30)}\r\n${'b'.repeat(30)}`;
    expect(expectGoodSplit(crlf, 40)[0]).toBe('a'.repeat(30));
  });

  it('prefers a line break, then a word boundary, in the second half of a part', () => {
    const text = `${'w '.repeat(10)}line one\n${'x'.repeat(12)} ${'y'.repeat(30)}`;
    expect(expectGoodSplit(text, 40)[0]).toBe(`${'w '.repeat(10)}line one`);
    const words = `${'word '.repeat(20)}`.trim();
    for (const part of expectGoodSplit(words, 23)) expect(part.trim()).toMatch(/^(word ?)+$/);
  });

  it('keeps any mix whole and within the limit (seeded fuzz)', () => {
    const alphabet = [
      'a',
      'b',
      ' ',
      '  ',
      '\n',
      '\r\n',
      '&',
      '&amp;',
      '<',
      '>',
      '😀',
      '🇺🇸',
      '👨‍👩‍👧',
      'e\u0301',
      '👍🏽',
      'long_word_without_spaces',
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      let text = '';
      const length = 20 + Math.floor(random() * 400);
      while (text.length < length) text += alphabet[Math.floor(random() * alphabet.length)];
      expectGoodSplit(text, 12 + Math.floor(random() * 80));
    }
  });
});

describe('a long buyer message in Telegram parts', () => {
  const message = (text: string) => MessageSchema.parse({ id: 'm1', senderRole: 'buyer', text, createdAt: '2024-05-01T10:00:00.000Z' });
  const bodyOf = (html: string) => parseTelegramHtml(html).text.split('\n\n').slice(1).join('\n\n');

  it.each([
    ['&amp;-heavy', '&amp;'.repeat(2000)],
    ['& and < only', '&<>'.repeat(3000)],
    ['emoji only', '😀'.repeat(5000)],
    ['flags and words', '🇺🇸 Hello & <goodbye> 👨‍👩‍👧 '.repeat(400)],
  ])('%s: parts Telegram accepts, in order, losing nothing', (_name, text) => {
    const parts = chatMessageParts(en, { id: 'ord_1' as OrderId, productTitle: 'Game key' }, message(text));
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      const parsed = parseTelegramHtml(part.html); // throws on a cut entity
      expect(parsed.text.length).toBeLessThanOrEqual(4096);
      expect(parsed.text).toContain(`(part ${index + 1} of ${parts.length})`);
    }
    expect(parts.map((part) => bodyOf(part.html)).join('')).toBe(text);
  });
});
