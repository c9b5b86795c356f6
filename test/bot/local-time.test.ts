/** Times in the seller's zone (BOT_TIMEZONE), formatted for the language; amounts for the language too. */
import { describe, expect, it } from 'vitest';
import { orderCard } from '../../src/bot/cards/render-card.ts';
import { ALERTS } from '../../src/bot/texts/alerts.ts';
import { createFormat } from '../../src/bot/texts/format.ts';
import { OrderSchema } from '../../src/seller-api/schemas.ts';
import { isKnownTimeZone } from '../../src/shared/locales.ts';
import { textsIn } from '../support/texts.ts';

describe('local time', () => {
  it('shows UTC as before by default', () => {
    expect(createFormat('en', 'UTC').time('2026-11-22T16:01:30.000Z')).toBe('2026-11-22 16:01 UTC');
    expect(createFormat('ru', 'UTC').time('2026-11-22T16:01:30.000Z')).toBe('22.11.2026, 16:01 UTC');
  });

  it('moves by half an hour in Asia/Kolkata, across midnight, in both languages', () => {
    const kolkata = (language: string) => createFormat(language, 'Asia/Kolkata');
    expect(kolkata('en').time('2026-11-22T16:01:00Z')).toBe('2026-11-22 21:31 GMT+5:30');
    expect(kolkata('en').time('2026-11-22T18:45:00Z')).toBe('2026-11-23 00:15 GMT+5:30');
    expect(kolkata('ru').time('2026-11-22T18:45:00Z')).toBe('23.11.2026, 00:15 GMT+5:30');
  });

  it('follows Europe/Berlin across the change to summer time (2026-03-29, 02:00 → 03:00)', () => {
    const berlin = createFormat('en', 'Europe/Berlin');
    expect(berlin.time('2026-03-29T00:59:00Z')).toBe('2026-03-29 01:59 GMT+1');
    // One minute later by the clock on the wall is an hour later: 02:00 never happens.
    expect(berlin.time('2026-03-29T01:00:00Z')).toBe('2026-03-29 03:00 GMT+2');
    // And back in October: 02:30 happens twice, told apart by the offset.
    expect(berlin.time('2026-10-25T00:30:00Z')).toBe('2026-10-25 02:30 GMT+2');
    expect(berlin.time('2026-10-25T01:30:00Z')).toBe('2026-10-25 02:30 GMT+1');
    expect(createFormat('ru', 'Europe/Berlin').time('2026-03-29T01:00:00Z')).toBe('29.03.2026, 03:00 GMT+2');
  });

  it('shows what it cannot read as the store sent it', () => {
    expect(createFormat('ru', 'Asia/Kolkata').time('yesterday')).toBe('yesterday');
  });

  it('reaches the card and the summary through the translator', () => {
    const order = OrderSchema.parse({ id: 'ord_1', status: 'paid', amount: 1234.5, createdAt: '2026-11-22T18:45:00Z' });
    const card = orderCard(textsIn('en', 'Asia/Kolkata'), order).html;
    expect(card).toContain('<b>Created:</b> 2026-11-23 00:15 GMT+5:30');
    expect(card).toContain('<b>Amount:</b> 1,234.5');
    const russian = orderCard(textsIn('ru', 'Europe/Berlin'), order).html;
    expect(russian).toContain('<b>Создан:</b> 22.11.2026, 19:45 GMT+1');
    expect(russian).toContain('<b>Сумма:</b> 1\u00a0234,5');
    const since = Date.parse('2026-03-29T01:00:00Z');
    expect(ALERTS.whileAway(textsIn('en', 'Europe/Berlin'), { orders: 2, messages: 1, since }).html).toContain(
      'since 2026-03-29 03:00 GMT+2',
    );
  });

  it('knows a zone from a typo', () => {
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('Europe/Berln')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
