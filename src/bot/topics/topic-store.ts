/**
 * What the bot needs of the database to keep the forum topic of each order (src/db's `OrderTopicQueries` fits it).
 * Sync or async implementations both work: every call is awaited.
 */
import type { OrderTopic } from '../../core/order-topic.ts';
import type { OrderId } from '../../seller-api/schemas.ts';

export interface TopicStore {
  topicOf(orderId: OrderId): OrderTopic | undefined | Promise<OrderTopic | undefined>;
  orderOfThread(chatId: number, threadId: number): OrderId | undefined | Promise<OrderId | undefined>;
  /** Records the order's topic, replacing an earlier one. */
  save(topic: OrderTopic, at: number): unknown;
  update(orderId: OrderId, change: { name: string; closed: boolean }): unknown;
  /** The topic is gone (deleted by a person): the next message creates a new one. */
  forget(orderId: OrderId): unknown;
}

/** Topics mode off: no order has a topic. */
export const NO_TOPICS: TopicStore = {
  topicOf: () => undefined,
  orderOfThread: () => undefined,
  save: () => undefined,
  update: () => undefined,
  forget: () => undefined,
};
