/**
 * Staff and the audit trail as people in the group see them, against the sandbox store and the fake Bot API: staff
 * take and deliver but are refused Cancel and its confirmation with no store request; someone in both lists is an
 * admin; the card says who did what; /order shows the history; /stats counts it.
 * The engine runs, so the outbox sends what is queued; the poll loop only reads (GET), so every POST the store counts
 * came from a tap.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditQueries } from '../../src/db/audit.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import type { FakeUser } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, settled, type BridgeHarness } from './harness.ts';

const STAFF: FakeUser = { id: 3003, first_name: 'Anna' };
const BOTH: FakeUser = { id: 4004, first_name: 'Boris' };
const inGroup = { chatId: GROUP_ID };

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness({ adminIds: [ADMIN.id, BOTH.id], bot: { staffIds: [STAFF.id, BOTH.id] } });
});
afterEach(() => h.close());

const posts = () =>
  Object.entries(h.sandbox.control.stats().byRoute)
    .filter(([route]) => route.startsWith('POST'))
    .reduce((sum, [, count]) => sum + count, 0);

/** A paid order whose card is posted and whose hand-off committed: a tap before that would find no order. */
async function paidOrder() {
  const created = await h.createPaidOrder();
  await eventually(() => expect(h.engine.findOrder(created.order.id)).toBeDefined());
  return created;
}

const cardText = (messageId: number) => h.telegram.message(GROUP_ID, messageId)?.text ?? '';
const HH_MM = /\d\d:\d\d/;

describe('staff', () => {
  it('are refused Cancel and the cancel confirmation with an answer and no store request', async () => {
    const { order, card } = await paidOrder();
    h.sandbox.control.resetStats();

    const tap = h.telegram.tapLabel(STAFF, card.messageId, 'Cancel', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/Only an admin can cancel/);
    expect(h.repliesTo(card.messageId)).toEqual([]); // no "cancel and refund?" question

    // An admin's question, confirmed by staff: refused too.
    h.telegram.tapLabel(ADMIN, card.messageId, 'Cancel', inGroup);
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const question = h.repliesTo(card.messageId)[0]!;
    const confirm = h.telegram.tapLabel(STAFF, question.messageId, labels(question)[0]!, inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(confirm)?.text).toMatch(/Only an admin can cancel/);

    await h.engine.pollNow();
    expect(posts()).toBe(0);
    expect(h.engine.status().outboxDepth).toBe(0);
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');

    // The attempts are in the order's history, not on its card: they changed nothing.
    h.telegram.sendText(ADMIN, `/order ${order.id}`, inGroup);
    const historyText = () => h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('🕓 History of order'))?.text ?? '';
    await eventually(() => expect(historyText().match(/cancel by Anna: refused \(admins only\)/g)).toHaveLength(2));
    expect(cardText(card.messageId)).not.toContain('Anna');
  });

  it('a step the store refuses says so on the card, with who tried', async () => {
    const { order, card } = await paidOrder();
    h.sandbox.control.setOrderStatus(order.id, 'cancelled'); // on the store website, unseen yet
    h.telegram.tapLabel(STAFF, card.messageId, 'Take', inGroup);
    await eventually(() => expect(cardText(card.messageId)).toMatch(/take by Anna failed \(ORDER_INVALID_STATUS\) · \d\d:\d\d/));
  });

  it('take and deliver; the card says who did it and when', async () => {
    const { order, card } = await paidOrder();
    h.telegram.tapLabel(STAFF, card.messageId, 'Take', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('processing'));
    await eventually(() => expect(cardText(card.messageId)).toMatch(new RegExp(`taken by Anna · ${HH_MM.source}`)));

    h.telegram.tapLabel(STAFF, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toContain('Reply to this message with the issued value'));
    const prompt = h.lastBotMessage();
    h.telegram.sendText(STAFF, 'KEY-0001', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.lastBotMessage().text).toContain('with this value?'));
    const preview = h.lastBotMessage();
    h.telegram.tapLabel(STAFF, preview.messageId, 'Confirm', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    await eventually(() => expect(cardText(card.messageId)).toMatch(/taken by Anna · \d\d:\d\d\ndelivered by Anna · \d\d:\d\d/));
  });

  it('/start tells them they are staff', async () => {
    h.telegram.sendText(STAFF, '/start', inGroup);
    await settled(h);
    expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toContain(`You (user ${STAFF.id}) are staff`);
  });

  it('are refused /stock with an answer', async () => {
    h.sandbox.control.resetStats();
    const command = h.telegram.sendText(STAFF, '/stock', inGroup);
    await settled(h);
    expect(h.repliesTo(command.message_id)[0]?.text).toMatch(/Only an admin can do this/);
    expect(posts()).toBe(0);
  });

  it('are refused Replace item and its confirmation with an answer: no key marked bad, nothing sent to the buyer', async () => {
    const product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
    createStockQueries(h.db).add(product, ['STAFF-TEST-KEY-0001', 'STAFF-TEST-KEY-0002'], Date.now());
    const order = h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 1 });
    await h.engine.pollNow();
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    await h.drained();
    const card = h.cardsOf(order.id)[0]!;
    const replace = () => labels(h.telegram.message(GROUP_ID, card.messageId)).find((label) => label.startsWith('🔁'))!;
    await eventually(() => expect(replace()).toBeDefined());

    const tap = h.telegram.tapLabel(STAFF, card.messageId, replace(), inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/Only an admin can do this/);
    expect(h.repliesTo(card.messageId)).toEqual([]); // no "Replace this item?" question

    // An admin's question, confirmed by staff: refused too.
    h.telegram.tapLabel(ADMIN, card.messageId, replace(), inGroup);
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const question = h.repliesTo(card.messageId)[0]!;
    await eventually(() => expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: question.messageId })).toBe(order.id));
    const confirm = h.telegram.tapLabel(STAFF, question.messageId, 'Confirm', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(confirm)?.text).toMatch(/Only an admin can do this/);
    await h.engine.pollNow();
    expect(h.sandbox.control.messages(order.id).filter((message) => message.senderRole === 'seller')).toEqual([]);
    expect(h.engine.orderStock(order.id)?.items.map((item) => item.item)).toEqual(['STAFF-TEST-KEY-0001']);
  });

  it('someone in both lists is an admin: they cancel, and the card says so', async () => {
    const { order, card } = await paidOrder();
    h.telegram.tapLabel(BOTH, card.messageId, 'Cancel', inGroup);
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const question = h.repliesTo(card.messageId)[0]!;
    h.telegram.tapLabel(BOTH, question.messageId, labels(question)[0]!, inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('cancelled'));
    await eventually(() => expect(cardText(card.messageId)).toMatch(/cancelled by Boris · \d\d:\d\d/));
  });
});

describe('steps outside the outbox', () => {
  /** Sends a command and waits for the bot's answer to it. */
  async function command(from: FakeUser, text: string): Promise<string> {
    const sent = h.telegram.sendText(from, text, inGroup);
    let answer = '';
    await eventually(() => {
      answer = h.repliesTo(sent.message_id)[0]?.text ?? '';
      expect(answer).not.toBe('');
    });
    return answer;
  }
  const steps = () =>
    createAuditQueries(h.db)
      .latestSteps(10)
      .map(({ action, actor, result, code, orderId }) => ({ action, actor, result, code, orderId }));
  const person = (user: FakeUser) => ({ kind: 'person', userId: user.id, name: user.first_name });

  it('a template saved by an admin is done, with who; staff deleting it is refused, and the template stays', async () => {
    expect(await command(ADMIN, '/template thanks Thank you, {order}!')).toContain('saved');
    expect(await command(STAFF, '/untemplate thanks')).toMatch(/Only an admin can do this/);
    expect(steps()).toEqual([
      { action: 'template-delete', actor: person(STAFF), result: 'refused', code: undefined, orderId: undefined },
      { action: 'template-save', actor: person(ADMIN), result: 'ok', code: undefined, orderId: undefined },
    ]);
    // Names of steps only: the text the template carries is not in the audit trail.
    expect(JSON.stringify(createAuditQueries(h.db).latestSteps(10))).not.toContain('Thank you');
    expect(await command(STAFF, '/template thanks')).toContain('Thank you, {order}!');
  });
});

describe('the bot in the audit trail', () => {
  it('an order delivered from stock says so on its card, and /stats counts it as automatic', async () => {
    const product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
    createStockQueries(h.db).add(product, ['KEY-AUTO-1'], Date.now());
    const order = h.sandbox.control.createOrder({ status: 'paid', productId: product, quantity: 1 });
    await h.engine.pollNow();
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    await eventually(() => expect(h.cardsOf(order.id)[0]?.text).toMatch(/delivered by bot \(stock\) · \d\d:\d\d/));

    h.telegram.sendText(ADMIN, '/stats', inGroup);
    await settled(h);
    const report = h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('📊 Today'))?.text ?? '';
    expect(report.split('📈')[0]).toContain('Delivered: 1 (by hand 0, automatically 1)');
    expect(report.split('📈')[0]).toContain('Revenue: 19.99');
  });
});

describe('/order history and /stats', () => {
  it('shows statuses, actions with their results and the message count; /stats counts the take', async () => {
    const { order, card } = await paidOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'Hello?');
    await h.engine.pollNow();
    await eventually(() => expect(h.telegram.botMessages(GROUP_ID).some((m) => m.text.includes('Hello?'))).toBe(true));
    h.telegram.tapLabel(STAFF, card.messageId, 'Take', inGroup);
    await eventually(() => expect(cardText(card.messageId)).toContain('taken by Anna'));
    h.telegram.sendText(STAFF, 'On it!', { ...inGroup, replyTo: card.messageId });
    await eventually(() => expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toContain('On it!'));
    await settled(h);

    h.telegram.sendText(STAFF, `/order ${order.id}`, inGroup);
    const historyText = () => h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('🕓 History of order'))?.text ?? '';
    await eventually(() => expect(historyText()).not.toBe(''));
    const history = historyText();
    expect(history).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d · seen as 🟢 paid/);
    expect(history).toMatch(/· became 🛠 in progress/);
    expect(history).toMatch(/· take by Anna: done/);
    expect(history).toMatch(/· message by Anna: done/);
    await eventually(() => expect(historyText()).toContain('💬 2 chat messages')); // the buyer's and Anna's
    expect(history.indexOf('seen as')).toBeLessThan(history.indexOf('became'));

    h.telegram.sendText(STAFF, '/stats', inGroup);
    await settled(h);
    const report = h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('📊 Today'))?.text ?? '';
    const today = report.split('📈')[0]!;
    expect(today).toContain('New paid orders: 1');
    expect(today).toContain('Taken: 1');
    expect(today).toContain('Delivered: 0 (by hand 0, automatically 0)');
    expect(today).toContain('Cancelled: 0');
    expect(report).toMatch(/As of \d{4}-\d\d-\d\d \d\d:\d\d, UTC time/);
  });
});
