/**
 * The Telegram side of sync (`SyncSink`): order cards, relayed chat messages, and what became of seller actions.
 *
 * Sync commits its bookkeeping only after these promises resolve, so a failure here is thrown (token-free) and the
 * event is offered again later. A re-offer after a crash between our send and sync's commit would post twice, so
 * what was posted is remembered: a re-offered appearance returns the card the card store already has, and a
 * re-offered chat message returns the parts already posted (kept in the key-value store).
 * Where cards and buyer messages go, in a forum group's topics or not, is order-placement.ts's job.
 * With the Telegram queue (telegram-queue.ts) sync talks to the queued sink instead, and the drainer shows each item
 * with this sink's `delivery`: the same card, placement and relay steps, one policy for both.
 */
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Message, Order, OrderId } from '../../seller-api/schemas.ts';
import type { CatchUpSummary, OrderSummary, SinkReceipt, SyncForBot, SyncSink } from '../../sync/contract.ts';
import { describeError, toBridgeError } from '../errors.ts';
import { chatMessageParts } from './chat-message-parts.ts';
import type { Html } from '../helpers/html.ts';
import { actionFailed, actionQueued, replyFailed, replyQueued, replySent } from '../texts/actions.ts';
import { ALERTS } from '../texts/alerts.ts';
import { stockAlertEmpty, stockAlertLow } from '../texts/stock-card.ts';
import type { Translator } from '../texts/translator.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import { REACTIONS, setReaction } from './reactions.ts';
import type { ActionOutcome } from '../../core/actions.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import type { OrderTopics } from '../topics/order-topics.ts';
import { createOrderPlacement, type SendMessage } from './order-placement.ts';
import type { StockAlert, StockPlan } from '../../core/stock/stock-plan.ts';

const TelegramRefSchema = z.object({ chatId: z.number().int(), messageId: z.number().int() });
const RecentRelaysSchema = z.array(z.object({ key: z.string(), parts: z.array(TelegramRefSchema) }));
/** Re-offers come within a few poll cycles; this many recent relays cover them with a bounded record. */
const RECENT_RELAYS_KEPT = 200;

export interface TelegramSinkDeps {
  api: Api;
  binding: ChatBinding;
  cards: OrderCards;
  engine: () => SyncForBot;
  kv: BotKeyValueStore;
  topics: OrderTopics;
  /** The chat's language (BOT_LANGUAGE): everything the sink posts is seen by the whole chat. */
  tr: Translator;
  logger: Logger;
  secrets: readonly string[];
}

export const stockAlertNotice = (tr: Translator, alert: StockAlert): Html => {
  const params = { productId: alert.productId, title: alert.title, inStock: alert.inStock };
  return alert.level === 'empty' ? stockAlertEmpty(tr, params) : stockAlertLow(tr, params);
};

export const catchUpNotice = (tr: Translator, summary: CatchUpSummary): Html =>
  ALERTS.whileAway(tr, { orders: summary.newOrders, messages: summary.messages, since: summary.lastRunEndedAt });

/** What the Telegram queue's drainer (sink/queue-delivery.ts) shows its items with: the same steps as the direct sink. */
export interface SinkDelivery {
  /** The order's messages, the card first; a card the order already has is returned, not posted again. */
  postCard(order: Order, stock?: StockPlan): Promise<TelegramRef[]>;
  /** Brings the order's cards up to date; returns cards sent anew. */
  refreshCard(order: Order): Promise<TelegramRef[]>;
  /** A sender for the parts of buyer messages of one order, to where they belong (reply to the card, or its topic). */
  forBuyerMessage(summary: OrderSummary, chatId: number): Promise<(part: Html) => Promise<TelegramRef>>;
  send: SendMessage;
}

export interface TelegramSink {
  /** Shows each event before it resolves (sync's hand-off waits for Telegram). */
  sink: SyncSink;
  delivery: SinkDelivery;
}

export function createTelegramSink(deps: TelegramSinkDeps): TelegramSink {
  const { api, binding, cards, topics, logger, tr } = deps;
  const recentRelays = kvSlot(deps.kv, 'recent-relays', RecentRelaysSchema);
  const relayLock = createKeyedLock();

  /** Sync sees token-free errors with a code; the details are logged here. */
  const guarded = async <T>(event: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      const safe = toBridgeError(error, deps.secrets);
      // An unbound trial bridge is expected until /start; one line per poll cycle would bury everything else.
      const level = safe.code === 'NO_CHAT_BOUND' ? 'debug' : 'warn';
      logger[level](
        { event, code: safe.code, err: describeError(error, deps.secrets) },
        'telegram sink failed; sync will offer the event again',
      );
      // The group may have turned topics on or off meanwhile.
      topics.recheck();
      throw safe;
    }
  };

  const send = async (chatId: number, html: Html, replyTo?: TelegramRef, threadId?: number): Promise<TelegramRef> => {
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

  const placement = createOrderPlacement({ topics, cards, binding, engine: deps.engine, send, tr });
  const linkOther = (orderId: OrderId, ref: TelegramRef) => deps.engine().linkTelegramMessage(orderId, ref, 'other');

  const refreshCard = (order: Order) => placement.refresh(order);

  const postCard = async (order: Order, stock?: StockPlan): Promise<TelegramRef[]> => {
    const chatId = await binding.requireChatId();
    // Offered again after a crash before the commit: the card is already there.
    const existing = await cards.latest(order.id);
    if (existing) return [existing];
    return placement.postNewOrder(order, chatId, stock);
  };

  const settleOrderAction = async (outcome: ActionOutcome) => {
    const { action } = outcome;
    const order = (outcome.ok === 'queued' ? undefined : outcome.order) ?? deps.engine().lastSeenOrder(action.orderId);
    if (order) await refreshCard(order);
    // Success shows on the card itself; a failure or a wait is said in words under it.
    if (outcome.ok === true) return;
    const chatId = await binding.requireChatId();
    const params = { orderId: action.orderId, kind: action.kind, code: outcome.code };
    const notice = outcome.ok === false ? actionFailed(tr, params) : actionQueued(tr, params);
    linkOther(action.orderId, await send(chatId, notice, await cards.latest(action.orderId, chatId)));
  };

  const settleMessage = async (outcome: ActionOutcome) => {
    const { action } = outcome;
    if (action.kind !== 'message') return;
    const origin = action.origin;
    if (outcome.ok === true && origin) {
      if (await setReaction(api, origin, REACTIONS.sent, logger, deps.secrets)) return;
    } else if (origin) {
      await setReaction(api, origin, REACTIONS.none, logger, deps.secrets);
    }
    const chatId = origin?.chatId ?? (await binding.requireChatId());
    const notice =
      outcome.ok === true
        ? replySent(tr, { orderId: action.orderId })
        : outcome.ok === false
          ? replyFailed(tr, { orderId: action.orderId, code: outcome.code })
          : replyQueued(tr, { orderId: action.orderId, code: outcome.code });
    linkOther(action.orderId, await send(chatId, notice, origin ?? (await cards.latest(action.orderId, chatId))));
  };

  const sink: SyncSink = {
    orderAppeared: (order, stock) =>
      guarded('orderAppeared', async (): Promise<SinkReceipt> => ({ telegram: await postCard(order, stock) })),

    orderChanged: (order) => guarded('orderChanged', async (): Promise<SinkReceipt> => ({ telegram: await refreshCard(order) })),

    messageArrived: (summary: OrderSummary, message: Message) =>
      guarded('messageArrived', async (): Promise<SinkReceipt> => {
        const chatId = await binding.requireChatId();
        const key = `${summary.id}\u0000${message.id}`;
        const done = ((await recentRelays.read()) ?? []).find((entry) => entry.key === key)?.parts ?? [];
        const parts = chatMessageParts(tr, summary, message);
        const posted = [...done];
        try {
          const sendPart = await placement.forBuyerMessage(summary, chatId);
          for (const part of parts.slice(done.length)) posted.push(await sendPart(part));
        } finally {
          // Remember progress even on failure, so a retry resumes after the parts already posted.
          await relayLock.run('recent-relays', async () => {
            const others = ((await recentRelays.read()) ?? []).filter((entry) => entry.key !== key);
            await recentRelays.write([...others, { key, parts: posted }].slice(-RECENT_RELAYS_KEPT));
          });
        }
        return { telegram: posted };
      }),

    actionSettled: (outcome) =>
      guarded('actionSettled', () => (outcome.action.kind === 'message' ? settleMessage(outcome) : settleOrderAction(outcome))),

    // Thrown on failure, so sync offers it again: an alert raised while Telegram refuses is not lost.
    stockAlert: (alert) =>
      guarded('stockAlert', async () => {
        await send(await binding.requireChatId(), stockAlertNotice(tr, alert));
      }),

    // Sent (not queued as a best-effort notice) and awaited, so it lands above the cards it announces.
    catchUp: (summary) =>
      guarded('catchUp', async () => {
        await send(await binding.requireChatId(), catchUpNotice(tr, summary));
      }),
  };

  return {
    sink,
    delivery: { postCard, refreshCard, forBuyerMessage: (summary, chatId) => placement.forBuyerMessage(summary, chatId), send },
  };
}
