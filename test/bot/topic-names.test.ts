/** Topic names fit Telegram's 128 characters whatever the title; links to a topic use the supergroup's internal id. */
import { describe, expect, it } from 'vitest';
import { topicName } from '../../src/bot/texts/topics.ts';
import { topicUrl } from '../../src/bot/topics/order-topics.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { en } from '../support/texts.ts';

const orderId = 'ord_000006630a3f4dad' as OrderId;

describe('topic names', () => {
  it('carry the status emoji, the order id and the product title', () => {
    expect(topicName(en, { status: 'paid', orderId, productTitle: 'Steam Key — Hollow Realms (PC)' })).toBe(
      '🟢 ord_000006630a3f4dad · Steam Key — Hollow Realms (PC)',
    );
    expect(topicName(en, { status: 'processing', orderId, productTitle: undefined })).toBe('🛠 ord_000006630a3f4dad');
    expect(topicName(en, { status: 'refunded', orderId, productTitle: 'X' })).toMatch(/^❔ /);
  });

  it('are cut to 128 characters, never inside an emoji', () => {
    for (const title of ['x'.repeat(300), '🎮'.repeat(200), `${'a'.repeat(103)}🎮🎮🎮`]) {
      const name = topicName(en, { status: 'completed', orderId, productTitle: title });
      expect(name.length).toBeLessThanOrEqual(128);
      expect(name.endsWith('…')).toBe(true);
      expect(name).toMatch(/^✅ ord_000006630a3f4dad · /);
      expect(() => encodeURIComponent(name)).not.toThrow();
    }
  });

  it('are never cut inside a flag, a family or a skin tone: the cut falls between whole characters as people see them', () => {
    const full = (title: string) => `✅ ${orderId} · ${title}`;
    const boundaries = (text: string) => {
      const ends = new Set<number>();
      for (const { index, segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text))
        ends.add(index + segment.length);
      return ends;
    };
    for (const title of ['🇰🇿'.repeat(60), '👨‍👩‍👧'.repeat(30), '👍🏽'.repeat(50), `${'a'.repeat(100)}❤️❤️❤️❤️`]) {
      const name = topicName(en, { status: 'completed', orderId, productTitle: title });
      expect(name.length).toBeLessThanOrEqual(128);
      const kept = name.slice(0, -1);
      expect(full(title).startsWith(kept)).toBe(true);
      expect(boundaries(full(title)).has(kept.length)).toBe(true);
    }
  });
});

describe('topic links', () => {
  it('use the supergroup id without -100', () => {
    expect(topicUrl(-1001234567890, 42)).toBe('https://t.me/c/1234567890/42');
  });
});
