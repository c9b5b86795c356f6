/**
 * What the bot needs of the database to keep order cards (src/db's `CardViewQueries` fits it): which messages are an
 * order's cards and what each shows now. It is the same record sync reads to map replies to orders, so a card is
 * recorded the moment it is posted. Sync or async implementations both work: every call is awaited.
 */
import type { OrderId } from '../../seller-api/schemas.ts';
import type { CardView, StoredCard, TendedOrder } from '../../core/card-view.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

export interface CardStore {
  /** The cards kept up to date (their view is known), oldest first; when there is none, the newest card, view unknown. */
  cards(orderId: OrderId): readonly StoredCard[] | Promise<readonly StoredCard[]>;
  /** Records what a card shows now; a message not recorded yet becomes a card of the order. */
  show(orderId: OrderId, card: TelegramRef, view: CardView): unknown;
  /** Stops keeping these cards up to date; they stay the order's cards for replies. */
  forget(cards: readonly TelegramRef[]): unknown;
  /** Stops keeping every card of the order up to date. */
  forgetOrder(orderId: OrderId): unknown;
  /** Orders with a card kept up to date or unknown to sync, with when their newest view was shown (undefined: none). */
  tendedOrders(): readonly TendedOrder[] | Promise<readonly TendedOrder[]>;
  /** Deletes the cards of an order sync still does not know (its hand-off never committed). */
  dropUnknown(orderId: OrderId): unknown;
}
