/**
 * Progress lines with several stores: each store numbers its actions on its own, so two stores' Deliver lines can
 * wait under the same action id at once. Each outcome is written into its own store's line only; the `main` store's
 * lines keep the bare action id as their key, as lines written before several stores were.
 */
import type { Api } from 'grammy';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ActionId, ActionOutcome, ActionTicket } from '../../src/core/actions.ts';
import { text } from '../../src/bot/helpers/html.ts';
import { createProgressLines } from '../../src/bot/sink/progress-lines.ts';
import type { BotKeyValueStore } from '../../src/bot/storage/kv.ts';
import { createProgressLineRecords } from '../../src/bot/storage/progress-lines.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { en } from '../support/texts.ts';

function memoryKv(): BotKeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: (key) => map.get(key),
    set: (key, value) => map.set(key, value),
    delete: (key) => map.delete(key),
    keys: (prefix) => [...map.keys()].filter((key) => key.startsWith(prefix)),
  };
}

describe('progress lines of several stores', () => {
  it('two stores with the same action id: each outcome edits its own line', async () => {
    const kv = memoryKv();
    const edits: { chatId: number; messageId: number; text: string }[] = [];
    const api = {
      editMessageText: async (chatId: number, messageId: number, html: string) => {
        edits.push({ chatId, messageId, text: html });
        return true;
      },
    } as unknown as Api;
    const lines = createProgressLines({
      api,
      records: createProgressLineRecords(kv),
      translator: () => en,
      now: () => 1_000,
      logger: pino({ level: 'silent' }),
      secrets: [],
    });
    const sameId = 7 as ActionId;
    const ticket: ActionTicket = { actionId: sameId, idempotencyKey: 'k', deduplicated: false, state: 'pending' };
    const orders = { main: 'ord_1' as OrderId, north: 'north/ord_1' as OrderId };
    await lines.show(ticket, {
      message: { chatId: -1, messageId: 10 },
      orderId: orders.main,
      kind: 'deliver',
      tr: en,
      progress: text('⏳ main'),
    });
    await lines.show(ticket, {
      message: { chatId: -1, messageId: 20 },
      orderId: orders.north,
      kind: 'deliver',
      tr: en,
      progress: text('⏳ north'),
    });
    expect([...kv.map.keys()].sort()).toEqual(['bot.progress-line:7', 'bot.progress-line:north/7']);

    edits.length = 0;
    const outcome: ActionOutcome = {
      actionId: sameId,
      action: { kind: 'deliver', orderId: orders.north, by: { userId: 1 } as never },
      ok: true,
    };
    expect(await lines.settle(outcome)).toBe('said');
    expect(edits.map((edit) => edit.messageId)).toEqual([20]);
    expect([...kv.map.keys()]).toEqual(['bot.progress-line:7']);
  });
});
