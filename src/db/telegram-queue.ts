/**
 * Queries of `telegram_queue`: what the bot accepted from sync and still has to show in Telegram. The bot's
 * `TelegramQueueStore` (bot/sink/queue-store.ts) is this shape. Payloads are the bot's JSON, opaque here.
 * A row is marked sent (never deleted at once) so that an event offered again after a crash is recognised by its
 * dedup key; sent rows are pruned after a while.
 */
import { QUEUE_TIER, type QueueEntry, type QueuedRow, type QueueProgress, type QueueTier } from '../core/telegram-queue-rows.ts';
import { MAIN_STORE } from '../core/store-ref.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface TelegramQueueQueries {
  /** Adds an item; false when an item with its dedup key is (or was lately) queued. */
  add(entry: QueueEntry, now: number): boolean;
  /** The order's pending item of this kind gets the new payload, keeping its place; else a new item is added. */
  replacePending(entry: QueueEntry & { orderId: string }, now: number): void;
  /** Items not sent yet (of `store`, when given). */
  pending(store?: string): number;
  /** The stores with items not sent yet. */
  pendingStores(): string[];
  /**
   * The next item due, by tier (`QUEUE_TIER`): live content, then the backlog, then edits, oldest first; an edit
   * queued before `agedBefore` goes with live content, so edits are not put off forever by a steady stream of it. An
   * item of an order whose card is still queued brings that card first. An order with an item waiting for its retry
   * sends nothing meanwhile, so nothing of an order overtakes what came before it. Of `store`'s items only.
   */
  next(now: number, agedBefore: number, store: string): QueuedRow | undefined;
  /** The order's pending items of a kind, oldest first. */
  pendingOf(orderId: string, kind: string, limit: number): QueuedRow[];
  /** Records what Telegram accepted, in one transaction; a row whose payload changed meanwhile stays waiting. */
  progress(steps: readonly QueueProgress[], now: number): void;
  /** The item failed: tried again not before `notBefore`. */
  failed(seq: number, notBefore: number): void;
  /** Deletes items sent before `before`; returns how many. */
  pruneSent(before: number): number;
  /** Items waiting for their own retry are due now (a new run tries everything at once). */
  releaseWaits(): void;
}

interface Row {
  seq: number;
  kind: string;
  order_id: string | null;
  payload_json: string;
  parts_sent: number;
  attempts: number;
}

const COLUMNS = 'seq, kind, order_id, payload_json, parts_sent, attempts';

/** Waiting and due, and not of an order with an item waiting for its retry. */
const DUE = `q.sent_at IS NULL AND q.not_before <= @now
  AND (q.order_id IS NULL OR NOT EXISTS (
    SELECT 1 FROM telegram_queue AS w WHERE w.order_id = q.order_id AND w.sent_at IS NULL AND w.not_before > @now))`;

const toRow = (row: Row): QueuedRow => ({
  seq: row.seq,
  kind: row.kind,
  orderId: row.order_id ?? undefined,
  payload: row.payload_json,
  partsSent: row.parts_sent,
  attempts: row.attempts,
});

export function createTelegramQueueQueries(db: SqliteDatabase): TelegramQueueQueries {
  const insert = db.prepare<{
    kind: string;
    tier: number;
    store: string;
    orderId: string | null;
    key: string | null;
    payload: string;
    now: number;
  }>(
    `INSERT INTO telegram_queue (kind, tier, store, order_id, dedup_key, payload_json, queued_at)
     VALUES (@kind, @tier, @store, @orderId, @key, @payload, @now) ON CONFLICT (dedup_key) DO NOTHING`,
  );
  const replace = db.prepare<{ kind: string; orderId: string; payload: string }>(
    `UPDATE telegram_queue SET payload_json = @payload
     WHERE seq = (SELECT seq FROM telegram_queue WHERE order_id = @orderId AND kind = @kind AND sent_at IS NULL ORDER BY seq LIMIT 1)`,
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM telegram_queue WHERE sent_at IS NULL');
  const countIn = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM telegram_queue WHERE store = ? AND sent_at IS NULL');
  const stores = db.prepare<[], { store: string }>('SELECT DISTINCT store FROM telegram_queue WHERE sent_at IS NULL');
  // Each walks its index (telegram_queue_tier, telegram_queue_tier_age) from the oldest and stops at the first due.
  const firstOf = db.prepare<{ now: number; tier: QueueTier; store: string }, Row>(
    `SELECT ${COLUMNS} FROM telegram_queue AS q INDEXED BY telegram_queue_tier
     WHERE q.store = @store AND q.tier = @tier AND ${DUE} ORDER BY q.seq LIMIT 1`,
  );
  const firstAged = db.prepare<{ now: number; aged: number; store: string }, Row>(
    `SELECT ${COLUMNS} FROM telegram_queue AS q INDEXED BY telegram_queue_tier_age
     WHERE q.store = @store AND q.tier = ${QUEUE_TIER.edit} AND q.queued_at < @aged AND ${DUE}
     ORDER BY q.queued_at, q.seq LIMIT 1`,
  );
  const selectOf = db.prepare<[string, string, number], Row>(
    `SELECT ${COLUMNS} FROM telegram_queue WHERE order_id = ? AND kind = ? AND sent_at IS NULL ORDER BY seq LIMIT ?`,
  );
  const setProgress = db.prepare<{ seq: number; parts: number; sentAt: number | null; payload: string }>(
    `UPDATE telegram_queue SET parts_sent = @parts, sent_at = @sentAt, attempts = 0, not_before = 0
     WHERE seq = @seq AND payload_json = @payload`,
  );
  const setFailed = db.prepare<[number, number]>('UPDATE telegram_queue SET attempts = attempts + 1, not_before = ? WHERE seq = ?');
  const prune = db.prepare<[number]>('DELETE FROM telegram_queue WHERE sent_at IS NOT NULL AND sent_at < ?');
  const release = db.prepare('UPDATE telegram_queue SET not_before = 0 WHERE sent_at IS NULL AND not_before > 0');

  const add = (entry: QueueEntry, now: number) =>
    insert.run({
      kind: entry.kind,
      tier: entry.tier,
      store: entry.store ?? MAIN_STORE,
      orderId: entry.orderId ?? null,
      key: entry.dedupKey ?? null,
      payload: entry.payload,
      now,
    }).changes > 0;

  const replacePending = db.transaction((entry: QueueEntry & { orderId: string }, now: number) => {
    if (replace.run({ kind: entry.kind, orderId: entry.orderId, payload: entry.payload }).changes === 0) add(entry, now);
  });

  const progress = db.transaction((steps: readonly QueueProgress[], now: number) => {
    for (const step of steps)
      setProgress.run({ seq: step.seq, parts: step.partsSent, sentAt: step.done ? now : null, payload: step.payload });
  });

  return {
    add,
    replacePending: (entry, now) => replacePending(entry, now),
    pending: (store) => (store === undefined ? count.get() : countIn.get(store))?.n ?? 0,
    pendingStores: () => stores.all().map((row) => row.store),
    next: (now, agedBefore, store) => {
      const live = firstOf.get({ now, tier: QUEUE_TIER.live, store });
      const aged = firstAged.get({ now, aged: agedBefore, store });
      const withLive = live === undefined || (aged !== undefined && aged.seq < live.seq) ? aged : live;
      const row = withLive ?? firstOf.get({ now, tier: QUEUE_TIER.backlog, store }) ?? firstOf.get({ now, tier: QUEUE_TIER.edit, store });
      if (row === undefined) return undefined;
      // Whatever else of an order comes first, its card comes before it.
      const card = row.kind === 'appeared' || row.order_id === null ? undefined : selectOf.get(row.order_id, 'appeared', 1);
      return toRow(card !== undefined && card.seq < row.seq ? card : row);
    },
    pendingOf: (orderId, kind, limit) => selectOf.all(orderId, kind, limit).map(toRow),
    progress: (steps, now) => progress(steps, now),
    failed: (seq, notBefore) => {
      setFailed.run(notBefore, seq);
    },
    pruneSent: (before) => prune.run(before).changes,
    releaseWaits: () => {
      release.run();
    },
  };
}
