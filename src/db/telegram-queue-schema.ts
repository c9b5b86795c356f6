/**
 * Migration 11: the Telegram queue's priority class in a column of its own (core/telegram-queue-rows.ts,
 * `QUEUE_TIER`), indexed, so picking the next item is an index lookup instead of reading every waiting row's JSON.
 */
/** A `Migration` (migrations.ts), typed there where it is listed: importing the type here would make a cycle. */
export const TELEGRAM_QUEUE_TIER_MIGRATION = {
  version: 11,
  name: "the Telegram queue's priority class as a column",
  sql: `
      -- 0 live content, 1 a first start's backlog, 2 card edits. Items waiting now get the class the pick gave them:
      -- edits were lane 1; cards of orders not waiting to be taken (not 'paid') were the backlog.
      ALTER TABLE telegram_queue ADD COLUMN tier INTEGER NOT NULL DEFAULT 0 CHECK (tier IN (0, 1, 2));
      UPDATE telegram_queue SET tier = CASE
          WHEN lane = 1 THEN 2
          WHEN kind <> 'appeared' OR NOT json_valid(payload_json) THEN 0
          WHEN json_extract(payload_json, '$.order.status') IS 'paid' THEN 0
          ELSE 1 END
        WHERE sent_at IS NULL;
      DROP INDEX telegram_queue_pending;
      ALTER TABLE telegram_queue DROP COLUMN lane;
      -- The pick: the oldest waiting item of a class; and the oldest edit by age, to send it with live content.
      CREATE INDEX telegram_queue_tier ON telegram_queue (tier, seq) WHERE sent_at IS NULL;
      CREATE INDEX telegram_queue_tier_age ON telegram_queue (tier, queued_at, seq) WHERE sent_at IS NULL;
    `,
};

/**
 * Migration 14: each item names the store whose chat it goes to, so each chat's items drain on their own and a
 * busy store's backlog does not hold another store's cards back.
 */
export const TELEGRAM_QUEUE_STORE_MIGRATION = {
  version: 14,
  name: "the Telegram queue's store per item",
  sql: `
      -- What is waiting gets the store the bot reads from it: a notice's own, else its order's ('<name>/<id>'),
      -- else main (store-ref.ts).
      ALTER TABLE telegram_queue ADD COLUMN store TEXT NOT NULL DEFAULT 'main';
      UPDATE telegram_queue SET store = CASE
          WHEN kind = 'notice' AND json_valid(payload_json) AND json_type(payload_json, '$.notice.store') = 'text'
            THEN json_extract(payload_json, '$.notice.store')
          WHEN instr(order_id, '/') BETWEEN 2 AND 17 AND substr(order_id, 1, instr(order_id, '/') - 1) NOT GLOB '*[^a-z0-9-]*'
            THEN substr(order_id, 1, instr(order_id, '/') - 1)
          ELSE 'main' END
        WHERE sent_at IS NULL;
      DROP INDEX telegram_queue_tier;
      DROP INDEX telegram_queue_tier_age;
      CREATE INDEX telegram_queue_tier ON telegram_queue (store, tier, seq) WHERE sent_at IS NULL;
      CREATE INDEX telegram_queue_tier_age ON telegram_queue (store, tier, queued_at, seq) WHERE sent_at IS NULL;
    `,
};
