/**
 * Migration 12: who took, delivered or cancelled an order is written on its status event, once, when the event is
 * recorded; and the product of an order on its first event, so the export outlives the pruning of old orders.
 *
 * The event is written by the `orders` triggers (audit-schema.ts) in the transaction that stores the new status. At
 * that moment the bridge's own action of that kind, if any, is in the outbox (pending, or succeeded in this very
 * transaction): it made the change. Its `by` says the bridge acted by itself (`stock`, `autocancel`); without `by`
 * a person asked in Telegram, and their name is on the action's audit entry, recorded when they tapped. No action:
 * the change came from the store's side (`website`). Counting from this column, a figure never moves once asked:
 * before, /stats counted the bot's deliveries from audit entries settled after the status event, so a question
 * asked in between saw them as deliveries by hand.
 */
const verbOf = (kind: string) => `CASE ${kind} WHEN 'taken' THEN 'take' WHEN 'delivered' THEN 'deliver' ELSE 'cancel' END`;

/** A `Migration` (migrations.ts), typed there where it is listed: importing the type here would make a cycle. */
export const ATTRIBUTION_MIGRATION = {
  version: 12,
  name: 'who changed an order on its status event; the product on its first event',
  sql: `
    -- person: by_name is their Telegram name as of the tap; bot: by_name is the source (stock, autocancel);
    -- website: the store's side (the seller on the website, the buyer, the store itself), by_name NULL.
    ALTER TABLE order_events ADD COLUMN by_kind TEXT CHECK (by_kind IN ('person', 'bot', 'website'));
    ALTER TABLE order_events ADD COLUMN by_name TEXT;
    ALTER TABLE order_events ADD COLUMN product_id TEXT;
    ALTER TABLE order_events ADD COLUMN product_title TEXT;
    ALTER TABLE order_events ADD COLUMN quantity REAL;

    CREATE TRIGGER order_events_attribution AFTER INSERT ON order_events
    WHEN new.kind IN ('taken', 'delivered', 'cancelled') BEGIN
      UPDATE order_events SET by_kind = 'website' WHERE id = new.id;
      UPDATE order_events SET
          by_kind = CASE WHEN a.source IS NULL THEN 'person' ELSE 'bot' END,
          by_name = coalesce(a.source,
            (SELECT l.actor_name FROM audit_log AS l WHERE l.action_id = a.id AND l.actor_kind = 'person'))
        FROM (
          SELECT o.id, json_extract(o.payload, '$.by') AS source FROM outbox AS o
          -- kind <> 'message' spelled out: it lets SQLite search outbox_live_order_action (a partial index on it)
          -- rather than read every finished action, on every status change.
          WHERE o.order_id = new.order_id AND o.kind = ${verbOf('new.kind')}
            AND o.kind <> 'message' AND o.state IN ('pending', 'succeeded')
          ORDER BY o.id DESC LIMIT 1
        ) AS a
        WHERE order_events.id = new.id;
    END;

    CREATE TRIGGER order_events_product AFTER INSERT ON order_events WHEN new.kind = 'new' BEGIN
      UPDATE order_events SET
          product_id = json_extract(o.order_json, '$.productId'),
          product_title = json_extract(o.order_json, '$.productTitle'),
          quantity = json_extract(o.order_json, '$.quantity')
        FROM orders AS o
        WHERE o.id = new.order_id AND order_events.id = new.id;
    END;

    -- Events recorded before: the store's side unless the bridge's own action is known, from its outbox row (kept a
    -- week) or, better, from the audit entry that action settled (kept for good).
    UPDATE order_events SET by_kind = 'website' WHERE kind IN ('taken', 'delivered', 'cancelled');
    UPDATE order_events SET
        by_kind = CASE WHEN a.source IS NULL THEN 'person' ELSE 'bot' END,
        by_name = coalesce(a.source,
          (SELECT l.actor_name FROM audit_log AS l WHERE l.action_id = a.id AND l.actor_kind = 'person'))
      FROM (
        SELECT o.order_id, o.kind, json_extract(o.payload, '$.by') AS source, max(o.id) AS id FROM outbox AS o
        WHERE o.state = 'succeeded' AND o.kind IN ('take', 'deliver', 'cancel') GROUP BY o.order_id, o.kind
      ) AS a
      WHERE a.order_id = order_events.order_id AND a.kind = ${verbOf('order_events.kind')}
        AND order_events.kind IN ('taken', 'delivered', 'cancelled');
    UPDATE order_events SET by_kind = l.actor_kind, by_name = l.actor_name
      FROM (
        SELECT order_id, action, actor_kind, actor_name, max(id) FROM audit_log
        WHERE result = 'ok' AND action IN ('take', 'deliver', 'cancel') AND order_id IS NOT NULL GROUP BY order_id, action
      ) AS l
      WHERE l.order_id = order_events.order_id AND l.action = ${verbOf('order_events.kind')}
        AND order_events.kind IN ('taken', 'delivered', 'cancelled');
    UPDATE order_events SET
        product_id = json_extract(o.order_json, '$.productId'),
        product_title = json_extract(o.order_json, '$.productTitle'),
        quantity = json_extract(o.order_json, '$.quantity')
      FROM orders AS o
      WHERE o.id = order_events.order_id AND order_events.kind = 'new';

    -- /stats: deliveries by the bot in a period, from the event alone. The audit trail's index for it goes.
    CREATE INDEX order_events_by ON order_events (kind, by_kind, at);
    DROP INDEX audit_log_settled;
  `,
} as const;
