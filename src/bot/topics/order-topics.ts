/**
 * Topics mode (TELEGRAM_TOPICS=auto): in a forum group each order gets its own topic, named after its status, order id
 * and product, closed once the order is over and reopened when its buyer writes. Whether the chat is a forum is asked
 * at start (`getChat`), again after a Telegram call for the chat failed, and every half hour. Without the "Manage
 * topics" right the seller is told once and cards go to the General topic, as in a group without topics; creation is
 * tried again after `retryRightsAfterMs`. Every call here passes bot.api's transformers, so topic creation is paced
 * per group like any message.
 */
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isOpenStatus } from '../../core/order-status.ts';
import type { OrderTopic } from '../../core/order-topic.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { Order, OrderId } from '../../seller-api/schemas.ts';
import { describeError } from '../errors.ts';
import type { Html } from '../helpers/html.ts';
import { isNoTopicRights, isThreadGone, isTopicNotModified } from '../helpers/telegram-errors.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';
import { topicName, topicsRightMissing } from '../texts/topics.ts';
import type { Translator } from '../texts/translator.ts';
import { NO_TOPICS, type TopicStore } from './topic-store.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';

/** `auto`: a topic per order when the chat is a forum; `off`: never. */
export type TopicsMode = 'auto' | 'off';

const RightsRefusedSchema = z.object({ at: z.number() });
/** A group may turn topics on or off while the bridge runs: whether it is a forum is asked again after this long. */
const FORUM_ANSWER_KEPT_MS = 30 * 60_000;
const DEFAULT_TOPIC_RIGHTS_RETRY_MS = 10 * 60_000;

/** TELEGRAM_TOPICS and where topics are kept (src/db's OrderTopicQueries); absent: off. */
export interface TopicsSettings {
  mode: TopicsMode;
  store: TopicStore;
  /** After Telegram refused to create a topic, how long until new orders try again (default 10 minutes). */
  retryRightsAfterMs?: number;
}

export interface OrderTopicsDeps {
  api: Api;
  settings: TopicsSettings | undefined;
  kv: BotKeyValueStore;
  /** Tells the seller in the chat (the missing right); never throws. */
  announce: (notice: Html) => unknown;
  /** The chat's language: topic names and the missing-right notice. */
  tr: Translator;
  logger: Logger;
  secrets: readonly string[];
  now: () => number;
}

export interface OrderTopics {
  /** Whether orders get topics in this chat: topics mode on and the chat a forum. The answer is kept until `recheck`. */
  isForum(chatId: number): Promise<boolean>;
  /** At start: asks whether the chat is a forum, and logs that orders get topics when it is. */
  check(chatId: number | undefined): Promise<void>;
  /** A call for the chat failed: whether it is a forum is asked again next time. */
  recheck(): void;
  topicOf(orderId: OrderId): Promise<OrderTopic | undefined>;
  orderOfThread(chatId: number, threadId: number): Promise<OrderId | undefined>;
  /**
   * The order's topic in this chat, created now when it has none; undefined when its cards go to General (no forum,
   * topics off, no right). One order never gets two topics at once, however many callers ask.
   */
  create(order: Order, chatId: number): Promise<OrderTopic | undefined>;
  /** Pins a card in its topic; best effort (pinning needs its own right). */
  pin(card: TelegramRef): Promise<void>;
  /** Reopens the topic when it is closed (a buyer wrote). */
  reopen(topic: OrderTopic): Promise<void>;
  /** Renames the topic after the order's status and closes it once the order is over; a deleted topic is forgotten. */
  follow(order: Order): Promise<void>;
  /** The topic `threadId` is gone: the next message of the order creates a new one. A newer topic is kept. */
  forget(orderId: OrderId, threadId: number): Promise<void>;
}

const nameOf = (tr: Translator, order: Order) =>
  topicName(tr, { status: order.status, orderId: order.id, productTitle: order.productTitle });

export function createOrderTopics(deps: OrderTopicsDeps): OrderTopics {
  const { api, logger } = deps;
  const store = deps.settings?.store ?? NO_TOPICS;
  const mode = deps.settings?.mode ?? 'off';
  const refusedSlot = kvSlot(deps.kv, 'topics-rights-refused', RightsRefusedSchema);
  const retryMs = deps.settings?.retryRightsAfterMs ?? DEFAULT_TOPIC_RIGHTS_RETRY_MS;
  const forums = new Map<number, { answer: Promise<boolean>; at: number }>();
  const creating = createKeyedLock();
  const announcing = createKeyedLock();
  const warn = (error: unknown, message: string) => logger.warn({ err: describeError(error, deps.secrets) }, message);
  const unlessUnchanged = (call: Promise<unknown>) =>
    call.catch((error: unknown) => {
      if (!isTopicNotModified(error)) throw error;
    });

  const askForum = async (chatId: number): Promise<boolean> => {
    try {
      const chat = await api.getChat(chatId);
      return chat.type === 'supergroup' && chat.is_forum === true;
    } catch (error) {
      forums.delete(chatId);
      warn(error, 'getChat failed: orders go to the chat without topics until it answers');
      return false;
    }
  };

  const isForum = (chatId: number): Promise<boolean> => {
    // A private chat or a basic group is never a forum: no call needed.
    if (mode === 'off' || chatId > -1_000_000_000_000) return Promise.resolve(false);
    const known = forums.get(chatId);
    if (known !== undefined && deps.now() - known.at < FORUM_ANSWER_KEPT_MS) return known.answer;
    const answer = askForum(chatId);
    forums.set(chatId, { answer, at: deps.now() });
    return answer;
  };

  // Two orders refused at once still tell the seller once.
  const refused = (error: unknown, chatId: number) =>
    announcing.run('rights', async () => {
      const earlier = await refusedSlot.read();
      await refusedSlot.write({ at: deps.now() });
      logger.warn(
        { chatId, err: describeError(error, deps.secrets) },
        'the bot may not create topics (admin right "Manage topics"): orders go to the General topic',
      );
      if (earlier === undefined) await deps.announce(topicsRightMissing(deps.tr));
    });

  return {
    isForum,
    async check(chatId) {
      if (chatId !== undefined && (await isForum(chatId))) logger.info({ chatId }, 'the chat is a forum: each order gets its own topic');
    },
    recheck: () => forums.clear(),
    topicOf: async (orderId) => await store.topicOf(orderId),
    orderOfThread: async (chatId, threadId) => await store.orderOfThread(chatId, threadId),

    create: (order, chatId) =>
      creating.run(order.id, async () => {
        const existing = await store.topicOf(order.id);
        if (existing?.chatId === chatId) return existing;
        if (!(await isForum(chatId))) return undefined;
        const earlier = await refusedSlot.read();
        if (earlier !== undefined && deps.now() - earlier.at < retryMs) return undefined;
        const name = nameOf(deps.tr, order);
        try {
          const created = await api.createForumTopic(chatId, name);
          const topic: OrderTopic = { orderId: order.id, chatId, threadId: created.message_thread_id, name, closed: false };
          await store.save(topic, deps.now());
          if (earlier !== undefined) await refusedSlot.remove();
          logger.info({ orderId: order.id, threadId: topic.threadId }, 'order topic created');
          return topic;
        } catch (error) {
          if (isNoTopicRights(error)) {
            await refused(error, chatId);
            return undefined;
          }
          if (isThreadGone(error)) {
            // "not a forum" any more: asked again next time, the card goes to the chat meanwhile.
            forums.clear();
            return undefined;
          }
          throw error;
        }
      }),

    async pin(card) {
      await api.pinChatMessage(card.chatId, card.messageId, { disable_notification: true }).catch((error: unknown) => {
        warn(error, 'the card was not pinned in its topic');
      });
    },

    async reopen(topic) {
      if (!topic.closed) return;
      await unlessUnchanged(api.reopenForumTopic(topic.chatId, topic.threadId));
      await store.update(topic.orderId, { name: topic.name, closed: false });
    },

    async follow(order) {
      const topic = await store.topicOf(order.id);
      if (topic === undefined) return;
      const name = nameOf(deps.tr, order);
      const closed = !isOpenStatus(order.status);
      try {
        if (name !== topic.name) await unlessUnchanged(api.editForumTopic(topic.chatId, topic.threadId, { name }));
        if (closed !== topic.closed) {
          await unlessUnchanged(
            closed ? api.closeForumTopic(topic.chatId, topic.threadId) : api.reopenForumTopic(topic.chatId, topic.threadId),
          );
        }
        await store.update(order.id, { name, closed });
      } catch (error) {
        if (isThreadGone(error)) return void (await store.forget(order.id));
        // The right was taken away: the card itself is up to date, the topic just keeps its old name.
        if (isNoTopicRights(error)) return warn(error, 'the order topic was not renamed or closed');
        throw error;
      }
    },

    async forget(orderId, threadId) {
      if ((await store.topicOf(orderId))?.threadId === threadId) await store.forget(orderId);
    },
  };
}

/** A link to a topic: `https://t.me/c/<internal id>/<thread id>`, the internal id being the supergroup id without -100. */
export function topicUrl(chatId: number, threadId: number): string {
  const internal = String(-chatId).replace(/^100/, '');
  return `https://t.me/c/${internal}/${threadId}`;
}
