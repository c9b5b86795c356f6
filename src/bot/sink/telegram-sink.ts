/**
 * The Telegram side of sync (`SyncSink`): order cards, relayed chat messages, and what became of seller actions.
 *
 * Sync commits its bookkeeping only after these promises resolve, so a failure here is thrown (token-free) and the
 * event is offered again later. A re-offer after a crash between our send and sync's commit would post twice, so
 * what was posted is remembered: a re-offered appearance returns the card the card store already has, and a
 * re-offered chat message returns the parts already posted (kept in the key-value store).
 * In a forum group (topics mode) an order's card opens its own topic and its buyer's messages go there, not as
 * replies; a topic deleted by a person is created again, with a fresh card, when the order next needs it.
 */
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Message, Order, OrderId } from '../../seller-api/schemas.ts';
import type { OrderSummary, SinkReceipt, SyncForBot, SyncSink } from '../../sync/contract.ts';
import { describeError, toBridgeError } from '../errors.ts';
import { chatMessageParts } from './chat-message-parts.ts';
import type { Html } from '../helpers/html.ts';
import { actionFailed, actionQueued, replyFailed, replyQueued, replySent } from '../texts/actions.ts';
import { ALERTS } from '../texts/alerts.ts';
import { stockAlertEmpty, stockAlertLow } from '../texts/stock-card.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import { REACTIONS, setReaction } from './reactions.ts';
import type { ActionOutcome } from '../../core/actions.ts';
import type { StockPlan } from '../../core/stock-plan.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import { isNoTopicRights, isThreadGone, isTopicClosed } from '../helpers/telegram-errors.ts';
import type { OrderTopic } from '../../core/order-topic.ts';
import { newOrderInTopic } from '../texts/topics.ts';
import { topicUrl, type OrderTopics } from '../topics/order-topics.ts';

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
  logger: Logger;
  secrets: readonly string[];
}

/** Where a message goes: under a message it replies to, or into a topic. */
interface Placement {
  replyTo?: TelegramRef | undefined;
  threadId?: number | undefined;
}

export function createTelegramSink(deps: TelegramSinkDeps): SyncSink {
  const { api, binding, cards, topics, logger } = deps;
  const recentRelays = kvSlot(deps.kv, 'recent-relays', RecentRelaysSchema);
  const relayLock = createKeyedLock();
  const topicLock = createKeyedLock();

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

  const linkOther = (orderId: OrderId, ref: TelegramRef) => deps.engine().linkTelegramMessage(orderId, ref, 'other');

  /** A new card of the order goes into its topic, created now when it has none and the chat is a forum. */
  const placeForNewCard = async (order: Order) => {
    const chatId = await binding.chatId();
    if (chatId === undefined) return undefined;
    const topic = await topics.create(order, chatId);
    return { chatId, threadId: topic?.chatId === chatId ? topic.threadId : undefined };
  };

  /** Posts a fresh card into the order's (new) topic and pins it, the topic's first message. */
  const postIntoTopic = async (order: Order, chatId: number, plan?: StockPlan) => {
    const topic = await topics.create(order, chatId);
    if (topic === undefined) return undefined;
    const card = await cards.post(order, chatId, { threadId: topic.threadId, ...(plan === undefined ? {} : { plan }) });
    await topics.pin(card);
    return { topic, card };
  };

  const refreshCard = async (order: Order): Promise<TelegramRef[]> => {
    const before = await topics.topicOf(order.id);
    const refresh = () => cards.refresh(order, () => placeForNewCard(order));
    const replaced = await refresh().catch(async (error: unknown) => {
      // The topic was deleted with the card in it: a new topic takes the new card.
      if (!isThreadGone(error) || before === undefined) throw error;
      await topics.forget(order.id, before.threadId);
      return refresh();
    });
    for (const ref of replaced) deps.engine().linkTelegramMessage(order.id, ref, 'card');
    const topic = await topics.topicOf(order.id);
    const fresh = replaced[0];
    if (fresh && topic?.chatId === fresh.chatId) await topics.pin(fresh);
    await topics.follow(order);
    return replaced;
  };

  /** Where a buyer message goes: into the order's topic (reopened when closed), or under its card. */
  const placeBuyerMessage = async (summary: OrderSummary, chatId: number): Promise<Placement> => {
    const topic = await topics.topicOf(summary.id);
    if (topic === undefined || topic.chatId !== chatId) return { replyTo: (await cards.latest(summary.id, chatId)) ?? summary.telegram[0] };
    // A deleted topic cannot be reopened: the send into it fails and creates a new one (sendPlaced). Without the
    // right, the send fails too and goes to General.
    await topics.reopen(topic).catch((error: unknown) => {
      if (!isThreadGone(error) && !isNoTopicRights(error)) throw error;
    });
    return { threadId: topic.threadId };
  };

  /**
   * The topic was deleted by a person: a new one, with a fresh pinned card, unless another event of the order made
   * it meanwhile. Undefined when no topic can be made (no right, no longer a forum).
   */
  const recreateTopic = (orderId: OrderId, chatId: number, dead: number) =>
    topicLock.run(orderId, async () => {
      const current = await topics.topicOf(orderId);
      if (current !== undefined && current.threadId !== dead) return current;
      await topics.forget(orderId, dead);
      const order = deps.engine().lastSeenOrder(orderId);
      const opened = order && (await postIntoTopic(order, chatId));
      if (opened) deps.engine().linkTelegramMessage(orderId, opened.card, 'card');
      return opened?.topic;
    });

  /** Reopens a topic a person closed; false when the bot may not. */
  const reopenClosed = (topic: OrderTopic) =>
    topics.reopen({ ...topic, closed: true }).then(
      () => true,
      (error: unknown) => (isNoTopicRights(error) ? false : Promise.reject(error)),
    );

  /**
   * A send into a topic that was deleted, or closed by a person: the topic is created again or reopened, once. A
   * message that cannot go to a topic goes to General, never lost. `placement` is updated for the later parts.
   */
  const sendPlaced = async (summary: OrderSummary, chatId: number, part: Html, placement: Placement): Promise<TelegramRef> => {
    const dead = placement.threadId;
    try {
      return await send(chatId, part, placement.replyTo, dead);
    } catch (error) {
      if (dead === undefined || !(isThreadGone(error) || isTopicClosed(error))) throw error;
      const closed = isTopicClosed(error) ? await topics.topicOf(summary.id) : undefined;
      const topic =
        closed === undefined ? await recreateTopic(summary.id, chatId, dead) : (await reopenClosed(closed)) ? closed : undefined;
      Object.assign(placement, { threadId: topic?.threadId, replyTo: undefined });
      return send(chatId, part, undefined, placement.threadId);
    }
  };

  const settleOrderAction = async (outcome: ActionOutcome) => {
    const { action } = outcome;
    const order = (outcome.ok === 'queued' ? undefined : outcome.order) ?? deps.engine().lastSeenOrder(action.orderId);
    if (order) await refreshCard(order);
    // Success shows on the card itself; a failure or a wait is said in words under it.
    if (outcome.ok === true) return;
    const chatId = await binding.requireChatId();
    const params = { orderId: action.orderId, kind: action.kind, code: outcome.code };
    const notice = outcome.ok === false ? actionFailed(params) : actionQueued(params);
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
        ? replySent({ orderId: action.orderId })
        : outcome.ok === false
          ? replyFailed({ orderId: action.orderId, code: outcome.code })
          : replyQueued({ orderId: action.orderId, code: outcome.code });
    linkOther(action.orderId, await send(chatId, notice, origin ?? (await cards.latest(action.orderId, chatId))));
  };

  return {
    orderAppeared: (order, stock) =>
      guarded('orderAppeared', async (): Promise<SinkReceipt> => {
        const chatId = await binding.requireChatId();
        // Offered again after a crash before sync's commit: the card is already there.
        const existing = await cards.latest(order.id);
        if (existing) return { telegram: [existing] };
        const opened = await postIntoTopic(order, chatId, stock);
        if (opened === undefined) return { telegram: [await cards.post(order, chatId, stock === undefined ? {} : { plan: stock })] };
        const url = topicUrl(chatId, opened.topic.threadId);
        const line = await send(chatId, newOrderInTopic({ orderId: order.id, productTitle: order.productTitle, url }));
        return { telegram: [opened.card, line] };
      }),

    orderChanged: (order) => guarded('orderChanged', async (): Promise<SinkReceipt> => ({ telegram: await refreshCard(order) })),

    messageArrived: (summary: OrderSummary, message: Message) =>
      guarded('messageArrived', async (): Promise<SinkReceipt> => {
        const chatId = await binding.requireChatId();
        const key = `${summary.id}\u0000${message.id}`;
        const done = ((await recentRelays.read()) ?? []).find((entry) => entry.key === key)?.parts ?? [];
        const parts = chatMessageParts(summary, message);
        const posted = [...done];
        try {
          const placement = await placeBuyerMessage(summary, chatId);
          for (const part of parts.slice(done.length)) posted.push(await sendPlaced(summary, chatId, part, placement));
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
        const chatId = await binding.requireChatId();
        const params = { productId: alert.productId, title: alert.title, inStock: alert.inStock };
        await send(chatId, alert.level === 'empty' ? stockAlertEmpty(params) : stockAlertLow(params));
      }),

    // Sent (not queued as a best-effort notice) and awaited, so it lands above the cards it announces.
    catchUp: (summary) =>
      guarded('catchUp', async () => {
        const chatId = await binding.requireChatId();
        await send(chatId, ALERTS.whileAway({ orders: summary.newOrders, messages: summary.messages, since: summary.lastRunEndedAt }));
      }),
  };
}
