/**
 * Queries of the card rows of `telegram_links`: what each order card shows now, so the bot edits only a card that
 * changed. The bot's `CardStore` (bot/cards/card-store.ts) is this shape; it records a card the moment it is posted.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { CardView, StoredCard, TendedOrder } from '../core/card-view.ts';
import type { TelegramRef } from '../core/telegram-ref.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface CardViewQueries {
  /** The order's cards with a known view, oldest first; when there is none, its newest card with view unknown. */
  cards(orderId: OrderId): StoredCard[];
  /** Records what a card shows; a message not linked yet becomes a card of the order. */
  show(orderId: OrderId, card: TelegramRef, view: CardView): void;
  /** Forgets what these cards show; they stay linked to their order. */
  forget(cards: readonly TelegramRef[]): void;
  forgetOrder(orderId: OrderId): void;
  tendedOrders(): TendedOrder[];
  /** Deletes the links of an order sync does not know (a hand-off that never committed); a known order keeps them. */
  dropUnknown(orderId: OrderId): void;
}

interface CardRow {
  chat_id: number;
  message_id: number;
  shown_html: string | null;
  shown_markup: string | null;
  shown_at: number | null;
}

const UNKNOWN_ORDER = 'NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.id = l.order_id)';

export function createCardViewQueries(db: SqliteDatabase): CardViewQueries {
  const selectShown = db.prepare<[string], CardRow>(
    `SELECT chat_id, message_id, shown_html, shown_markup, shown_at FROM telegram_links
     WHERE order_id = ? AND role = 'card' AND shown_at IS NOT NULL ORDER BY created_at, rowid`,
  );
  const selectNewest = db.prepare<[string], CardRow>(
    `SELECT chat_id, message_id, shown_html, shown_markup, shown_at FROM telegram_links
     WHERE order_id = ? AND role = 'card' ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const upsert = db.prepare<{ chatId: number; messageId: number; orderId: string; html: string; markup: string; at: number }>(
    `INSERT INTO telegram_links (chat_id, message_id, order_id, role, created_at, shown_html, shown_markup, shown_at)
     VALUES (@chatId, @messageId, @orderId, 'card', @at, @html, @markup, @at)
     ON CONFLICT (chat_id, message_id) DO UPDATE
       SET shown_html = excluded.shown_html, shown_markup = excluded.shown_markup, shown_at = excluded.shown_at
       WHERE role = 'card'`,
  );
  const clear = db.prepare<[number, number]>(
    'UPDATE telegram_links SET shown_html = NULL, shown_markup = NULL, shown_at = NULL WHERE chat_id = ? AND message_id = ?',
  );
  const clearOrder = db.prepare<[string]>(
    `UPDATE telegram_links SET shown_html = NULL, shown_markup = NULL, shown_at = NULL
     WHERE order_id = ? AND shown_at IS NOT NULL`,
  );
  const selectTended = db.prepare<[], { order_id: string; shown_at: number | null }>(
    `SELECT l.order_id, max(l.shown_at) AS shown_at FROM telegram_links AS l
     WHERE l.role = 'card' AND (l.shown_at IS NOT NULL OR ${UNKNOWN_ORDER})
     GROUP BY l.order_id ORDER BY l.order_id`,
  );
  const deleteUnknown = db.prepare<[string]>(`DELETE FROM telegram_links AS l WHERE l.order_id = ? AND ${UNKNOWN_ORDER}`);

  const toCard = (row: CardRow): StoredCard => ({
    chatId: row.chat_id,
    messageId: row.message_id,
    view:
      row.shown_at === null || row.shown_html === null || row.shown_markup === null
        ? undefined
        : { html: row.shown_html, markup: row.shown_markup, shownAt: row.shown_at },
  });

  const forget = db.transaction((cards: readonly TelegramRef[]) => {
    for (const card of cards) clear.run(card.chatId, card.messageId);
  });

  return {
    cards(orderId) {
      const shown = selectShown.all(orderId);
      if (shown.length > 0) return shown.map(toCard);
      const newest = selectNewest.get(orderId);
      return newest ? [toCard(newest)] : [];
    },
    show(orderId, card, view) {
      upsert.run({ chatId: card.chatId, messageId: card.messageId, orderId, html: view.html, markup: view.markup, at: view.shownAt });
    },
    forget,
    forgetOrder(orderId) {
      clearOrder.run(orderId);
    },
    tendedOrders() {
      return selectTended.all().map((row) => ({ orderId: row.order_id as OrderId, shownAt: row.shown_at ?? undefined }));
    },
    dropUnknown(orderId) {
      deleteUnknown.run(orderId);
    },
  };
}
