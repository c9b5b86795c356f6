/**
 * Keeps the database size bounded: bookkeeping nobody can need any more is deleted periodically.
 * What must survive: ids at or near a cursor (an overlapping re-read would relay them again), our own posts a
 * re-read may still return, live outbox actions, and everything about orders whose chat is still watched.
 */
import type { SqliteDatabase } from './sqlite.ts';

export interface PruneRules {
  now: number;
  /** Handled messages and finished actions older than this are deleted (default 7 days). */
  retentionMs: number;
  /** Messages this close to their chat's cursor are kept whatever their age (the re-read overlap). */
  nearCursorMs: number;
  /** Closed orders whose chat stopped being watched longer ago than this are deleted with their links. */
  orderRetentionMs: number;
}

export interface PruneResult {
  messages: number;
  actions: number;
  orders: number;
}

export function createPruner(db: SqliteDatabase): (rules: PruneRules) => PruneResult {
  // Only messages strictly behind their cursor's overlap window: a re-read starts at the cursor, so it can
  // never return them again. A chat without a cursor keeps everything (it re-reads from the beginning).
  const deleteMessages = db.prepare<{ cutoff: number; near: number }>(
    `DELETE FROM chat_messages AS m
     WHERE m.recorded_at < @cutoff
       AND m.created_ms < (SELECT c.cursor_ms - @near FROM chat_cursors c WHERE c.order_id = m.order_id)`,
  );
  const deleteActions = db.prepare<{ cutoff: number }>(
    `DELETE FROM outbox WHERE state IN ('succeeded', 'failed') AND reported = state AND finished_at < @cutoff`,
  );
  const prunable = `o.is_open = 0 AND coalesce(o.chat_watch_until, 0) < @cutoff
       AND NOT EXISTS (SELECT 1 FROM outbox a WHERE a.order_id = o.id AND a.state = 'pending')`;
  // telegram_links has no foreign key (the bot links a card before its order is committed): its rows go first.
  const deleteLinks = db.prepare<{ cutoff: number }>(
    `DELETE FROM telegram_links WHERE order_id IN (SELECT o.id FROM orders AS o WHERE ${prunable})`,
  );
  const deleteOrders = db.prepare<{ cutoff: number }>(`DELETE FROM orders AS o WHERE ${prunable}`);

  return db.transaction((rules: PruneRules): PruneResult => {
    const cutoff = rules.now - rules.retentionMs;
    const orderCutoff = { cutoff: rules.now - rules.orderRetentionMs };
    deleteLinks.run(orderCutoff);
    const orders = deleteOrders.run(orderCutoff).changes;
    const messages = deleteMessages.run({ cutoff, near: rules.nearCursorMs }).changes;
    const actions = deleteActions.run({ cutoff }).changes;
    return { messages, actions, orders };
  });
}
