/** Order cards and the chat relay, end to end: sandbox store → client → sync engine → bot → fake Telegram. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

/** The body of a relayed part: what follows the header's blank line. */
const bodyOf = (text: string) => text.split('\n\n').slice(1).join('\n\n');

describe('order cards', () => {
  it('a new paid order produces exactly one card with its details and Take/Cancel', async () => {
    const { order, card } = await h.createPaidOrder({
      quantity: 3,
      amount: 42.5,
      fieldValues: [{ fieldId: 'f1', label: 'Email <login>', value: 'a&b@example.com' }],
    });
    expect(card.chatId).toBe(GROUP_ID);
    expect(card.parseMode).toBe('HTML');
    expect(card.text).toContain(`Order ${order.id}`);
    if (order.productTitle) expect(card.text).toContain(`Product: ${order.productTitle}`);
    expect(card.text).toContain('Quantity: 3');
    expect(card.text).toContain('Amount: 42.5');
    expect(card.text).toContain('Status: 🟢 paid, waiting to be taken');
    expect(card.text).toContain('Email <login>: a&b@example.com');
    expect(labels(card)).toEqual(['Take', 'Cancel']);

    await h.engine.pollNow();
    await h.engine.pollNow();
    expect(h.cardsOf(order.id)).toHaveLength(1);
  });

  it('an order with seven fields of about 600 characters still gets its card, within Telegram limits', async () => {
    // Each field line is as long as a card shows one: a 100-character label and a 500-character value.
    const fieldValues = Array.from({ length: 7 }, (_, index) => ({
      fieldId: `f${index}`,
      label: `${index}`.padEnd(100, 'l'),
      value: 'v'.repeat(600),
    }));
    const { order, card } = await h.createPaidOrder({ fieldValues });
    expect(card.text.length).toBeLessThanOrEqual(4096);
    expect(card.text).toContain(`Order ${order.id}`);
    expect(card.text).toMatch(/…and 1 more field \(too long to show\)/);
    expect(labels(card)).toEqual(['Take', 'Cancel']);
  });

  it('a status change made at the store edits the card in place', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.setOrderStatus(order.id, 'processing');
    await h.engine.pollNow();
    await eventually(() => expect(h.telegram.message(GROUP_ID, card.messageId)?.text).toContain('Status: 🛠 in progress'));
    expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']);

    h.sandbox.control.setOrderStatus(order.id, 'disputed');
    await h.engine.pollNow();
    await eventually(() => expect(h.telegram.message(GROUP_ID, card.messageId)?.text).toContain('Status: ❔ disputed'));
    expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual([]);
    expect(h.cardsOf(order.id)).toHaveLength(1);
  });

  it('a card that can no longer be edited is replaced by a new, linked one', async () => {
    const { order, card } = await h.createPaidOrder();
    h.telegram.deleteMessage(GROUP_ID, card.messageId);
    h.sandbox.control.setOrderStatus(order.id, 'processing');
    await h.engine.pollNow();
    await eventually(() => expect(h.cardsOf(order.id)).toHaveLength(1));
    // Recorded once Telegram answered the send: after the queue drained.
    await h.drained();
    const fresh = h.cardsOf(order.id)[0]!;
    expect(fresh.messageId).not.toBe(card.messageId);
    expect(fresh.text).toContain('in progress');
    expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: fresh.messageId })).toBe(order.id);
  });
});

describe('buyer messages', () => {
  it('arrive as replies to their card, escaped, and a 5000-character text is split without loss', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'Hello <b>seller</b> & thanks');
    const unit = 'Tom & Jerry <b>not bold</b> </code> &amp; line\n';
    let long = '';
    while (long.length < 5000) long += unit;
    long = long.slice(0, 5000);
    h.sandbox.control.postBuyerMessage(order.id, long);
    await h.engine.pollNow();

    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(3));
    const [short, ...parts] = h.repliesTo(card.messageId);
    expect(short!.text).toContain('Buyer');
    expect(short!.text).toContain(`order ${order.id}`);
    expect(bodyOf(short!.text)).toBe('Hello <b>seller</b> & thanks');
    // Only the bridge's own label is bold: the buyer's tags stayed text.
    expect(parseTelegramHtml(short!.source).entities.filter((entity) => entity.type === 'bold')).toHaveLength(1);

    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(4096);
    expect(parts.map((part) => bodyOf(part.text)).join('')).toBe(long);

    await h.engine.pollNow();
    expect(h.repliesTo(card.messageId)).toHaveLength(3);
  });

  it('other roles are labelled and relayed too', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'Payment confirmed', { senderRole: 'system' });
    h.sandbox.control.postBuyerMessage(order.id, 'Written on the website', { senderRole: 'seller' });
    await h.engine.pollNow();
    // Found by one read, they go out together as one Telegram message, each with its own label.
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const [text] = h.repliesTo(card.messageId).map((message) => message.text);
    expect(text).toMatch(
      /^ℹ️ System · order [^\n]+\n\nPayment confirmed\n\n🏪 Seller \(on the store website\) · order [^\n]+\n\nWritten on the website$/,
    );
  });
});
