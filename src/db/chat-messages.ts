/**
 * Queries of `chat_messages`: the chat messages already handled, relayed to the sink or posted by us.
 * They make the overlapping re-read at a cursor idempotent and keep our own posts from being relayed back.
 */
import type { MessageId, OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

export type ChatMessageOrigin = 'relayed' | 'own';

export interface HandledMessage {
  id: MessageId;
  /** As the store wrote it; undefined when it sent none. */
  createdAt: string | undefined;
  createdMs: number;
}

export interface ChatMessageQueries {
  /** How this message was handled, or undefined when it is new to us. */
  originOf(orderId: OrderId, messageId: MessageId): ChatMessageOrigin | undefined;
  /** Records a handled message; recording the same message twice keeps the first record. */
  record(orderId: OrderId, message: HandledMessage, origin: ChatMessageOrigin, now: number): void;
  /** Ids handled with createdAt at or after `fromMs`: what an overlapping re-read must drop. */
  idsFrom(orderId: OrderId, fromMs: number): MessageId[];
  /** Messages relayed at or after `since` that were created before `createdBefore`. */
  countRelayedSince(since: number, createdBefore: number): number;
  /** Per chat, when the messages handled (relayed or ours) written at or after `sinceMs` were written: how busy it is. */
  recentTimes(sinceMs: number): Map<OrderId, number[]>;
  /** The same for one chat. */
  recentTimesOf(orderId: OrderId, sinceMs: number): number[];
}

export function createChatMessageQueries(db: SqliteDatabase): ChatMessageQueries {
  const selectOrigin = db.prepare<[string, string], { origin: ChatMessageOrigin }>(
    'SELECT origin FROM chat_messages WHERE order_id = ? AND message_id = ?',
  );
  const insert = db.prepare<[string, string, string, number, string, number]>(
    `INSERT INTO chat_messages (order_id, message_id, created_at, created_ms, origin, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const selectFrom = db.prepare<[string, number], { message_id: string }>(
    'SELECT message_id FROM chat_messages WHERE order_id = ? AND created_ms >= ?',
  );
  const countSince = db.prepare<[number, number], { n: number }>(
    `SELECT count(*) AS n FROM chat_messages WHERE origin = 'relayed' AND recorded_at >= ? AND created_ms < ?`,
  );

  // A message is recorded after it was written, so `recorded_at` bounds the scan by its index.
  const selectRecent = db.prepare<{ since: number }, { order_id: string; created_ms: number }>(
    'SELECT order_id, created_ms FROM chat_messages WHERE recorded_at >= @since AND created_ms >= @since',
  );
  const selectRecentOf = db.prepare<{ id: string; since: number }, { created_ms: number }>(
    'SELECT created_ms FROM chat_messages WHERE order_id = @id AND recorded_at >= @since AND created_ms >= @since',
  );

  return {
    originOf(orderId, messageId) {
      return selectOrigin.get(orderId, messageId)?.origin;
    },
    record(orderId, message, origin, now) {
      // The column is NOT NULL: a message the store sent without a time is stored with an empty one.
      insert.run(orderId, message.id, message.createdAt ?? '', message.createdMs, origin, now);
    },
    idsFrom(orderId, fromMs) {
      return selectFrom.all(orderId, fromMs).map((row) => row.message_id as MessageId);
    },
    countRelayedSince(since, createdBefore) {
      return countSince.get(since, createdBefore)?.n ?? 0;
    },
    recentTimes(sinceMs) {
      const times = new Map<OrderId, number[]>();
      for (const row of selectRecent.iterate({ since: sinceMs })) {
        const id = row.order_id as OrderId;
        const list = times.get(id);
        if (list === undefined) times.set(id, [row.created_ms]);
        else list.push(row.created_ms);
      }
      return times;
    },
    recentTimesOf(orderId, sinceMs) {
      return selectRecentOf.all({ id: orderId, since: sinceMs }).map((row) => row.created_ms);
    },
  };
}
