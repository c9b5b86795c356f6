/**
 * Where a relayed chat message went out in Telegram (`relayed_messages`, which the reminders fill as the queue sends):
 * an automatic answer's notice replies to the buyer message it answered. Each store's database has its own.
 */
import type { TelegramRef } from '../core/telegram-ref.ts';
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

/** The Telegram message chat message `messageId` of the order went out in; undefined while unknown (still queued). */
export type RelayedRef = (orderId: OrderId, messageId: string) => TelegramRef | undefined;

export function createRelayedRefQuery(db: SqliteDatabase): RelayedRef {
  const select = db.prepare<[string, string], { chat_id: number | null; tg_message_id: number | null }>(
    'SELECT chat_id, tg_message_id FROM relayed_messages WHERE order_id = ? AND message_id = ?',
  );
  return (orderId, messageId) => {
    const row = select.get(orderId, messageId);
    return row?.chat_id == null || row.tg_message_id == null ? undefined : { chatId: row.chat_id, messageId: row.tg_message_id };
  };
}
