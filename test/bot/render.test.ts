import { describe, expect, it } from 'vitest';
import { chatMessageParts } from '../../src/bot/sink/chat-message-parts.ts';
import { escapeHtml } from '../../src/bot/helpers/html.ts';
import { splitText } from '../../src/bot/helpers/split-text.ts';
import { orderCard } from '../../src/bot/cards/render-card.ts';
import { statusInWords } from '../../src/bot/texts/order-card.ts';
import { MessageSchema, OrderSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { en } from '../support/texts.ts';

const message = (text: string, senderRole = 'buyer') =>
  MessageSchema.parse({ id: 'm1', senderRole, text, createdAt: '2024-05-01T10:00:00.000Z' });
const order = (fields: Record<string, unknown>) => OrderSchema.parse({ id: 'ord_1', status: 'paid', ...fields });

/** The body of a relayed part: what follows the header's blank line, as a person reads it. */
const bodyOf = (html: string) => parseTelegramHtml(html).text.split('\n\n').slice(1).join('\n\n');

describe('escapeHtml', () => {
  it('escapes exactly what Telegram reserves', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe(`&lt;b&gt;"Tom" &amp; 'Jerry'&lt;/b&gt;`);
    expect(parseTelegramHtml(escapeHtml('a < b && c > d &amp;')).text).toBe('a < b && c > d &amp;');
  });
});

describe('splitText', () => {
  it('keeps short texts whole', () => {
    expect(splitText('hello world', 50)).toEqual(['hello world']);
  });

  it('cuts at a line break, then at a space, and loses nothing', () => {
    const text = `${'a'.repeat(30)}\n${'b'.repeat(30)} ${'c'.repeat(30)}`;
    const parts = splitText(text, 40);
    expect(parts.join('')).toBe(text);
    expect(parts[0]).toBe('a'.repeat(30));
    expect(parts[1]!.startsWith('\n')).toBe(true);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(40);
  });

  it('hard-cuts a text without boundaries and never splits a surrogate pair', () => {
    const text = '😀'.repeat(50);
    const parts = splitText(text, 25);
    expect(parts.join('')).toBe(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(25);
      expect(part).toBe([...part].join('')); // whole code points
      expect(/^[\uDC00-\uDFFF]/.test(part)).toBe(false);
    }
  });
});

describe('chatMessageParts', () => {
  it('labels the author and the order, and escapes buyer HTML', () => {
    const [part, ...rest] = chatMessageParts(en, { id: 'ord_1' as OrderId, productTitle: 'Key <Pro>' }, message('Hi <b>there</b> & bye'));
    expect(rest).toEqual([]);
    const parsed = parseTelegramHtml(part!.html);
    expect(parsed.text).toContain('Buyer');
    expect(parsed.text).toContain('ord_1');
    expect(parsed.text).toContain('Key <Pro>');
    expect(bodyOf(part!.html)).toBe('Hi <b>there</b> & bye');
    expect(parsed.entities.filter((entity) => entity.type === 'bold')).toHaveLength(1); // only our label
  });

  it.each([
    ['system', 'System'],
    ['seller', 'Seller (on the store website)'],
    ['moderator', 'moderator'],
  ])('names the %s role', (role, label) => {
    const [part] = chatMessageParts(en, { id: 'ord_1' as OrderId }, message('text', role));
    expect(parseTelegramHtml(part!.html).text).toContain(label);
  });

  it('splits a 5000-character message full of entities into parts Telegram accepts, losing nothing', () => {
    const unit = 'Tom & Jerry <b>bold</b> "quotes" > less\n';
    let text = '';
    while (text.length < 5000) text += unit;
    text = text.slice(0, 5000);
    const parts = chatMessageParts(en, { id: 'ord_1' as OrderId, productTitle: 'Game key' }, message(text));
    expect(parts.length).toBe(2);
    for (const [index, part] of parts.entries()) {
      const parsed = parseTelegramHtml(part.html); // throws on a cut entity
      expect(parsed.text.length).toBeLessThanOrEqual(4096);
      expect(parsed.text.length).toBe(part.length);
      expect(parsed.text).toContain(`part ${index + 1} of 2`);
    }
    expect(parts.map((part) => bodyOf(part.html)).join('')).toBe(text);
  });

  it('shows an empty message rather than failing on it', () => {
    const [part] = chatMessageParts(en, { id: 'ord_1' as OrderId }, message('   '));
    expect(parseTelegramHtml(part!.html).text).toContain('(no text)');
  });
});

describe('orderCard', () => {
  it('shows what a seller needs, escaped', () => {
    const card = orderCard(
      en,
      order({
        productTitle: 'Steam <Key> & more',
        quantity: 2,
        amount: 12.5,
        createdAt: '2024-05-01T10:20:30.000Z',
        assigneeType: 'api',
        fieldValues: [
          { fieldId: 'f1', label: 'Email', value: 'a&b@example.com' },
          { fieldId: 'f2', label: 'Nick <x>', value: '</code>' },
        ],
      }),
    );
    const { text } = parseTelegramHtml(card.html);
    expect(text).toContain('Order ord_1');
    expect(text).toContain('Product: Steam <Key> & more');
    expect(text).toContain('Quantity: 2');
    expect(text).toContain('Amount: 12.5');
    expect(text).toContain('Created: 2024-05-01 10:20 UTC');
    expect(text).toContain('Status: 🟢 paid, waiting to be taken');
    // Nobody performs a paid order yet, whatever the store says its assignee is.
    expect(text).not.toContain('Performed by');
    expect(text).toContain('Email: a&b@example.com');
    expect(text).toContain('Nick <x>: </code>');
    expect(card.length).toBe(text.length);
  });

  it('says who performs the order from processing on, never before anyone took it or for an order cancelled unpaid', () => {
    const performedBy = (status: string, extra: Record<string, unknown> = {}) =>
      parseTelegramHtml(orderCard(en, order({ status, assigneeType: 'user', ...extra })).html).text.includes('Performed by');
    expect(performedBy('paid')).toBe(false);
    expect(performedBy('cancelled')).toBe(false);
    expect(performedBy('processing')).toBe(true);
    expect(performedBy('awaiting_confirmation')).toBe(true);
    expect(performedBy('completed')).toBe(true);
    expect(performedBy('cancelled', { takenAt: '2024-05-01T10:25:00.000Z' })).toBe(true);
  });

  it('shows unknown statuses raw and the delivered value once delivered', () => {
    expect(statusInWords(en, 'disputed')).toContain('disputed');
    const { text } = parseTelegramHtml(orderCard(en, order({ status: 'awaiting_confirmation', deliveredValue: 'KEY-<1>' })).html);
    expect(text).toContain('delivered, waiting for the buyer to confirm');
    expect(text).toContain('Delivered value: KEY-<1>');
  });

  it('stays within Telegram limits whatever the buyer typed', () => {
    const fieldValues = Array.from({ length: 40 }, (_, index) => ({
      fieldId: `f${index}`,
      label: `Field ${index}`,
      value: '&'.repeat(600),
    }));
    const card = orderCard(en, order({ productTitle: 'x'.repeat(1000), fieldValues }));
    const { text } = parseTelegramHtml(card.html);
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toMatch(/and \d+ more fields/);
  });
});
