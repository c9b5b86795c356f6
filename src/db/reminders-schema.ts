/** Migration 7: the reminders' and auto-cancel's state (src/db/reminders.ts), kept next to its queries' module. */
/** A `Migration` (migrations.ts), typed there where it is listed: importing the type here would make a cycle. */
export const REMINDERS_MIGRATION = {
  version: 7,
  name: 'reminders and auto-cancel',
  sql: `
      -- Untaken paid orders brought back up: how many reminders went out and when the last one did.
      CREATE TABLE untaken_reminders (
        order_id TEXT PRIMARY KEY,
        sent     INTEGER NOT NULL CHECK (sent >= 0),
        last_at  INTEGER NOT NULL
      ) STRICT;

      -- Chat messages as relayed, buyer's or the seller's from the store website: what the seller has not answered.
      -- chat_messages cannot tell: it does not keep who wrote. reminded_at: no reminder is due any more (it went out,
      -- or the seller answered first), so the waiting set stays small.
      CREATE TABLE relayed_messages (
        order_id      TEXT NOT NULL,
        message_id    TEXT NOT NULL,
        from_buyer    INTEGER NOT NULL CHECK (from_buyer IN (0, 1)),
        created_ms    INTEGER NOT NULL,
        chat_id       INTEGER,
        tg_message_id INTEGER,
        recorded_at   INTEGER NOT NULL,
        reminded_at   INTEGER,
        PRIMARY KEY (order_id, message_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX relayed_messages_waiting ON relayed_messages (recorded_at) WHERE from_buyer = 1 AND reminded_at IS NULL;

      -- /autocancel: per product, after how many minutes an untaken paid order is cancelled (opt-in; none by default).
      CREATE TABLE autocancel_rules (
        product_id TEXT PRIMARY KEY,
        minutes    REAL NOT NULL CHECK (minutes > 0),
        set_at     INTEGER NOT NULL,
        set_by     INTEGER
      ) STRICT;

      -- Per order under a rule: warned halfway, then cancelling (decided; the cancel is the outbox's, found by order
      -- and time, so a crash between deciding and queueing queues it on the next pass), then done (told).
      CREATE TABLE autocancels (
        order_id      TEXT PRIMARY KEY,
        state         TEXT NOT NULL CHECK (state IN ('warned', 'cancelling', 'done')),
        minutes       REAL NOT NULL,
        warned_at     INTEGER NOT NULL,
        cancelling_at INTEGER,
        updated_at    INTEGER NOT NULL
      ) STRICT;
    `,
};
