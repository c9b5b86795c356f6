/**
 * What an order card shows now, as the bot keeps it and the database stores it (on the card's `telegram_links` row),
 * so an unchanged card is never edited.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { TelegramRef } from './telegram-ref.ts';

export interface CardView {
  html: string;
  /** The inline keyboard as JSON. */
  markup: string;
  /** When the card was posted or last edited (ms), for housekeeping. */
  shownAt: number;
}

export interface StoredCard extends TelegramRef {
  /** Undefined when what the card shows is not known: it is then edited without the "unchanged" shortcut. */
  view: CardView | undefined;
}

/** An order whose cards need looking after: some view is known, or sync does not know the order. */
export interface TendedOrder {
  orderId: OrderId;
  /** When its newest known view was shown; undefined when none is known. */
  shownAt: number | undefined;
}
