/**
 * Migration 13: answers while the seller sleeps. Keyword rules (`/autoreply`), the automatic answers given (at most
 * one per buyer message, one per order per rule or away period), and when the seller last wrote on the store's
 * website (no automatic answer right after a person answered). The `/away` switch is a kv value (`autoreply.away`).
 */
/** A `Migration` (migrations.ts), typed there where it is listed: importing the type here would make a cycle. */
export const AUTOREPLY_MIGRATION = {
  version: 13,
  name: 'keyword rules, automatic answers, the seller writing on the website',
  sql: `
      -- /autoreply: list order is id order. phrases: a JSON array of the phrases as the seller wrote them.
      CREATE TABLE autoreply_rules (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        template   TEXT NOT NULL,
        phrases    TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        created_by INTEGER
      ) STRICT;
      CREATE INDEX autoreply_rules_template ON autoreply_rules (template);

      -- Each automatic answer, queued in the commit of the buyer message it answers. answer: 'rule:<id>' (once per
      -- order per rule) or 'away:<period start>' (once per order per away period).
      CREATE TABLE auto_answers (
        order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        answer     TEXT NOT NULL,
        template   TEXT NOT NULL,
        at         INTEGER NOT NULL,
        PRIMARY KEY (order_id, message_id),
        UNIQUE (order_id, answer)
      ) STRICT, WITHOUT ROWID;

      -- The newest seller message written on the store website (relayed, not ours), per order: a person answered.
      CREATE TABLE seller_writes (
        order_id TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
        at       INTEGER NOT NULL
      ) STRICT;
    `,
};
