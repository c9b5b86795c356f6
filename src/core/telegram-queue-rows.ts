/**
 * The rows of the Telegram queue as both sides see them: the database keeps them (db/telegram-queue.ts), the bot
 * queues and drains them (bot/sink/). Payloads are the bot's JSON, opaque to the database.
 */

/**
 * An item's priority class, sent in this order: live content (new orders' cards, live buyer messages, notices), a
 * first start's backlog (cards of orders in progress, chat history), card edits (one waiting past the limit goes
 * with live content). Oldest first within a class; nothing of an order overtakes what came before it.
 */
export const QUEUE_TIER = { live: 0, backlog: 1, edit: 2 } as const;
export type QueueTier = (typeof QUEUE_TIER)[keyof typeof QUEUE_TIER];

export interface QueueEntry {
  kind: string;
  tier: QueueTier;
  /** The store whose chat it goes to: each store's items drain on their own (`main` when absent). */
  store?: string | undefined;
  orderId?: string | undefined;
  /** One item per key, ever (until pruned): a second add with the key is ignored. */
  dedupKey?: string | undefined;
  payload: string;
}

export interface QueuedRow {
  seq: number;
  kind: string;
  orderId: string | undefined;
  payload: string;
  /** Telegram messages of this item already accepted (a long buyer message goes in parts). */
  partsSent: number;
  attempts: number;
}

export interface QueueProgress {
  seq: number;
  partsSent: number;
  done: boolean;
  /** The payload that was sent: a row replaced meanwhile (a newer card edit) is left waiting, not marked sent. */
  payload: string;
}
