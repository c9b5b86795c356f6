/**
 * The words reminders and auto-cancel share between the bot (which decides and posts) and the database (which keeps
 * what was already said, so a restart neither repeats a reminder nor forgets one). Types only.
 */
import type { OrderId, ProductId } from '../seller-api/schemas.ts';
import type { TelegramRef } from './telegram-ref.ts';

/** A paid order nobody took yet, due for a reminder. */
export interface UntakenDue {
  orderId: OrderId;
  productTitle: string | undefined;
  /** The order's newest card, replied to. */
  card: TelegramRef | undefined;
  /** When the bridge first saw it (ms). */
  since: number;
  /** Reminders already sent for it. */
  sent: number;
}

/** An order whose buyer wrote and got no answer, due for its one reminder. */
export interface UnansweredDue {
  orderId: OrderId;
  productTitle: string | undefined;
  /** The newest unanswered buyer message as relayed in Telegram, replied to. */
  replyTo: TelegramRef | undefined;
  /** When the oldest unanswered message came in (ms). */
  since: number;
  /** The buyer messages this reminder covers (marked reminded together). */
  messageIds: string[];
}

/** A paid order of a product with auto-cancel on: its halfway warning, or its cancel, is due. */
export interface AutoCancelDue {
  orderId: OrderId;
  productId: ProductId;
  productTitle: string | undefined;
  card: TelegramRef | undefined;
  stage: 'warn' | 'cancel';
  /** When it is (or was) to be cancelled if nobody takes it (ms). */
  cancelAt: number;
  minutes: number;
}

/** An auto-cancel whose cancel was queued, and how the outbox's cancel of it stands. */
export interface AutoCancelProgress {
  orderId: OrderId;
  productTitle: string | undefined;
  minutes: number;
  /** `none`: no cancel was queued since we decided to (a crash came between): queue it. */
  cancel: 'none' | 'pending' | 'succeeded' | 'failed';
  /** Why the store refused, when it did. */
  code: string | undefined;
}

export interface AutoCancelRule {
  productId: ProductId;
  minutes: number;
  /** When it was set (ms): orders are counted from this or their arrival, whichever is later. */
  setAt: number;
  setBy: number | undefined;
}

/** A chat message as the bridge relayed it, kept to know what the seller has not answered. */
export interface RelayedMessage {
  orderId: OrderId;
  messageId: string;
  /** Written by the buyer (not the seller on the store website). */
  fromBuyer: boolean;
  /** When it was written (store's clock, ms); our clock when the store gave none. */
  createdMs: number;
  /** The first Telegram message it was relayed as. */
  ref: TelegramRef | undefined;
}
