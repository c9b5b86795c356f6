/**
 * Topics mode (TELEGRAM_TOPICS=auto) through the fake Bot API: in a forum group each order gets a topic with its card
 * pinned first, its buyer's messages and the admins' plain texts; the topic follows the order's status. Without the
 * right to manage topics, or with TELEGRAM_TOPICS=off, or in a private chat, cards work as they always did.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { topicName } from '../../src/bot/texts/topics.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
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
import { en } from '../support/texts.ts';

let h: BridgeHarness;
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };
const open = async (options: BridgeHarnessOptions = {}) => {
  h = await createBridgeHarness({ forum: true, topics: 'auto', ...options });
  return h;
};
const liveTopics = () => h.telegram.topics(GROUP_ID).filter((topic) => !topic.deleted);
const inThread = (threadId: number) => h.telegram.botMessages(GROUP_ID).filter((message) => message.threadId === threadId);
const rightsWarnings = () => h.telegram.botMessages(GROUP_ID).filter((message) => message.text.includes('Manage topics'));
const sellerTexts = (orderId: string) =>
  h.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);
const buyerWrites = async (orderId: string, text: string) => {
  h.sandbox.control.postBuyerMessage(orderId, text);
  await h.engine.pollNow();
};

describe('topics mode in a forum group', () => {
  it('a new order gets its own topic: the card first and pinned, a line with a link in General', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    const [topic] = liveTopics();
    expect(topic?.name).toBe(topicName(en, { status: 'paid', orderId: order.id as OrderId, productTitle: order.productTitle }));
    expect(topic?.name).toMatch(/^🟢 /);
    expect(card.threadId).toBe(topic!.threadId);
    expect(card.pinned).toBe(true);
    expect(labels(card)).toEqual(['Take', 'Cancel']);
    // The card is the topic's first message.
    expect(h.telegram.chat(GROUP_ID).filter((message) => message.threadId === topic!.threadId)[1]?.messageId).toBe(card.messageId);

    const line = h.telegram.botMessages(GROUP_ID).find((message) => message.threadId === undefined);
    expect(line?.text).toContain(`New order ${order.id}`);
    expect(line?.source).toContain(`href="https://t.me/c/1234567890/${topic!.threadId}"`);
    expect(h.telegram.callsOf('createForumTopic')).toHaveLength(1);
  });

  it('a buyer message lands in the topic; a plain text there reaches the buyer and is acknowledged', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    const threadId = card.threadId!;
    await buyerWrites(order.id, 'Hi! Where is my <key> & code?');
    await eventually(() =>
      expect(
        inThread(threadId)
          .map((message) => message.text)
          .join('\n'),
      ).toContain('Where is my <key> & code?'),
    );
    const relayed = inThread(threadId).at(-1)!;
    expect(relayed.replyToMessageId).toBeUndefined();

    const mine = h.telegram.sendText(ADMIN, 'Sending it now', { ...inGroup, threadId });
    await eventually(() => expect(sellerTexts(order.id)).toEqual(['Sending it now']));
    await eventually(() => expect(h.telegram.message(GROUP_ID, mine.message_id)?.reactions).toEqual(['👍']));

    // A reply in the topic works as anywhere.
    h.telegram.sendText(ADMIN, 'And a reply', { ...inGroup, replyTo: relayed.messageId });
    await eventually(() => expect(sellerTexts(order.id)).toEqual(['Sending it now', 'And a reply']));
    // Nothing came back as a buyer message.
    await h.engine.pollNow();
    expect(inThread(threadId).filter((message) => message.text.includes('Buyer'))).toHaveLength(1);
  });

  it('a status change renames the topic, a final one closes it, and a buyer message reopens it', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    const threadId = card.threadId!;
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(liveTopics()[0]?.name).toMatch(/^🛠 /));
    expect(liveTopics()[0]?.closed).toBe(false);

    h.sandbox.control.setOrderStatus(order.id, 'cancelled');
    await eventually(async () => {
      await h.engine.pollNow();
      expect(liveTopics()[0]).toMatchObject({ closed: true });
    });
    expect(liveTopics()[0]?.name).toMatch(/^✖️ /);
    expect(h.telegram.message(GROUP_ID, card.messageId)?.text).toContain('cancelled');

    await buyerWrites(order.id, 'Why was it cancelled?');
    await eventually(() => expect(inThread(threadId).at(-1)?.text).toContain('Why was it cancelled?'));
    expect(liveTopics()[0]?.closed).toBe(false);
  });

  it('a topic deleted by a person is created again, with a fresh pinned card, on the next message', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    h.telegram.deleteTopic(GROUP_ID, card.threadId!);
    await buyerWrites(order.id, 'Hello again');
    await eventually(() => expect(liveTopics()).toHaveLength(1));
    const topic = liveTopics()[0]!;
    await eventually(() =>
      expect(
        inThread(topic.threadId)
          .map((message) => message.text)
          .join('\n'),
      ).toContain('Hello again'),
    );
    const [fresh] = inThread(topic.threadId);
    expect(fresh?.text).toContain(`Order ${order.id}`);
    expect(fresh?.pinned).toBe(true);
    // The new card is the order's: a plain text in the new topic reaches the buyer.
    h.telegram.sendText(ADMIN, 'Here I am', { ...inGroup, threadId: topic.threadId });
    await eventually(() => expect(sellerTexts(order.id)).toEqual(['Here I am']));
  });

  it('a deleted topic is also created again when the order changes, its fresh card pinned and the name current', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    h.telegram.deleteTopic(GROUP_ID, card.threadId!);
    h.sandbox.control.setOrderStatus(order.id, 'processing');
    await eventually(async () => {
      await h.engine.pollNow();
      expect(liveTopics()[0]?.name).toMatch(/^🛠 /);
    });
    // The fresh card is pinned after its topic is made: wait for the queued edit to finish.
    await h.drained();
    const [fresh] = inThread(liveTopics()[0]!.threadId);
    expect(fresh).toMatchObject({ pinned: true });
    expect(fresh?.text).toContain('in progress');
    expect(liveTopics()).toHaveLength(1);
  });

  it('a topic a person closed is reopened for a buyer message; without the right the message goes to General', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    const threadId = card.threadId!;
    h.telegram.closeTopic(GROUP_ID, threadId);
    await buyerWrites(order.id, 'first');
    await eventually(() => expect(inThread(threadId).at(-1)?.text).toContain('first'));
    expect(liveTopics()[0]?.closed).toBe(false);

    h.telegram.closeTopic(GROUP_ID, threadId);
    h.telegram.refuseTopicRights(GROUP_ID);
    await buyerWrites(order.id, 'second');
    const general = () => h.telegram.botMessages(GROUP_ID).filter((message) => message.threadId === undefined);
    await eventually(() => expect(general().at(-1)?.text).toContain('second'));
  });

  it('without the "Manage topics" right: one message naming it, and cards in General, nothing lost', async () => {
    h = await createBridgeHarness({ forum: true, topics: 'auto', startEngine: false });
    h.telegram.refuseTopicRights(GROUP_ID);
    const first = await h.createPaidOrder();
    const second = await h.createPaidOrder();
    await eventually(() => expect(rightsWarnings()).toHaveLength(1));
    expect(first.card.threadId).toBeUndefined();
    expect(second.card.threadId).toBeUndefined();
    expect(liveTopics()).toEqual([]);

    await buyerWrites(first.order.id, 'still here?');
    // The chat is read again once due: pollNow no longer waits for Telegram, so two polls can come within an interval.
    await eventually(async () => {
      await h.engine.pollNow();
      expect(
        h
          .repliesTo(first.card.messageId)
          .map((message) => message.text)
          .join('\n'),
      ).toContain('still here?');
    });
    h.telegram.sendText(ADMIN, 'yes', { ...inGroup, replyTo: first.card.messageId });
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(first.order.id)).toEqual(['yes']);
    });
  });

  it('Deliver in a topic: the prompt is in the topic, a plain text meanwhile is held back, the reply is the value', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    const threadId = card.threadId!;
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']));
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(inThread(threadId).at(-1)?.text).toContain('Reply to this message with the issued value'));
    const prompt = inThread(threadId).at(-1)!;

    const plain = h.telegram.sendText(ADMIN, 'KEY-PLAIN', { ...inGroup, threadId });
    await eventually(() => expect(h.repliesTo(plain.message_id)[0]?.text).toMatch(/Not sent to the buyer: a Deliver step/));
    h.telegram.sendText(ADMIN, 'KEY-1', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(inThread(threadId).at(-1)?.text).toContain('with this value?'));
    h.telegram.tapLabel(ADMIN, inThread(threadId).at(-1)!.messageId, 'Confirm', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.deliveredValue).toBe('KEY-1'));
    await eventually(() => expect(liveTopics()[0]?.name).toMatch(/^📦 /));
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
  });

  it('once the right is given, new orders get topics again, with no second message', async () => {
    h = await createBridgeHarness({ forum: true, topics: 'auto', topicRightsRetryMs: 100 });
    h.telegram.refuseTopicRights(GROUP_ID);
    const before = await h.createPaidOrder();
    expect(before.card.threadId).toBeUndefined();
    h.telegram.refuseTopicRights(GROUP_ID, false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = await h.createPaidOrder();
    expect(after.card.threadId).toBe(liveTopics()[0]?.threadId);
    await eventually(() => expect(rightsWarnings()).toHaveLength(1));
  });

  it('after a restart the order keeps its topic, and an unknown final status closes it', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    await h.restart();
    await buyerWrites(order.id, 'still there?');
    await eventually(() => expect(inThread(card.threadId!).at(-1)?.text).toContain('still there?'));
    h.telegram.sendText(ADMIN, 'yes', { ...inGroup, threadId: card.threadId! });
    await eventually(() => expect(sellerTexts(order.id)).toEqual(['yes']));
    h.sandbox.control.setOrderStatus(order.id, 'refunded');
    await eventually(async () => {
      await h.engine.pollNow();
      expect(liveTopics()[0]).toMatchObject({ closed: true, name: expect.stringMatching(/^❔ /) });
    });
    expect(h.telegram.callsOf('createForumTopic')).toHaveLength(1);
  });

  it('/help and the summary after a downtime say that orders live in their topics', async () => {
    await open();
    h.telegram.sendText(ADMIN, '/help', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toMatch(/Each order has its own topic/));
    expect(h.lastBotMessage().text).not.toMatch(/replies to their order card/);
    await h.createPaidOrder();
    await h.stopBridge();
    h.sandbox.control.createOrder();
    await h.restart();
    await eventually(() =>
      expect(
        h.telegram.botMessages(GROUP_ID).some((message) => /While you were away.*follow in the orders' topics/.test(message.text)),
      ).toBe(true),
    );
  });

  it('a command in a topic works as elsewhere', async () => {
    await open();
    const { order, card } = await h.createPaidOrder();
    h.telegram.sendText(ADMIN, `/order ${order.id}`, { ...inGroup, threadId: card.threadId! });
    await eventually(() => expect(h.cardsOf(order.id).length).toBeGreaterThan(1));
    await settled(h);
    expect(sellerTexts(order.id)).toEqual([]);
  });
});

describe('no topics', () => {
  it('TELEGRAM_TOPICS=off in a forum group: cards and replies as without topics, no topic call', async () => {
    await open({ topics: 'off' });
    const { order, card } = await h.createPaidOrder();
    expect(card.threadId).toBeUndefined();
    await buyerWrites(order.id, 'hello');
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const topicCalls = h.telegram.calls.filter((call) => /ForumTopic|pinChatMessage|getChat$/.test(call.method));
    expect(topicCalls).toEqual([]);
  });

  it('a private chat is unaffected: no getChat, no topic', async () => {
    h = await createBridgeHarness({ chatId: ADMIN.id, topics: 'auto' });
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    await eventually(() => expect(h.cardsOf(order.id, ADMIN.id)).toHaveLength(1));
    expect(h.telegram.calls.filter((call) => /ForumTopic|getChat$/.test(call.method))).toEqual([]);
  });
});
