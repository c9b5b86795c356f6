/**
 * One drainer step for buyer messages: the order's waiting messages packed into as few Telegram messages as fit in
 * 4096 characters, each with its own header, in order; a long message's parts never cut again; progress says how
 * far each message got, so the next step (or a restart) goes on from there.
 */
import { en } from '../support/texts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueueDelivery } from '../../src/bot/sink/queue-delivery.ts';
import { toEntry } from '../../src/bot/sink/queue-items.ts';
import type { SinkDelivery } from '../../src/bot/sink/sink-delivery.ts';
import type { ChatBinding } from '../../src/bot/storage/chat-binding.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { createTelegramQueueQueries, type TelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import { MessageSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import type { SyncForBot } from '../../src/sync/contract.ts';

const CHAT = -100500;
const ORDER = 'ord_q' as OrderId;
const summary = { id: ORDER, status: 'paid' as const, productTitle: 'Steam Key', telegram: [] };
let dir: string;
let db: SqliteDatabase;
let queue: TelegramQueueQueries;
let sent: string[];
let step: ReturnType<typeof createQueueDelivery>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'q-delivery-'));
  db = openDatabase(join(dir, 'db.sqlite'), { logger: pino({ level: 'silent' }) });
  queue = createTelegramQueueQueries(db);
  sent = [];
  const delivery = {
    forBuyerMessage: async () => async (part: { html: string }) => {
      sent.push(part.html);
      return { chatId: CHAT, messageId: sent.length };
    },
  } as unknown as SinkDelivery;
  const binding = { requireChatId: async () => CHAT, requireChatOf: async () => CHAT } as unknown as ChatBinding;
  step = createQueueDelivery({
    delivery,
    deliverNotice: async () => undefined,
    binding,
    engine: () => ({}) as SyncForBot,
    store: queue,
    tr: en,
  });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const queueMessage = (id: string, text: string) => {
  const message = MessageSchema.parse({ id, senderRole: 'buyer', text, createdAt: '2026-11-23T10:00:00.000Z' });
  const { replaces: _, ...entry } = toEntry({ kind: 'message', summary, message, timing: 'live' });
  queue.add(entry, 0);
};

/** Runs steps until the queue is empty, recording progress as the drainer does. */
const drain = async () => {
  for (let row = queue.next(0, 0, 'main'); row; row = queue.next(0, 0, 'main')) {
    const result = await step(row);
    expect(result.links).toEqual([{ orderId: ORDER, ref: { chatId: CHAT, messageId: sent.length }, role: 'other' }]);
    queue.progress(result.progress, 0);
  }
};
const visible = (html: string) => parseTelegramHtml(html).text;

describe('relaying queued buyer messages', () => {
  it('packs the waiting messages of an order into one Telegram message, each with its header, in order', async () => {
    for (const [i, text] of ['hello', 'is it <ready>?', 'thanks & bye'].entries()) queueMessage(`m${i}`, text);
    await drain();
    expect(sent).toHaveLength(1);
    const text = visible(sent[0]!);
    expect(text.match(/💬 Buyer · order ord_q · Steam Key/g)).toHaveLength(3);
    expect(text.indexOf('hello')).toBeLessThan(text.indexOf('is it <ready>?'));
    expect(text.indexOf('is it <ready>?')).toBeLessThan(text.indexOf('thanks & bye'));
  });

  it('starts a new Telegram message when the next would pass 4096 characters', async () => {
    for (const i of [1, 2, 3]) queueMessage(`m${i}`, `${i}`.repeat(3000));
    await drain();
    expect(sent).toHaveLength(3);
    for (const html of sent) expect(visible(html).length).toBeLessThanOrEqual(4096);
  });

  it("a long message's parts stay whole; the next message joins its last part; nothing lost", async () => {
    const long = 'word '.repeat(1200).trim();
    queueMessage('long', long);
    queueMessage('short', 'and one more');
    await drain();
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map(visible);
    expect(first).toContain('(part 1 of 2)');
    expect(second).toContain('(part 2 of 2)');
    expect(second!.indexOf('(part 2 of 2)')).toBeLessThan(second!.indexOf('and one more'));
    const words = (first! + second!).match(/word/g) ?? [];
    expect(words).toHaveLength(1200);
  });

  it('goes on after the parts already accepted (a restart mid-message)', async () => {
    queueMessage('long', 'word '.repeat(1200).trim());
    const row = queue.next(0, 0, 'main')!;
    queue.progress([{ seq: row.seq, partsSent: 1, done: false, payload: row.payload }], 0);
    await drain();
    expect(sent.map(visible)).toEqual([expect.stringContaining('(part 2 of 2)')]);
  });
});
