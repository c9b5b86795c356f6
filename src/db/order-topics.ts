/**
 * Queries of `order_topics`: the forum topic each order got. The bot's `TopicStore` (bot/topics/topic-store.ts) is
 * this shape.
 */
import type { OrderTopic } from '../core/order-topic.ts';
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface OrderTopicQueries {
  topicOf(orderId: OrderId): OrderTopic | undefined;
  /** The order whose topic this thread is. */
  orderOfThread(chatId: number, threadId: number): OrderId | undefined;
  /** Records the order's topic, replacing any earlier one (a topic deleted by a person and created again). */
  save(topic: OrderTopic, at: number): void;
  /** Records the topic's new name and whether it is closed. */
  update(orderId: OrderId, change: { name: string; closed: boolean }): void;
  forget(orderId: OrderId): void;
}

interface TopicRow {
  order_id: string;
  chat_id: number;
  thread_id: number;
  name: string;
  closed: number;
}

const toTopic = (row: TopicRow): OrderTopic => ({
  orderId: row.order_id as OrderId,
  chatId: row.chat_id,
  threadId: row.thread_id,
  name: row.name,
  closed: row.closed === 1,
});

export function createOrderTopicQueries(db: SqliteDatabase): OrderTopicQueries {
  const selectByOrder = db.prepare<[string], TopicRow>(
    'SELECT order_id, chat_id, thread_id, name, closed FROM order_topics WHERE order_id = ?',
  );
  const selectByThread = db.prepare<[number, number], { order_id: string }>(
    'SELECT order_id FROM order_topics WHERE chat_id = ? AND thread_id = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM order_topics WHERE order_id = ?');
  const removeThread = db.prepare<[number, number]>('DELETE FROM order_topics WHERE chat_id = ? AND thread_id = ?');
  const insert = db.prepare<{ orderId: string; chatId: number; threadId: number; name: string; closed: number; at: number }>(
    `INSERT INTO order_topics (order_id, chat_id, thread_id, name, closed, created_at)
     VALUES (@orderId, @chatId, @threadId, @name, @closed, @at)`,
  );
  const change = db.prepare<{ orderId: string; name: string; closed: number }>(
    'UPDATE order_topics SET name = @name, closed = @closed WHERE order_id = @orderId',
  );
  const save = db.transaction((topic: OrderTopic, at: number) => {
    remove.run(topic.orderId);
    removeThread.run(topic.chatId, topic.threadId);
    insert.run({ ...topic, closed: topic.closed ? 1 : 0, at });
  });

  return {
    topicOf(orderId) {
      const row = selectByOrder.get(orderId);
      return row && toTopic(row);
    },
    orderOfThread(chatId, threadId) {
      return selectByThread.get(chatId, threadId)?.order_id as OrderId | undefined;
    },
    save,
    update(orderId, { name, closed }) {
      change.run({ orderId, name, closed: closed ? 1 : 0 });
    },
    forget(orderId) {
      remove.run(orderId);
    },
  };
}
