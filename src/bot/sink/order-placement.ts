/**
 * Where the sink puts an order's messages. Without topics: cards in the chat, buyer messages as replies to the card.
 * In topics mode (a forum group): the card opens the order's topic, pinned, with a line and a link in General; buyer
 * messages go into the topic, which is reopened when closed. A topic a person deleted is created again, once, with a
 * fresh card, when the order next needs it; a message that cannot go to a topic goes to General, never lost.
 */
import type { OrderTopic } from '../../core/order-topic.ts';
import type { StockPlan } from '../../core/stock/stock-plan.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { Order, OrderId } from '../../seller-api/schemas.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import type { OrderSummary, SyncForBot } from '../../sync/contract.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import type { Html } from '../helpers/html.ts';
import { isNoTopicRights, isThreadGone, isTopicClosed } from '../helpers/telegram-errors.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { newOrderInTopic } from '../texts/topics.ts';
import type { Translator } from '../texts/translator.ts';
import { topicUrl, type OrderTopics } from '../topics/order-topics.ts';
import { storeOfId } from '../../core/store-ref.ts';

/** Sends a message: under `replyTo`, or into the topic `threadId`, or plainly. */
export type SendMessage = (chatId: number, html: Html, replyTo?: TelegramRef, threadId?: number) => Promise<TelegramRef>;

export interface OrderPlacementDeps {
  topics: OrderTopics;
  cards: OrderCards;
  binding: ChatBinding;
  engine: () => SyncForBot;
  send: SendMessage;
  /** The chat's language. */
  tr: Translator;
}

export interface OrderPlacement {
  /** A new order's messages, the card first. */
  postNewOrder(order: Order, chatId: number, plan?: StockPlan): Promise<TelegramRef[]>;
  /** Brings the order's cards and topic up to date; returns cards sent anew in place of uneditable ones. */
  refresh(order: Order): Promise<TelegramRef[]>;
  /** A sender for the parts of one buyer message, in order, to where they belong. */
  forBuyerMessage(summary: OrderSummary, chatId: number): Promise<(part: Html) => Promise<TelegramRef>>;
}

export function createOrderPlacement(deps: OrderPlacementDeps): OrderPlacement {
  const { topics, cards, send } = deps;
  const lock = createKeyedLock();

  /** Posts a card into the order's topic (made now when it has none) and pins it, the topic's first message. */
  const postIntoTopic = async (order: Order, chatId: number, plan?: StockPlan, first = false) => {
    const topic = await topics.create(order, chatId);
    if (topic === undefined) return undefined;
    const card = await cards.post(order, chatId, { threadId: topic.threadId, first, ...(plan === undefined ? {} : { plan }) });
    await topics.pin(card);
    return { topic, card };
  };

  /** A new topic in place of the deleted `dead`, unless another event of the order made one meanwhile. */
  const recreate = (orderId: OrderId, chatId: number, dead: number) =>
    lock.run(orderId, async () => {
      const current = await topics.topicOf(orderId);
      if (current !== undefined && current.threadId !== dead) return current;
      await topics.forget(orderId, dead);
      const order = deps.engine().lastSeenOrder(orderId);
      const opened = order && (await postIntoTopic(order, chatId));
      if (opened) deps.engine().linkTelegramMessage(orderId, opened.card, 'card');
      return opened?.topic;
    });

  /** Reopens a topic; false when the bot may not (then its messages go to General). */
  const reopen = (topic: OrderTopic) =>
    topics.reopen(topic).then(
      () => true,
      (error: unknown) => (isNoTopicRights(error) || isThreadGone(error) ? false : Promise.reject(error)),
    );

  return {
    async postNewOrder(order, chatId, plan) {
      // The first card: a settled action's refresh may have posted one while the appearance waited in the queue.
      const opened = await postIntoTopic(order, chatId, plan, true);
      if (opened === undefined) return [await cards.post(order, chatId, { first: true, ...(plan === undefined ? {} : { plan }) })];
      const url = topicUrl(chatId, opened.topic.threadId);
      return [opened.card, await send(chatId, newOrderInTopic(deps.tr, { orderId: order.id, productTitle: order.productTitle, url }))];
    },

    async refresh(order) {
      const before = await topics.topicOf(order.id);
      let inTopic = false;
      // A new card goes into the order's topic, made now when it has none and the chat is a forum.
      const placeForNewCard = async () => {
        const chatId = await deps.binding.chatOf(storeOfId(order.id));
        if (chatId === undefined) return undefined;
        const threadId = (await topics.create(order, chatId))?.threadId;
        inTopic = threadId !== undefined;
        return { chatId, threadId };
      };
      const replaced = await cards.refresh(order, placeForNewCard).catch(async (error: unknown) => {
        // The topic was deleted with the card in it: a new topic takes the new card.
        if (!isThreadGone(error) || before === undefined) throw error;
        await topics.forget(order.id, before.threadId);
        return cards.refresh(order, placeForNewCard);
      });
      for (const ref of replaced) deps.engine().linkTelegramMessage(order.id, ref, 'card');
      const fresh = replaced[0];
      if (fresh && inTopic) await topics.pin(fresh);
      await topics.follow(order);
      return replaced;
    },

    async forBuyerMessage(summary, chatId) {
      const topic = await topics.topicOf(summary.id);
      if (topic === undefined || topic.chatId !== chatId) {
        const card = (await cards.latest(summary.id, chatId)) ?? summary.telegram[0];
        return (part) => send(chatId, part, card);
      }
      // Without the right to reopen, the send below fails as closed and goes to General.
      if (topic.closed) await reopen(topic);
      let threadId: number | undefined = topic.threadId;
      return async (part) => {
        const dead = threadId;
        try {
          return await send(chatId, part, undefined, dead);
        } catch (error) {
          if (dead === undefined || !(isThreadGone(error) || isTopicClosed(error))) throw error;
          // Closed by a person, or deleted: reopened or made again, once; the later parts follow the first.
          const closed = isTopicClosed(error) ? await topics.topicOf(summary.id) : undefined;
          const next =
            closed === undefined
              ? await recreate(summary.id, chatId, dead)
              : (await reopen({ ...closed, closed: true }))
                ? closed
                : undefined;
          threadId = next?.threadId;
          return send(chatId, part, undefined, threadId);
        }
      };
    },
  };
}
