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
