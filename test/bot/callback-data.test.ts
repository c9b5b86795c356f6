import { describe, expect, it } from 'vitest';
import { decodeLanguage, encodeLanguage } from '../../src/bot/callback-data/language.ts';
import { MAX_CALLBACK_DATA_BYTES } from '../../src/bot/callback-data/long-ref.ts';
import { createOrderActionCodec, ORDER_VERBS, type OrderVerbName } from '../../src/bot/callback-data/order-action.ts';
import { decodeEditedReply, encodeEditedReply } from '../../src/bot/callback-data/edited-reply.ts';
import type { BotKeyValueStore } from '../../src/bot/storage/kv.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';

function memoryKv(): BotKeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: (key) => structuredClone(map.get(key)),
    set: (key, value) => void map.set(key, structuredClone(value)),
    delete: (key) => map.delete(key),
    keys: (prefix) => [...map.keys()].filter((key) => key.startsWith(prefix)).sort(),
  };
}

describe('order action callback data', () => {
  it('round-trips every verb within 64 bytes', async () => {
    const codec = createOrderActionCodec(memoryKv());
    for (const verb of Object.keys(ORDER_VERBS) as OrderVerbName[]) {
      const data = await codec.encode(verb, 'ord_123' as OrderId);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_CALLBACK_DATA_BYTES);
      expect(await codec.decode(data)).toEqual({ verb, orderId: 'ord_123' });
    }
  });

  it('counts bytes, not characters: a long multibyte id goes through a remembered hash', async () => {
    const kv = memoryKv();
    const codec = createOrderActionCodec(kv);
    const id = 'заказ-'.repeat(6) as OrderId; // 36 characters, 66 bytes
    expect(id.length).toBeLessThan(64);
    const data = await codec.encode('take', id);
    expect(data.startsWith('t:#')).toBe(true);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_CALLBACK_DATA_BYTES);
    expect(await codec.decode(data)).toEqual({ verb: 'take', orderId: id });
    // Another process over the same store decodes it too; without the record it is stale.
    expect(await createOrderActionCodec(kv).decode(data)).toEqual({ verb: 'take', orderId: id });
    expect(await createOrderActionCodec(memoryKv()).decode(data)).toBeUndefined();
  });

  it.each(['', 'x', 'take:ord_1', 'zz:ord_1', 't:', ':ord_1', `t:${'a'.repeat(80)}`, 't:#unknownhash'])(
    'refuses forged or stale data %j',
    async (data) => {
      expect(await createOrderActionCodec(memoryKv()).decode(data)).toBeUndefined();
    },
  );
});

describe('the edited-reply button', () => {
  it('carries the message and the edit within 64 bytes, and reads nothing else', async () => {
    const codec = createOrderActionCodec(memoryKv());
    const ref = { messageId: Number.MAX_SAFE_INTEGER, editDate: 99_999_999_999 };
    const data = encodeEditedReply(ref);
    expect(Buffer.byteLength(data, 'utf8')).toBeLessThanOrEqual(MAX_CALLBACK_DATA_BYTES);
    expect(decodeEditedReply(data)).toEqual(ref);
    // Neither reads the other's buttons.
    expect(await codec.decode(data)).toBeUndefined();
    expect(decodeEditedReply(await codec.encode('take', 'ord_1' as OrderId))).toBeUndefined();
    for (const forged of ['er:', 'er:1', 'er:1.2.3', 'er:-1.2', `er:1.${'9'.repeat(60)}`])
      expect(decodeEditedReply(forged)).toBeUndefined();
  });
});

describe('language codec', () => {
  it('round-trips the languages there are, and nothing else', () => {
    const languages = ['en', 'ru'];
    for (const language of languages) expect(decodeLanguage(encodeLanguage(language), languages)).toBe(language);
    for (const forged of ['l:de', 'l:', 'l:EN', 'l:ru:1', 'x:ru', 'lru', `l:${'r'.repeat(70)}`])
      expect(decodeLanguage(forged, languages)).toBeUndefined();
    expect(Buffer.byteLength(encodeLanguage('zh-Hant'))).toBeLessThanOrEqual(MAX_CALLBACK_DATA_BYTES);
  });
});
