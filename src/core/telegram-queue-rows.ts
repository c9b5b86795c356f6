/**
 * The rows of the Telegram queue as both sides see them: the database keeps them (db/telegram-queue.ts), the bot
 * queues and drains them (bot/sink/). Payloads are the bot's JSON, opaque to the database.
 */

export type QueueLane = 0 | 1;

export interface QueueEntry {
  kind: string;
  lane: QueueLane;
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
}
