/**
 * Migration 8: the audit trail, the status history of orders, the chat log /stats measures answers with, and the
 * daily summary ledger. Kept out of migrations.ts (which lists it) so that file stays a list.
 *
 * Status history is written by triggers on `orders`, not by sync: every status change sync commits (the hand-off, the
 * outbox storing the order an action returned) lands in the same transaction as the row, so it is recorded exactly
 * once and sync's code needs no hook. Rows here have no foreign key to `orders`: history and figures outlive the
 * pruning of old orders.
 */
/** ms since epoch of an ISO time as SQLite reads it; NULL when it cannot. */
const isoToMs = (column: string) => `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`;

const eventColumns = 'order_id, at, kind, status, previous, amount, created_ms';
const eventValues = (at: string, kind: string, previous: string) =>
  `new.id, ${at}, ${kind}, new.status, ${previous}, json_extract(new.order_json, '$.amount'), ${isoToMs('new.created_at')}`;

/** What a status change means for the figures; `other` for the rest (completion after delivery, unknown statuses). */
const changeKind = `CASE
  WHEN new.status = 'processing' THEN 'taken'
  WHEN new.status IN ('awaiting_confirmation', 'completed') AND old.status IN ('paid', 'processing') THEN 'delivered'
  WHEN new.status = 'cancelled' THEN 'cancelled'
  ELSE 'other' END`;

/** A `Migration` (migrations.ts), typed there where it is listed: importing the type here would make a cycle. */
export const AUDIT_MIGRATION = {
  version: 8,
  name: 'audit trail, order status history, chat log, daily summaries',
  sql: `
    -- Who did what: a person (Telegram user id, display name as of then) or the bot (actor_name: its source).
    CREATE TABLE audit_log (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      at          INTEGER NOT NULL,
      order_id    TEXT,
      action      TEXT NOT NULL,
      actor_kind  TEXT NOT NULL CHECK (actor_kind IN ('person', 'bot')),
      actor_id    INTEGER,
      actor_name  TEXT NOT NULL,
      -- The outbox action this entry waits for; its outcome settles the entry.
      action_id   INTEGER UNIQUE,
      result      TEXT NOT NULL CHECK (result IN ('pending', 'ok', 'failed', 'refused')),
      result_code TEXT,
      settled_at  INTEGER,
      CHECK ((actor_kind = 'person') = (actor_id IS NOT NULL))
    ) STRICT;
    CREATE INDEX audit_log_order ON audit_log (order_id, id);
    -- /stats: deliveries by the bot in a period.
    CREATE INDEX audit_log_settled ON audit_log (action, actor_kind, result, settled_at);

    -- One row per status sync saw: 'new' when first seen, then each change, with what the figures need.
    CREATE TABLE order_events (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id   TEXT NOT NULL,
      at         INTEGER NOT NULL,
      kind       TEXT NOT NULL CHECK (kind IN ('new', 'taken', 'delivered', 'cancelled', 'other')),
      status     TEXT NOT NULL,
      previous   TEXT,
      amount     REAL,
      created_ms INTEGER
    ) STRICT;
    CREATE INDEX order_events_order ON order_events (order_id, id);
    -- /stats: each count, the revenue and the take times of a period from the index alone (bench/stats-query.ts).
    CREATE INDEX order_events_kind ON order_events (kind, at, amount, created_ms);

    CREATE TRIGGER order_events_new AFTER INSERT ON orders BEGIN
      INSERT INTO order_events (${eventColumns}) VALUES (${eventValues('new.first_seen_at', "'new'", 'NULL')});
    END;
    CREATE TRIGGER order_events_change AFTER UPDATE OF status ON orders WHEN new.status IS NOT old.status BEGIN
      INSERT INTO order_events (${eventColumns}) VALUES (${eventValues('new.updated_at', changeKind, 'old.status')});
    END;

    -- Orders known before this migration: first seen as they are now.
    INSERT INTO order_events (order_id, at, kind, status, previous, amount, created_ms)
      SELECT id, first_seen_at, 'new', status, NULL, json_extract(order_json, '$.amount'), ${isoToMs('created_at')}
      FROM orders ORDER BY first_seen_at;

    -- Chat messages by author, for answer times and message counts; chat_messages is pruned and has no author.
    CREATE TABLE chat_log (
      order_id   TEXT NOT NULL,
      message_id TEXT NOT NULL,
      author     TEXT NOT NULL CHECK (author IN ('buyer', 'seller')),
      at         INTEGER NOT NULL,
      PRIMARY KEY (order_id, message_id)
    ) STRICT, WITHOUT ROWID;
    -- /stats: the buyer messages of a period; per order, the message before one, and the seller's next answer.
    CREATE INDEX chat_log_author ON chat_log (author, at);
    CREATE INDEX chat_log_order ON chat_log (order_id, at, message_id, author);
    CREATE INDEX chat_log_answers ON chat_log (order_id, author, at);

    -- One daily summary per local day, whatever restarts happen around its minute.
    CREATE TABLE daily_summaries (
      day       TEXT PRIMARY KEY,
      posted_at INTEGER NOT NULL
    ) STRICT;
  `,
} as const;
