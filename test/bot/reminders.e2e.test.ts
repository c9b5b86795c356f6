/**
 * Reminders through the public surfaces: the sandbox store, the fake Bot API, and the bot's own clock, moved forward
 * by the test (`later`) so that ten minutes pass at once. The interval is an hour: every pass is the test's
 * `remindNow()`, so nothing depends on timing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAutoReplyQueries } from '../../src/db/autoreply.ts';
import { createTemplateQueries } from '../../src/db/templates.ts';
import type { ChatMessage } from '../support/fake-telegram-api.ts';
import {
  ADMIN,
  createBridgeHarness,
  eventually,
  GROUP_ID,
  labels,
  settled,
  type BridgeHarness,
  type BridgeHarnessOptions,
} from './harness.ts';

const MINUTE = 60_000;
const inGroup = { chatId: GROUP_ID };

let h: BridgeHarness;
let offset = 0;
const clock = () => Date.now() + offset;
afterEach(() => h?.close());

async function start(options: Partial<BridgeHarnessOptions> = {}): Promise<BridgeHarness> {
  offset = 0;
  h = await createBridgeHarness({
    reminders: { untakenAfterMs: 10 * MINUTE, unansweredAfterMs: 15 * MINUTE, tickMs: 60 * MINUTE },
    // One clock for the store, sync and the bot, moved on by the test.
    sandbox: { now: clock },
    engine: { now: clock },
    bot: { now: clock },
    ...options,
  });
  return h;
}

/** The bot's clock moves on by `minutes`, then one reminder pass runs. */
async function later(minutes: number): Promise<void> {
  offset += minutes * MINUTE;
  await h.bridge.remindNow();
  // What the pass said is in the Telegram queue: shown once it drained.
  await h.drained();
}

/** A new process over the same database; reminders wait for its sync to have read the store once. */
async function restart(): Promise<void> {
  await h.restart();
  await eventually(() => expect(h.engine.status().lastSuccessfulPollAt).toBeDefined());
}

const reminders = (): ChatMessage[] =>
  h.telegram.botMessages(GROUP_ID).filter((message) => message.text.startsWith('⏰') || message.text.startsWith('⚠️ Order'));

describe('untaken orders', () => {
  it('are brought back up after the time as a new reply to the card, at most three times, with a working Take', async () => {
    await start();
    const { order, card } = await h.createPaidOrder();
    await later(9);
    expect(reminders()).toEqual([]);

    await later(1);
    const first = h.repliesTo(card.messageId).filter((message) => message.text.startsWith('⏰'));
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain(`Order ${order.id}`);
    expect(first[0]?.text).toContain('Reminder 1 of 3');
    expect(labels(first[0])).toEqual(['Take']);

    await later(5); // not yet: at most every ten minutes
    expect(reminders()).toHaveLength(1);
    await later(5);
    await later(10);
    expect(reminders().map((message) => message.text.match(/Reminder \d of 3/)?.[0])).toEqual([
      'Reminder 1 of 3',
      'Reminder 2 of 3',
      'Reminder 3 of 3',
    ]);
    await later(10);
    await later(30);
    expect(reminders()).toHaveLength(3);

    // The reminder's Take acts like the card's: the order is taken, and no reminder follows.
    const second = await h.createPaidOrder();
    await later(10);
    const reminder = h.repliesTo(second.card.messageId).find((message) => message.text.startsWith('⏰'));
    expect(reminder).toBeDefined();
    h.telegram.tapLabel(ADMIN, reminder!.messageId, 'Take', inGroup);
    await eventually(() => expect(h.sandbox.control.order(second.order.id)?.status).toBe('processing'));
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, second.card.messageId))).toEqual(['Deliver', 'Cancel']));
    await later(10);
    await later(10);
    expect(h.repliesTo(second.card.messageId).filter((message) => message.text.startsWith('⏰'))).toHaveLength(1);
  });

  it('due together come as one message listing them, with a Take button each', async () => {
    await start();
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push((await h.createPaidOrder()).order);
    const before = h.telegram.botMessages(GROUP_ID).length;
    await later(10);

    const posted = h.telegram.botMessages(GROUP_ID).slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toMatch(/^⏰ 8 things waiting for you/);
    for (const order of orders) expect(posted[0]?.text).toContain(order.id);
    expect(labels(posted[0])).toEqual(orders.map((order) => `Take ${order.id}`));

    // Each button takes its own order.
    const third = orders[2]!;
    h.telegram.tapLabel(ADMIN, posted[0]!.messageId, `Take ${third.id}`, inGroup);
    await eventually(() => expect(h.sandbox.control.order(third.id)?.status).toBe('processing'));
    expect(orders.filter((order) => h.sandbox.control.order(order.id)?.status === 'paid')).toHaveLength(7);
  });

  it('forty due at once still make one message that fits, the rest counted', async () => {
    await start();
    const ids = Array.from({ length: 40 }, () => h.sandbox.control.createOrder().id);
    await h.engine.pollNow();
    await eventually(() => expect(ids.filter((id) => h.cardsOf(id).length === 1)).toHaveLength(40));
    const before = h.telegram.botMessages(GROUP_ID).length;
    await later(10);

    const posted = h.telegram.botMessages(GROUP_ID).slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toMatch(/^⏰ 40 things waiting for you/);
    expect(posted[0]?.text).toContain('…and 10 more.');
    expect(labels(posted[0])).toHaveLength(20);
    await later(10);
    expect(h.telegram.botMessages(GROUP_ID).slice(before)).toHaveLength(2);
  });

  it("are never reminded of when the first start's import found them, also after a restart", async () => {
    let imported = '';
    await start({
      beforeFirstStart: (sandbox) => {
        imported = sandbox.control.createOrder().id;
      },
    });
    await eventually(() => expect(h.cardsOf(imported)).toHaveLength(1));
    const fresh = await h.createPaidOrder();
    await later(10);

    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]?.replyToMessageId).toBe(fresh.card.messageId);
    await restart();
    await later(10);
    await later(10);
    expect(reminders().filter((message) => message.text.includes(imported))).toEqual([]);
    expect(reminders()).toHaveLength(3);
  });

  it('survive a restart: what was said is kept, and what is due comes after it', async () => {
    await start();
    const { card } = await h.createPaidOrder();
    await later(10);
    expect(h.repliesTo(card.messageId).filter((message) => message.text.startsWith('⏰'))).toHaveLength(1);

    await restart();
    await later(1);
    expect(reminders()).toHaveLength(1);
    await later(9);
    const said = h.repliesTo(card.messageId).filter((message) => message.text.startsWith('⏰'));
    expect(said.map((message) => message.text.match(/Reminder \d of 3/)?.[0])).toEqual(['Reminder 1 of 3', 'Reminder 2 of 3']);
  });
});

describe('in a forum group', () => {
  it("come in the order's topic, and in General when that topic cannot take them", async () => {
    await start({ forum: true, topics: 'auto' });
    const { order, card } = await h.createPaidOrder();
    expect(card.threadId).toBeDefined();
    await later(10);
    const [reminder] = reminders();
    expect(reminder).toMatchObject({ threadId: card.threadId, replyToMessageId: card.messageId });

    // Someone closed the topic: the next reminder is not lost.
    h.telegram.closeTopic(GROUP_ID, card.threadId!);
    await later(10);
    expect(reminders()).toHaveLength(2);
    expect(reminders()[1]).toMatchObject({ threadId: undefined, replyToMessageId: undefined });
    expect(reminders()[1]?.text).toContain(order.id);
  });
});

describe('unanswered buyers', () => {
  /** A buyer message, once the bot has relayed it: its Telegram message. */
  async function buyerWrites(orderId: string, text: string): Promise<ChatMessage> {
    h.sandbox.control.postBuyerMessage(orderId, text);
    await h.engine.pollNow();
    let relayed: ChatMessage | undefined;
    await eventually(() => {
      relayed = h.telegram.botMessages(GROUP_ID).find((message) => message.text.includes(text));
      expect(relayed).toBeDefined();
    });
    // Replies find their order through the link sync commits after the post (the known race): wait for it.
    await eventually(() => expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: relayed!.messageId })).toBe(orderId));
    return relayed!;
  }

  it('get one reminder replying to their message; an answer clears it; it survives a restart', async () => {
    await start({ reminders: { untakenAfterMs: undefined, unansweredAfterMs: 15 * MINUTE, tickMs: 60 * MINUTE } });
    const { order } = await h.takePaidOrder();
    const question = await buyerWrites(order.id, 'Where is my key?');
    await later(14);
    expect(reminders()).toEqual([]);

    await restart();
    await later(1);
    const reminder = h.repliesTo(question.messageId).filter((message) => message.text.startsWith('⏰'));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]?.text).toMatch(new RegExp(`^⏰ The buyer of order ${order.id} · .* is waiting for an answer \\(15 min\\)`));
    await later(15);
    await later(60);
    expect(reminders()).toHaveLength(1);

    // Answered by a reply in Telegram (after the bot recorded the buyer's message): no reminder.
    const again = await buyerWrites(order.id, 'Hello??');
    h.telegram.sendText(ADMIN, 'Sending it now, sorry for the wait', { ...inGroup, replyTo: again.messageId });
    await eventually(() =>
      expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toContain('Sending it now, sorry for the wait'),
    );
    await later(15);
    await later(15);
    expect(reminders()).toHaveLength(1);

    // A delivery answers too.
    const last = await buyerWrites(order.id, 'Still nothing');
    h.sandbox.control.setOrderStatus(order.id, 'awaiting_confirmation');
    await h.engine.pollNow();
    await eventually(() => expect(h.engine.findOrder(order.id)?.status).toBe('awaiting_confirmation'));
    await later(15);
    expect(h.repliesTo(last.messageId)).toEqual([]);
  });

  it('an automatic answer is no answer from a person: the reminder still comes, under the buyer’s message', async () => {
    await start({ reminders: { untakenAfterMs: undefined, unansweredAfterMs: 15 * MINUTE, tickMs: 60 * MINUTE } });
    createTemplateQueries(h.db).save('faq', 'Keys come within minutes.', 1);
    createAutoReplyQueries(h.db).addRule('faq', ['key'], ADMIN.id, clock() - MINUTE);
    const { order } = await h.takePaidOrder();
    const question = await buyerWrites(order.id, 'Where is my key?');
    await eventually(() =>
      expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toContain('Keys come within minutes.'),
    );
    await eventually(() => expect(h.repliesTo(question.messageId).map((message) => message.text)).toEqual(['🤖 Answered with faq']));
    await later(15);
    const reminder = h.repliesTo(question.messageId).filter((message) => message.text.startsWith('⏰'));
    expect(reminder).toHaveLength(1);
  });

  it('with REMIND_UNANSWERED_AFTER_AUTOREPLY=off an automatic answer ends the wait: no reminder', async () => {
    await start({
      reminders: { untakenAfterMs: undefined, unansweredAfterMs: 15 * MINUTE, tickMs: 60 * MINUTE },
      env: { REMIND_UNANSWERED_AFTER_AUTOREPLY: 'off' },
    });
    createTemplateQueries(h.db).save('faq', 'Keys come within minutes.', 1);
    createAutoReplyQueries(h.db).addRule('faq', ['key'], ADMIN.id, clock() - MINUTE);
    const { order } = await h.takePaidOrder();
    const question = await buyerWrites(order.id, 'Where is my key?');
    await eventually(() => expect(h.repliesTo(question.messageId).map((message) => message.text)).toEqual(['🤖 Answered with faq']));
    await later(15);
    expect(h.repliesTo(question.messageId).filter((message) => message.text.startsWith('⏰'))).toEqual([]);
    // A message no rule answers still waits for a person.
    const next = await buyerWrites(order.id, 'Still nothing here');
    await later(15);
    expect(h.repliesTo(next.messageId).filter((message) => message.text.startsWith('⏰'))).toHaveLength(1);
  });

  it("reply to the buyer's own message, though other messages of the order were posted after it", async () => {
    await start({ reminders: { untakenAfterMs: undefined, unansweredAfterMs: 15 * MINUTE, tickMs: 60 * MINUTE } });
    const { order } = await h.takePaidOrder();
    const question = await buyerWrites(order.id, 'Is it the EU region?');
    // The seller starts /reply and leaves it: its prompt is the order's newest message in the chat, and answers nobody.
    h.telegram.sendText(ADMIN, `/reply ${order.id}`, inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toMatch(/^✍️ Reply to this message/));
    await settled(h);
    await later(15);
    const reminder = reminders();
    expect(reminder).toHaveLength(1);
    expect(reminder[0]?.replyToMessageId).toBe(question.messageId);
  });

  it('unanswered and untaken due together share one message', async () => {
    await start();
    const { order: taken } = await h.takePaidOrder();
    await buyerWrites(taken.id, 'Any news?');
    const waiting = await h.createPaidOrder();
    const before = h.telegram.botMessages(GROUP_ID).length;
    await later(15);
    const posted = h.telegram.botMessages(GROUP_ID).slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toContain(`${taken.id} · `);
    expect(posted[0]?.text).toContain(`/reply ${taken.id}`);
    expect(labels(posted[0])).toEqual([`Take ${waiting.order.id}`]);
  });
});
