/**
 * Orders waiting for the buyer's confirmation that may get the `confirm-reminder` template (`confirm_reminders`,
 * migration 6): since when each waits, and whether its reminder was queued. Written by sync/automation/confirm-reminder.ts.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface ConfirmReminderQueries {
  /** The order started waiting at `since`; a second call keeps the first time (a repeated event is no new wait). */
  waiting(orderId: OrderId, since: number): void;
  /** Orders waiting since `before` or earlier whose reminder was not queued, oldest first. */
  due(before: number, limit: number): OrderId[];
  /** The reminder was queued, or is not needed any more: never looked at again. */
  done(orderId: OrderId, at: number): void;
}

export function createConfirmReminderQueries(db: SqliteDatabase): ConfirmReminderQueries {
  const insert = db.prepare<[string, number]>('INSERT INTO confirm_reminders (order_id, since) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const selectDue = db.prepare<[number, number], { order_id: string }>(
    'SELECT order_id FROM confirm_reminders WHERE queued_at IS NULL AND since <= ? ORDER BY since, order_id LIMIT ?',
  );
  const markDone = db.prepare<[number, string]>('UPDATE confirm_reminders SET queued_at = ? WHERE order_id = ?');
  return {
    waiting: (orderId, since) => void insert.run(orderId, since),
    due: (before, limit) => selectDue.all(before, limit).map((row) => row.order_id as OrderId),
    done: (orderId, at) => void markDone.run(at, orderId),
  };
}
