/**
 * Queries of `chat_cursors`: per order, the newest createdAt handled (the cursor) and the read schedule.
 * Which chats are watched is decided here in one place: open orders, and closed ones until `chat_watch_until`.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface ChatCursor {
  orderId: OrderId;
  /** createdAt of the newest message handled, exactly as the store wrote it; undefined before the first. */
  cursorAt: string | undefined;
  cursorMs: number | undefined;
  lastActivityAt: number;
  nextReadAt: number;
  emptyReads: number;
  failures: number;
  /** When the bridge first saw the order: silence before it was not watched (sync/chats/chat-schedule.ts). */
  firstSeenAt: number;
  /** The last successful read, undefined before the first. */
  lastReadAt: number | undefined;
}

interface CursorRow {
  order_id: string;
  cursor_at: string | null;
  cursor_ms: number | null;
  last_activity_at: number;
  next_read_at: number;
  empty_reads: number;
  failures: number;
  first_seen_at: number | null;
  last_read_at: number | null;
}

export interface ChatCursorQueries {
  /** Creates the row of a newly known order (hot, due now); an existing row is made hot instead. */
  ensure(orderId: OrderId, now: number): void;
  get(orderId: OrderId): ChatCursor | undefined;
  /** Moves the cursor forward only (a re-read never moves it back). */
  advance(orderId: OrderId, cursorAt: string, cursorMs: number): void;
  /** Something happened on this order: read it every interval again, starting now. */
  markActive(orderId: OrderId, now: number): void;
  schedule(orderId: OrderId, next: { nextReadAt: number; emptyReads: number; failures: number }): void;
  /** After a successful read answered at `readAt`: its schedule, and the read itself. */
  scheduleAfterRead(orderId: OrderId, next: { nextReadAt: number; emptyReads: number; failures: number }, readAt: number): void;
  /** Watched chats due at `now`, the longest-waiting first. */
  due(now: number): ChatCursor[];
  /** Watched chats split by recent activity. */
  countWatched(now: number, hotSince: number): { hot: number; quiet: number };
  /** Earliest next read among watched chats (to know when to wake up), or undefined. */
  earliestDue(now: number): number | undefined;
}

const toCursor = (row: CursorRow): ChatCursor => ({
  orderId: row.order_id as OrderId,
  cursorAt: row.cursor_at ?? undefined,
  cursorMs: row.cursor_ms ?? undefined,
  lastActivityAt: row.last_activity_at,
  nextReadAt: row.next_read_at,
  emptyReads: row.empty_reads,
  failures: row.failures,
  firstSeenAt: row.first_seen_at ?? row.last_activity_at,
  lastReadAt: row.last_read_at ?? undefined,
});

// A chat is watched while its order is open, and for a while after it closed.
const WATCHED = `(o.is_open = 1 OR coalesce(o.chat_watch_until, 0) > @now)`;

export function createChatCursorQueries(db: SqliteDatabase): ChatCursorQueries {
  const ensureRow = db.prepare<{ id: string; now: number }>(
    `INSERT INTO chat_cursors (order_id, last_activity_at, next_read_at) VALUES (@id, @now, @now)
     ON CONFLICT (order_id) DO UPDATE SET last_activity_at = @now, next_read_at = min(next_read_at, @now), empty_reads = 0`,
  );
  const selectOne = db.prepare<[string], CursorRow>(
    'SELECT c.*, o.first_seen_at FROM chat_cursors c LEFT JOIN orders o ON o.id = c.order_id WHERE c.order_id = ?',
  );
  const advanceRow = db.prepare<{ id: string; at: string; ms: number }>(
    `UPDATE chat_cursors SET cursor_at = @at, cursor_ms = @ms
     WHERE order_id = @id AND (cursor_ms IS NULL OR cursor_ms < @ms)`,
  );
  const activeRow = db.prepare<{ id: string; now: number }>(
    `UPDATE chat_cursors SET last_activity_at = @now, next_read_at = min(next_read_at, @now), empty_reads = 0
     WHERE order_id = @id`,
  );
  const scheduleRow = db.prepare<[number, number, number, string]>(
    'UPDATE chat_cursors SET next_read_at = ?, empty_reads = ?, failures = ? WHERE order_id = ?',
  );
  const readRow = db.prepare<[number, number, number, number, string]>(
    'UPDATE chat_cursors SET next_read_at = ?, empty_reads = ?, failures = ?, last_read_at = ? WHERE order_id = ?',
  );
  const selectDue = db.prepare<{ now: number }, CursorRow>(
    `SELECT c.*, o.first_seen_at FROM chat_cursors c JOIN orders o ON o.id = c.order_id
     WHERE ${WATCHED} AND c.next_read_at <= @now
     ORDER BY c.next_read_at, c.order_id`,
  );
  const countRows = db.prepare<{ now: number; hotSince: number }, { hot: number; quiet: number }>(
    `SELECT coalesce(sum(c.last_activity_at >= @hotSince), 0) AS hot, coalesce(sum(c.last_activity_at < @hotSince), 0) AS quiet
     FROM chat_cursors c JOIN orders o ON o.id = c.order_id WHERE ${WATCHED}`,
  );
  const earliest = db.prepare<{ now: number }, { at: number | null }>(
    `SELECT min(c.next_read_at) AS at FROM chat_cursors c JOIN orders o ON o.id = c.order_id WHERE ${WATCHED}`,
  );

  return {
    ensure(orderId, now) {
      ensureRow.run({ id: orderId, now });
    },
    get(orderId) {
      const row = selectOne.get(orderId);
      return row === undefined ? undefined : toCursor(row);
    },
    advance(orderId, cursorAt, cursorMs) {
      advanceRow.run({ id: orderId, at: cursorAt, ms: cursorMs });
    },
    markActive(orderId, now) {
      activeRow.run({ id: orderId, now });
    },
    schedule(orderId, next) {
      scheduleRow.run(next.nextReadAt, next.emptyReads, next.failures, orderId);
    },
    scheduleAfterRead(orderId, next, readAt) {
      readRow.run(next.nextReadAt, next.emptyReads, next.failures, readAt, orderId);
    },
    due(now) {
      return selectDue.all({ now }).map(toCursor);
    },
    countWatched(now, hotSince) {
      return countRows.get({ now, hotSince }) ?? { hot: 0, quiet: 0 };
    },
    earliestDue(now) {
      return earliest.get({ now })?.at ?? undefined;
    },
  };
}
