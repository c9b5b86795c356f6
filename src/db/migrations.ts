/**
 * Versioned schema migrations: an ordered list, each applied once, in its own transaction, at start-up.
 * `schema_migrations` records what was applied, so a database opened by an older or newer build is recognised
 * (the doctor command reports it) instead of being silently misread.
 *
 * Rules for adding one: append, never edit an applied entry, keep each step runnable on a live WAL database.
 */
import type { Logger } from 'pino';
import { ATTRIBUTION_MIGRATION } from './attribution-schema.ts';
import { AUDIT_MIGRATION } from './audit-schema.ts';
import { AUTOREPLY_MIGRATION } from './autoreply-schema.ts';
import { REMINDERS_MIGRATION } from './reminders-schema.ts';
import { TELEGRAM_QUEUE_STORE_MIGRATION, TELEGRAM_QUEUE_TIER_MIGRATION } from './telegram-queue-schema.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'orders, chats, telegram links, outbox, kv',
    sql: `
      -- One row per order sync knows. order_json is the full order as last seen, for rendering a card
      -- without an API call. updated_at guards against applying a list read that started before our own write.
      CREATE TABLE orders (
        id               TEXT PRIMARY KEY,
        status           TEXT NOT NULL,
        order_json       TEXT NOT NULL,
        created_at       TEXT,
        first_seen_at    INTEGER NOT NULL,
        last_changed_at  INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL,
        is_open          INTEGER NOT NULL CHECK (is_open IN (0, 1)),
        -- NULL while open; for a closed order, until when its chat is still read.
        chat_watch_until INTEGER
      ) STRICT;
      CREATE INDEX orders_open ON orders (is_open, status);
      CREATE INDEX orders_closed ON orders (chat_watch_until) WHERE is_open = 0;

      -- Per-order chat reading state: the cursor (newest createdAt handled) and the hot/quiet schedule.
      CREATE TABLE chat_cursors (
        order_id         TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
        cursor_at        TEXT,
        cursor_ms        INTEGER,
        last_activity_at INTEGER NOT NULL,
        next_read_at     INTEGER NOT NULL,
        empty_reads      INTEGER NOT NULL DEFAULT 0,
        failures         INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX chat_cursors_due ON chat_cursors (next_read_at);

      -- Chat messages already handled: relayed to the sink, or posted by us. The ids near a cursor are what
      -- the overlapping re-read drops; older rows are pruned.
      CREATE TABLE chat_messages (
        order_id    TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        message_id  TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        created_ms  INTEGER NOT NULL,
        origin      TEXT NOT NULL CHECK (origin IN ('relayed', 'own')),
        recorded_at INTEGER NOT NULL,
        PRIMARY KEY (order_id, message_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX chat_messages_recorded ON chat_messages (recorded_at);
      CREATE INDEX chat_messages_near ON chat_messages (order_id, created_ms);

      -- Telegram messages that stand for an order (card, relayed messages, acknowledgements), for replies.
      CREATE TABLE telegram_links (
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        order_id    TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        role        TEXT NOT NULL CHECK (role IN ('card', 'other')),
        created_at  INTEGER NOT NULL,
        PRIMARY KEY (chat_id, message_id)
      ) STRICT;
      CREATE INDEX telegram_links_order ON telegram_links (order_id);

      -- Seller actions. The idempotency key is created at enqueue and reused on every attempt.
      CREATE TABLE outbox (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        kind              TEXT NOT NULL CHECK (kind IN ('take', 'deliver', 'cancel', 'message')),
        order_id          TEXT NOT NULL,
        payload           TEXT NOT NULL,
        idempotency_key   TEXT NOT NULL UNIQUE,
        state             TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_at   INTEGER NOT NULL,
        last_error_code   TEXT,
        -- 1 when a chat post may have reached the store without us seeing the answer: probe before re-posting.
        uncertain         INTEGER NOT NULL DEFAULT 0 CHECK (uncertain IN (0, 1)),
        result            TEXT,
        reported          TEXT,
        origin_chat_id    INTEGER,
        origin_message_id INTEGER,
        enqueued_at       INTEGER NOT NULL,
        finished_at       INTEGER
      ) STRICT;
      -- A repeated Telegram update is one action.
      CREATE UNIQUE INDEX outbox_origin ON outbox (origin_chat_id, origin_message_id)
        WHERE origin_chat_id IS NOT NULL;
      -- A double tap is one action: one live take/deliver/cancel per order.
      CREATE UNIQUE INDEX outbox_live_order_action ON outbox (kind, order_id)
        WHERE kind <> 'message' AND state IN ('pending', 'succeeded');
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      CREATE INDEX outbox_finished ON outbox (finished_at) WHERE finished_at IS NOT NULL;

      -- Small JSON values: the bot's conversation storage, trial-mode chat binding, sync's run markers.
      CREATE TABLE kv (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: 'card views in telegram links, moved from the kv card records',
    sql: `
      -- No foreign key to orders any more: the bot records a card when it posts it, which is before the hand-off
      -- commits the order (sync/hand-off.ts). Links of pruned orders are deleted by the pruner instead.
      CREATE TABLE telegram_links_v2 (
        chat_id      INTEGER NOT NULL,
        message_id   INTEGER NOT NULL,
        order_id     TEXT NOT NULL,
        role         TEXT NOT NULL CHECK (role IN ('card', 'other')),
        created_at   INTEGER NOT NULL,
        -- What a card shows now (html, keyboard JSON) and when it was posted or last edited; NULL when unknown.
        shown_html   TEXT,
        shown_markup TEXT,
        shown_at     INTEGER,
        PRIMARY KEY (chat_id, message_id),
        CHECK ((shown_at IS NULL) = (shown_html IS NULL) AND (shown_at IS NULL) = (shown_markup IS NULL)),
        CHECK (role = 'card' OR shown_at IS NULL)
      ) STRICT;
      -- rowid kept: it orders cards posted in the same millisecond.
      INSERT INTO telegram_links_v2 (rowid, chat_id, message_id, order_id, role, created_at)
        SELECT rowid, chat_id, message_id, order_id, role, created_at FROM telegram_links;
      DROP TABLE telegram_links;
      ALTER TABLE telegram_links_v2 RENAME TO telegram_links;
      CREATE INDEX telegram_links_order ON telegram_links (order_id);

      -- The bot's kv records 'bot.cards:<orderId>' (a JSON array of {chatId, messageId, html, markup, at?}, oldest
      -- first) become the views of those cards; a card only they knew (posted, hand-off not committed) is linked.
      -- A record without 'at' predates dating: it ages from now. Entries of another shape are dropped.
      WITH records AS MATERIALIZED (
        SELECT substr(key, 11) AS order_id, value FROM kv
        WHERE substr(key, 1, 10) = 'bot.cards:' AND json_valid(value) AND json_type(value) = 'array'
      ),
      entries AS (
        SELECT r.order_id, e.value AS card, e.key AS position,
               coalesce(CAST(json_extract(e.value, '$.at') AS INTEGER),
                        CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) AS shown_at
        FROM records AS r, json_each(r.value) AS e
        WHERE json_type(e.value, '$.chatId') = 'integer' AND json_type(e.value, '$.messageId') = 'integer'
          AND json_type(e.value, '$.html') = 'text' AND json_type(e.value, '$.markup') = 'text'
          AND coalesce(json_type(e.value, '$.at'), 'integer') IN ('integer', 'real')
      )
      INSERT INTO telegram_links (chat_id, message_id, order_id, role, created_at, shown_html, shown_markup, shown_at)
        SELECT json_extract(card, '$.chatId'), json_extract(card, '$.messageId'), order_id, 'card', shown_at,
               json_extract(card, '$.html'), json_extract(card, '$.markup'), shown_at
        FROM entries WHERE true ORDER BY order_id, position
      ON CONFLICT (chat_id, message_id) DO UPDATE
        SET shown_html = excluded.shown_html, shown_markup = excluded.shown_markup, shown_at = excluded.shown_at
        WHERE telegram_links.role = 'card' AND telegram_links.order_id = excluded.order_id;
      DELETE FROM kv WHERE substr(key, 1, 10) = 'bot.cards:';
    `,
  },
  {
    version: 3,
    name: 'stock for auto-delivery',
    sql: `
      -- Per product: whether auto-delivery is paused, and the last low-stock level announced (one alert per crossing).
      CREATE TABLE stock_products (
        product_id  TEXT PRIMARY KEY,
        paused      INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
        alert_level TEXT NOT NULL DEFAULT 'ok' CHECK (alert_level IN ('ok', 'low', 'empty')),
        updated_at  INTEGER NOT NULL
      ) STRICT;

      -- One key, code or account per row. An item is unique within its product whatever its state, so a key
      -- already handed out can never be added again and given to a second buyer.
      CREATE TABLE stock_items (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        product_id TEXT NOT NULL,
        item       TEXT NOT NULL,
        state      TEXT NOT NULL CHECK (state IN ('in_stock', 'reserved', 'delivered', 'bad')),
        order_id   TEXT,
        added_at   INTEGER NOT NULL,
        state_at   INTEGER NOT NULL,
        UNIQUE (product_id, item),
        CHECK ((state = 'in_stock') = (order_id IS NULL))
      ) STRICT;
      CREATE INDEX stock_items_next ON stock_items (product_id, state, id);
      CREATE INDEX stock_items_order ON stock_items (order_id) WHERE order_id IS NOT NULL;

      -- An order reserves at most once, ever: a released reservation stays as a tombstone.
      CREATE TABLE stock_reservations (
        order_id    TEXT PRIMARY KEY,
        product_id  TEXT NOT NULL,
        quantity    INTEGER NOT NULL CHECK (quantity > 0),
        -- failed: the store refused the Deliver for good; the items stay with the order (the buyer may have seen them).
        state       TEXT NOT NULL CHECK (state IN ('reserved', 'delivered', 'released', 'failed')),
        reserved_at INTEGER NOT NULL,
        state_at    INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 4,
    name: 'forum topics of orders',
    sql: `
      -- In a forum group, the topic each order got (TELEGRAM_TOPICS=auto). name is what the topic is called now,
      -- so an unchanged status is not renamed; closed mirrors the topic's state, so a buyer message reopens it.
      CREATE TABLE order_topics (
        order_id   TEXT PRIMARY KEY,
        chat_id    INTEGER NOT NULL,
        thread_id  INTEGER NOT NULL,
        name       TEXT NOT NULL,
        closed     INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
        created_at INTEGER NOT NULL,
        UNIQUE (chat_id, thread_id)
      ) STRICT;
    `,
  },
  {
    version: 5,
    name: 'telegram queue',
    sql: `
      -- What the bot accepted from sync and has not yet shown in Telegram (sent_at NULL), and what it showed lately
      -- (kept a while so an event re-offered after a crash is recognised by dedup_key and not shown twice).
      -- lane 0 (new content) goes before lane 1 (card edits); seq keeps the order within a lane.
      CREATE TABLE telegram_queue (
        seq          INTEGER PRIMARY KEY AUTOINCREMENT,
        kind         TEXT NOT NULL,
        lane         INTEGER NOT NULL CHECK (lane IN (0, 1)),
        order_id     TEXT,
        dedup_key    TEXT UNIQUE,
        payload_json TEXT NOT NULL,
        -- Telegram messages of this item already accepted (a long buyer message goes in parts).
        parts_sent   INTEGER NOT NULL DEFAULT 0,
        attempts     INTEGER NOT NULL DEFAULT 0,
        not_before   INTEGER NOT NULL DEFAULT 0,
        queued_at    INTEGER NOT NULL,
        sent_at      INTEGER
      ) STRICT;
      CREATE INDEX telegram_queue_pending ON telegram_queue (lane, seq) WHERE sent_at IS NULL;
      CREATE INDEX telegram_queue_order ON telegram_queue (order_id, seq) WHERE sent_at IS NULL;
      CREATE INDEX telegram_queue_sent ON telegram_queue (sent_at) WHERE sent_at IS NOT NULL;
    `,
  },
  {
    version: 6,
    name: 'reply templates and confirmation reminders',
    sql: `
      -- Reply templates (/template, /t, Quick reply; greeting, delivered and confirm-reminder are sent by themselves).
      -- name is lower case: letters, digits, _ and - (core/template.ts).
      CREATE TABLE templates (
        name       TEXT PRIMARY KEY,
        text       TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      -- Orders waiting for the buyer's confirmation that may get the confirm-reminder: since when they wait, and
      -- when the reminder was queued (once). Orders of the first start's import never get a row.
      CREATE TABLE confirm_reminders (
        order_id  TEXT PRIMARY KEY,
        since     INTEGER NOT NULL,
        queued_at INTEGER
      ) STRICT;
    `,
  },
  REMINDERS_MIGRATION,
  AUDIT_MIGRATION,
  {
    version: 9,
    name: 'languages users picked',
    sql: `
      -- /language: the language of the bot's answers to each user who picked one; the rest get BOT_LANGUAGE.
      CREATE TABLE user_languages (
        user_id    INTEGER PRIMARY KEY,
        language   TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 10,
    name: "each chat's last successful read",
    sql: `
      -- A young chat's silence is observed only up to its last read (chat-schedule.ts); kept so a restart keeps it.
      ALTER TABLE chat_cursors ADD COLUMN last_read_at INTEGER;
    `,
  },
  TELEGRAM_QUEUE_TIER_MIGRATION,
  ATTRIBUTION_MIGRATION,
  AUTOREPLY_MIGRATION,
  TELEGRAM_QUEUE_STORE_MIGRATION,
];

export const LATEST_SCHEMA_VERSION: number = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

export type SchemaState = 'current' | 'behind' | 'ahead';

export interface SchemaStatus {
  state: SchemaState;
  /** Highest version applied to this database (0 for an empty one). */
  version: number;
  /** Highest version this build knows. */
  latest: number;
  /** Versions this build knows that are not applied yet. */
  pending: number[];
}

const CREATE_LEDGER = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`;

function appliedVersions(db: SqliteDatabase): Set<number> {
  const ledger = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
  if (ledger === undefined) return new Set();
  const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[];
  return new Set(rows.map((row) => row.version));
}

/** Read-only: whether this database matches this build. Safe to call on a database opened elsewhere. */
export function schemaStatus(db: SqliteDatabase, migrations: readonly Migration[] = MIGRATIONS): SchemaStatus {
  const applied = appliedVersions(db);
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const version = Math.max(0, ...applied);
  const pending = migrations.map((m) => m.version).filter((v) => !applied.has(v));
  const state: SchemaState = version > latest ? 'ahead' : pending.length > 0 ? 'behind' : 'current';
  return { state, version, latest, pending };
}

export class SchemaAheadError extends Error {
  override readonly name = 'SchemaAheadError';
  readonly code = 'DB_SCHEMA_AHEAD';
  constructor(
    readonly version: number,
    readonly latest: number,
  ) {
    super(
      `DB_SCHEMA_AHEAD: the database has schema version ${version} but this build knows up to ${latest}: ` +
        'run the newer build, or restore a backup made by this one',
    );
  }
}

/** Applies every pending migration in order, each in its own transaction. Returns the versions applied. */
export function migrate(
  db: SqliteDatabase,
  logger: Logger,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => number = Date.now,
): number[] {
  db.exec(CREATE_LEDGER);
  const status = schemaStatus(db, migrations);
  // A newer build wrote this file: its tables may mean things we do not know. Refuse rather than corrupt.
  if (status.state === 'ahead') throw new SchemaAheadError(status.version, status.latest);

  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const applied: number[] = [];
  for (const migration of ordered) {
    if (!status.pending.includes(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, now());
    })();
    applied.push(migration.version);
    logger.info({ version: migration.version, name: migration.name }, 'database migration applied');
  }
  return applied;
}
