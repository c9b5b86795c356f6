/**
 * What the bot needs of the database to queue what it shows in Telegram (src/db's `TelegramQueueQueries` fits it).
 * Sync or async implementations both work: every call is awaited. A synchronous one (SQLite) also lets the drainer's
 * gather see every line one read hands off before it picks (telegram-drainer.ts); an async one would send the first
 * alone.
 */

import type { QueueEntry, QueuedRow, QueueProgress } from '../../core/telegram-queue-rows.ts';

export type { QueueEntry, QueuedRow, QueueProgress };

export interface TelegramQueueStore {
  add(entry: QueueEntry, now: number): unknown;
  /** The order's pending item of this kind gets the new payload, keeping its place; else a new item is added. */
  replacePending(entry: QueueEntry & { orderId: string }, now: number): unknown;
  /** Items not sent yet (of `store`, when given). */
  pending(store?: string): number | Promise<number>;
  /** The stores with items waiting: each drains on its own. */
  pendingStores(): readonly string[] | Promise<readonly string[]>;
  /**
   * Of `store`'s items, by tier (`QUEUE_TIER`: live, backlog, edits; an edit queued before `agedBefore` goes with
   * live content), oldest first, an order's queued card before its other items; nothing of an order with an item
   * waiting for its retry.
   */
  next(now: number, agedBefore: number, store: string): QueuedRow | undefined | Promise<QueuedRow | undefined>;
  pendingOf(orderId: string, kind: string, limit: number): readonly QueuedRow[] | Promise<readonly QueuedRow[]>;
  progress(steps: readonly QueueProgress[], now: number): unknown;
  failed(seq: number, notBefore: number): unknown;
  pruneSent(before: number): number | Promise<number>;
  /** Items waiting for their own retry are due now: a new run tries everything at once. */
  releaseWaits(): unknown;
}
