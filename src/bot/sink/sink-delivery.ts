/**
 * How the drainer shows an order's items (telegram-drainer.ts, queue-delivery.ts): its card, the card brought up to
 * date, the buyer's messages where they belong. Where they go, in a forum group's topics or not, is
 * order-placement.ts's job; what was already posted is found, never posted again (a card the order has is returned).
 */
import type { Api } from 'grammy';
import type { StockPlan } from '../../core/stock/stock-plan.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { Order } from '../../seller-api/schemas.ts';
import type { OrderSummary, SyncForBot } from '../../sync/contract.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import type { Html } from '../helpers/html.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import type { Translator } from '../texts/translator.ts';
import type { OrderTopics } from '../topics/order-topics.ts';
import { createOrderPlacement, type SendMessage } from './order-placement.ts';
import { storeOfId } from '../../core/store-ref.ts';

export interface SinkDelivery {
  /** The order's messages, the card first; a card the order already has is returned, not posted again. */
  postCard(order: Order, stock?: StockPlan): Promise<TelegramRef[]>;
  /** Brings the order's cards up to date, and closes its Deliver prompts if it left "in progress"; returns cards sent anew. */
  refreshCard(order: Order): Promise<TelegramRef[]>;
  /** A sender for the parts of buyer messages of one order, to where they belong (reply to the card, or its topic). */
  forBuyerMessage(summary: OrderSummary, chatId: number): Promise<(part: Html) => Promise<TelegramRef>>;
  send: SendMessage;
}

export interface SinkDeliveryDeps {
  api: Api;
  binding: ChatBinding;
  cards: OrderCards;
  engine: () => SyncForBot;
  topics: OrderTopics;
  /** The chat's language (BOT_LANGUAGE): everything posted here is seen by the whole chat. */
  tr: Translator;
  /** Told each order a card is brought up to: the Deliver prompts of an order that moved on close (never throws). */
  orderShown: (order: Order) => Promise<void>;
}

export function createSinkDelivery(deps: SinkDeliveryDeps): SinkDelivery {
  const { api, binding, cards } = deps;

  const send: SendMessage = async (chatId, html, replyTo, threadId) => {
    const message = await api.sendMessage(chatId, html.html, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(threadId === undefined ? {} : { message_thread_id: threadId }),
      ...(replyTo && replyTo.chatId === chatId
        ? { reply_parameters: { message_id: replyTo.messageId, allow_sending_without_reply: true } }
        : {}),
    });
    return { chatId: message.chat.id, messageId: message.message_id };
  };

  const placement = createOrderPlacement({ topics: deps.topics, cards, binding, engine: deps.engine, send, tr: deps.tr });

  return {
    async postCard(order, stock) {
      const chatId = await binding.requireChatOf(storeOfId(order.id));
      // Offered again after a crash before the queue recorded it: the card is already there.
      const existing = await cards.latest(order.id);
      if (existing) return [existing];
      return placement.postNewOrder(order, chatId, stock);
    },
    async refreshCard(order) {
      const sent = await placement.refresh(order);
      await deps.orderShown(order);
      return sent;
    },
    forBuyerMessage: (summary, chatId) => placement.forBuyerMessage(summary, chatId),
    send,
  };
}
