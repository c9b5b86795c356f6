/**
 * Every order card fits Telegram's 4096-character limit, counted as Telegram counts it (the text after entity
 * parsing), whatever the store sent: many random shapes, and the seven-field case that once kept an order from
 * ever appearing.
 */
import { describe, expect, it } from 'vitest';
import { orderCard } from '../../src/bot/cards/render-card.ts';
import { OrderSchema, type Order } from '../../src/seller-api/schemas.ts';
import { mulberry32, type Random } from '../../src/sandbox/random.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { en } from '../support/texts.ts';

const LIMIT = 4096;

/** Characters that stress escaping and counting: HTML specials, emoji (two UTF-16 units), other scripts, newlines. */
const ALPHABET = ['a', 'Z', '7', ' ', '&', '<', '>', '"', '😀', '🇩🇪', 'é', 'Ж', '中', 'ا', '\n', '&amp;', '</code>', '\u200b'];

function shapes(random: Random) {
  const int = (max: number) => Math.floor(random() * (max + 1));
  // Lengths cluster at the interesting edges (empty, short, around the cuts, far past them).
  const length = () => [0, 1, int(30), int(120), int(700), 500 + int(200), 2_000 + int(3_000)][int(6)] ?? 0;
  const str = () => {
    // A random run of characters, repeated: cheap to build at any length, and still mixed where it is cut.
    const run = Array.from({ length: 1 + int(40) }, () => ALPHABET[int(ALPHABET.length - 1)]).join('');
    const n = length();
    return run.repeat(Math.ceil(n / run.length)).slice(0, n);
  };
  const maybe = <T>(value: () => T): T | undefined => (random() < 0.7 ? value() : undefined);
  return (): Order => {
    const fieldCount = [0, 1, 2, 7, int(12), int(60), 100 + int(300)][int(6)] ?? 0;
    return OrderSchema.parse({
      id: str() || 'o',
      status: [str() || 'x', 'paid', 'processing', 'awaiting_confirmation', 'cancelled'][int(4)],
      productTitle: maybe(str),
      productId: maybe(str),
      quantity: maybe(() => (random() < 0.5 ? int(10) : random() * 1e21)),
      amount: maybe(() => random() * 10 ** int(25)),
      createdAt: maybe(() => (random() < 0.5 ? new Date(int(2e12)).toISOString() : str())),
      assigneeType: maybe(str),
      deliveredValue: maybe(str),
      deliveredAt: maybe(str),
      fieldValues: Array.from({ length: fieldCount }, () => ({ fieldId: maybe(str), label: maybe(str), value: maybe(str) })),
    });
  };
}

/** The card as Telegram reads it; throws when the HTML would be refused. */
function shown(order: Order) {
  const card = orderCard(en, order);
  const parsed = parseTelegramHtml(card.html);
  return { card, text: parsed.text };
}

describe('order cards fit Telegram whatever the store sent', () => {
  it('seven fields of about 600 characters: the card fits and says how many fields it left out', () => {
    const order = OrderSchema.parse({
      id: 'ord_seven',
      status: 'paid',
      productTitle: 'Steam Key — Hollow Realms (PC)',
      quantity: 1,
      amount: 19.99,
      fieldValues: Array.from({ length: 7 }, (_, index) => ({
        fieldId: `f${index}`,
        label: `Field ${index} `.padEnd(100, '.'),
        value: 'x'.repeat(600),
      })),
    });
    const { card, text } = shown(order);
    expect(text.length).toBeLessThanOrEqual(LIMIT);
    expect(card.length).toBe(text.length);
    expect(text).toContain('Order ord_seven');
    expect(text).toContain('Field 0 ...');
    expect(text).toMatch(/…and 1 more field \(too long to show\)/);
  });

  it('holds for many random shapes: any field count, any id, title, status and value length', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const order = shapes(mulberry32(seed))();
      const { card, text } = shown(order);
      const context = `seed ${seed}`;
      expect(text.length, context).toBeLessThanOrEqual(LIMIT);
      expect(card.length, context).toBe(text.length);
      // What the seller needs to act is always there: the order and its status.
      expect(text, context).toContain('Order ');
      expect(text, context).toContain('Status: ');
      const fields = order.fieldValues?.length ?? 0;
      const more = /…and (\d+) more fields? \(too long to show\)/.exec(text);
      if (more) expect(Number(more[1]), context).toBeLessThanOrEqual(fields);
    }
  });
});
