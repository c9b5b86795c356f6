/**
 * Auto-delivery as the seller sees it: the card says the bot is delivering and offers no Take, then shows the items
 * behind a spoiler with Replace item; a replacement goes to the buyer once; short stock is left to the seller.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStockQueries } from '../../src/db/stock.ts';
import { createUserLanguageQueries } from '../../src/db/user-languages.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';
import Database from 'better-sqlite3';

const KEY = 'HOLLOW-7QX4-K9MZ-0001';
const NEXT = 'HOLLOW-8RT2-L3PW-0002';
let h: BridgeHarness;
let product: ProductId;
const logLines: string[] = [];

beforeEach(async () => {
  logLines.length = 0;
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      logLines.push(chunk.toString());
      done();
    },
  });
  h = await createBridgeHarness({ logger: pino({ level: 'debug' }, sink) });
  product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
});
afterEach(() => h.close());

/** Stock written as `npm run stock` would: another connection to the bridge's database file. */
function addStock(items: string[]): void {
  const db = new Database(h.dbPath);
  try {
    createStockQueries(db).add(product, items, Date.now());
  } finally {
    db.close();
  }
}

const cardText = (messageId: number) => h.telegram.message(GROUP_ID, messageId)?.text ?? '';
const cardSource = (messageId: number) => h.telegram.message(GROUP_ID, messageId)?.source ?? '';

describe('auto-delivery on the card', () => {
  it('delivers by itself, hides the key behind a spoiler, and a confirmed Replace sends the next key once', async () => {
    addStock([KEY, NEXT]);
    const order = h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 1 });
    await h.engine.pollNow();
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    expect(h.sandbox.control.order(order.id)?.deliveredValue).toBe(KEY);
    const [card] = h.cardsOf(order.id);
    await eventually(() => expect(cardText(card!.messageId)).toContain('Delivered automatically from stock'));
    // The key is on the card only inside a spoiler, and nowhere else in the chat.
    expect(cardSource(card!.messageId)).toContain(`<tg-spoiler>${KEY}</tg-spoiler>`);
    const elsewhere = h.telegram.botMessages(GROUP_ID).filter((message) => message.messageId !== card!.messageId);
    expect(elsewhere.map((message) => message.source).join('\n')).not.toContain(KEY);
    expect(labels(h.telegram.message(GROUP_ID, card!.messageId))).toEqual(['🔁 Replace HO…01']);

    h.telegram.tapLabel(ADMIN, card!.messageId, '🔁 Replace HO…01', { chatId: GROUP_ID });
    await eventually(() => expect(h.lastBotMessage().text).toContain('Replace this item?'));
    const question = h.lastBotMessage();
    // The question is linked to its order right after it is sent; a person cannot tap faster than that.
    await eventually(() => expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: question.messageId })).toBe(order.id));
    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', { chatId: GROUP_ID });
    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', { chatId: GROUP_ID });
    await eventually(() =>
      expect(h.telegram.message(GROUP_ID, question.messageId)?.text).toBe('The next item is on its way to the buyer.'),
    );
    await eventually(async () => {
      await h.engine.pollNow();
      const sent = h.sandbox.control.messages(order.id).filter((message) => message.senderRole === 'seller');
      expect(sent.map((message) => message.text)).toEqual([`Here is a replacement for the item that did not work:\n${NEXT}`]);
    });
    await eventually(() => expect(cardText(card!.messageId)).toContain('1 item replaced'));
    expect(cardSource(card!.messageId)).toContain(`<tg-spoiler>${NEXT}</tg-spoiler>`);
    // Keys never reach a log line.
    expect(logLines.join('')).not.toContain(KEY);
    expect(logLines.join('')).not.toContain(NEXT);
  });

  it('names each item on its Replace button: two keys with the same ends get their line number and a longer mask', async () => {
    const [first, second, spare] = ['DEXA-7QX4-K9AB-00MZ', 'DEYB-8RT2-L3CD-11MZ', 'SPARE-0000-0000-0003'];
    addStock([first!, second!, spare!]);
    const order = h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 2 });
    await h.engine.pollNow();
    await eventually(() => expect(h.sandbox.control.order(order.id)?.deliveredValue).toBe(`${first}\n${second}`));
    const [card] = h.cardsOf(order.id);
    await eventually(() =>
      expect(labels(h.telegram.message(GROUP_ID, card!.messageId))).toEqual(['🔁 Replace #1 DEX…0MZ', '🔁 Replace #2 DEY…1MZ']),
    );
    h.telegram.tapLabel(ADMIN, card!.messageId, '🔁 Replace #2 DEY…1MZ', { chatId: GROUP_ID });
    await eventually(() => expect(h.lastBotMessage().text).toContain('The item #2 DEY…1MZ is marked bad'));
    const question = h.lastBotMessage();
    await eventually(() => expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: question.messageId })).toBe(order.id));
    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', { chatId: GROUP_ID });
    await eventually(() => expect(cardSource(card!.messageId)).toContain(`<tg-spoiler>${first}\n${spare}</tg-spoiler>`));
    expect(logLines.join('')).not.toContain(second);
  });

  it("sends the replacement in the chat's language (BOT_LANGUAGE), whatever /language the tapping admin chose", async () => {
    addStock([KEY, NEXT]);
    createUserLanguageQueries(h.db).setLanguage(ADMIN.id, 'ru', Date.now());
    const order = h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 1 });
    await h.engine.pollNow();
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    const [card] = h.cardsOf(order.id);
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card!.messageId))).toEqual(['🔁 Replace HO…01']));
    h.telegram.tapLabel(ADMIN, card!.messageId, '🔁 Replace HO…01', { chatId: GROUP_ID });
    // The admin's own answers are in Russian...
    await eventually(() => expect(h.lastBotMessage().text).toContain('Заменить этот ключ?'));
    const question = h.lastBotMessage();
    await eventually(() => expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: question.messageId })).toBe(order.id));
    h.telegram.tapLabel(ADMIN, question.messageId, 'Подтвердить', { chatId: GROUP_ID });
    // ...the buyer's message is the store's, in English.
    await eventually(async () => {
      await h.engine.pollNow();
      const sent = h.sandbox.control.messages(order.id).filter((message) => message.senderRole === 'seller');
      expect(sent.map((message) => message.text)).toEqual([`Here is a replacement for the item that did not work:\n${NEXT}`]);
    });
  });

  it('leaves a short-stock order to the seller with the usual buttons and says why', async () => {
    addStock([KEY]);
    const { card } = await h.createPaidOrder({ status: 'paid', productId: product, quantity: 2 });
    expect(card.text).toContain('Not delivered automatically: needs 2 items, 1 in stock');
    expect(labels(card)).toEqual(['Take', 'Cancel']);
  });

  it('leaves an order too big for one issued value to the seller, taking nothing, and says why', async () => {
    addStock(Array.from({ length: 300 }, (_, i) => `BULK-${String(i).padStart(4, '0')}-${'Z'.repeat(30)}`));
    const { card, order } = await h.createPaidOrder({ status: 'paid', productId: product, quantity: 300 });
    expect(card.text).toContain('Not delivered automatically: too many items to deliver at once from stock (300 items): deliver by hand');
    expect(labels(card)).toEqual(['Take', 'Cancel']);
    await h.engine.pollNow();
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
  });

  it('shows an order that came in while the bridge was down with one card, delivered at once on the catch-up', async () => {
    addStock([KEY, NEXT]);
    await h.stopBridge();
    // Its appearance is queued behind the catch-up notice, and the delivery settles before the queue shows it.
    const order = h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 1 });
    await h.restart();
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    await h.drained();
    await eventually(() => expect(cardText(h.cardsOf(order.id)[0]!.messageId)).toContain('Delivered automatically from stock'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.cardsOf(order.id)).toHaveLength(1);
  });
});
