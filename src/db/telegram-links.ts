/**
 * Queries of `telegram_links`: which Telegram messages stand for which order (the card first). What a card shows now
 * is kept on its row too, read and written by card-views.ts.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';
import type { TelegramRef } from '../core/telegram-ref.ts';

export type TelegramLinkRole = 'card' | 'other';

export interface TelegramLinkQueries {
  /** Links a Telegram message to an order; a message already linked keeps its first link. */
  link(orderId: OrderId, ref: TelegramRef, role: TelegramLinkRole, now: number): void;
  /** The order's Telegram messages: cards first (newest card first), then the others oldest first. */
  forOrder(orderId: OrderId): TelegramRef[];
  orderFor(ref: TelegramRef): OrderId | undefined;
}

export function createTelegramLinkQueries(db: SqliteDatabase): TelegramLinkQueries {
  const insert = db.prepare<[number, number, string, TelegramLinkRole, number]>(
    `INSERT INTO telegram_links (chat_id, message_id, order_id, role, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  // A resent card (/order) supersedes the old one: the newest card is the one to edit.
  const selectForOrder = db.prepare<[string], { chat_id: number; message_id: number }>(
    `SELECT chat_id, message_id FROM telegram_links WHERE order_id = ?
     ORDER BY role = 'card' DESC,
              CASE WHEN role = 'card' THEN -created_at ELSE created_at END,
              CASE WHEN role = 'card' THEN -rowid ELSE rowid END`,
  );
  const selectOrder = db.prepare<[number, number], { order_id: string }>(
    'SELECT order_id FROM telegram_links WHERE chat_id = ? AND message_id = ?',
  );

  return {
    link(orderId, ref, role, now) {
      insert.run(ref.chatId, ref.messageId, orderId, role, now);
    },
    forOrder(orderId) {
      return selectForOrder.all(orderId).map((row) => ({ chatId: row.chat_id, messageId: row.message_id }));
    },
    orderFor(ref) {
      return selectOrder.get(ref.chatId, ref.messageId)?.order_id as OrderId | undefined;
    },
  };
}
