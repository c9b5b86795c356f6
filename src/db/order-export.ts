/**
 * The orders of the export (/export, `npm run export`): the orders first seen in a period, as /stats counts new paid
 * orders, with when and by whom each was taken, delivered and cancelled. Read from the status history
 * (`order_events`, which keeps the product and who changed what: migration 12) so an order the pruner removed from
 * `orders` is still listed; the `orders` row, while there, gives the current status. Product, quantity and amount are
 * as the order was first seen (a paid order's do not change).
 */
import type { ChangedBy, ExportedOrder, OrderExportStore } from '../core/sales.ts';
import { MAIN_STORE } from '../core/sales.ts';
import type { SqliteDatabase } from './sqlite.ts';

interface ExportRow {
  order_id: string;
  created: number;
  product_id: string | null;
  product_title: string | null;
  quantity: number | null;
  amount: number | null;
  status: string;
  taken_at: number | null;
  taken_kind: string | null;
  taken_name: string | null;
  delivered_at: number | null;
  delivered_kind: string | null;
  delivered_name: string | null;
  cancelled_at: number | null;
}

/** The first event of a kind of the order `n`: its id, for a join on the primary key. */
const firstOf = (kind: string) =>
  `(SELECT e.id FROM order_events AS e WHERE e.order_id = n.order_id AND e.kind = '${kind}' ORDER BY e.id LIMIT 1)`;

export const ORDER_EXPORT_QUERY = `
  SELECT n.order_id, coalesce(n.created_ms, n.at) AS created,
    -- The first event's copy (migration 12); the order's JSON, parsed only where the copy is missing.
    coalesce(n.product_id, o.order_json ->> '$.productId') AS product_id,
    coalesce(n.product_title, o.order_json ->> '$.productTitle') AS product_title,
    coalesce(n.quantity, o.order_json ->> '$.quantity') AS quantity,
    coalesce(n.amount, o.order_json ->> '$.amount') AS amount,
    coalesce(o.status, (SELECT e.status FROM order_events AS e WHERE e.order_id = n.order_id ORDER BY e.id DESC LIMIT 1)) AS status,
    t.at AS taken_at, t.by_kind AS taken_kind, t.by_name AS taken_name,
    d.at AS delivered_at, d.by_kind AS delivered_kind, d.by_name AS delivered_name,
    c.at AS cancelled_at
  FROM order_events AS n
    LEFT JOIN orders AS o ON o.id = n.order_id
    LEFT JOIN order_events AS t ON t.id = ${firstOf('taken')}
    LEFT JOIN order_events AS d ON d.id = ${firstOf('delivered')}
    LEFT JOIN order_events AS c ON c.id = ${firstOf('cancelled')}
  WHERE n.kind = 'new' AND n.at >= @from AND n.at < @to
  ORDER BY n.at, n.id`;

function changedBy(kind: string | null, name: string | null): ChangedBy | undefined {
  if (kind === 'person') return { kind: 'person', name: name ?? undefined };
  if (kind === 'bot') return { kind: 'bot', source: name ?? 'bridge' };
  return kind === 'website' ? { kind: 'website' } : undefined;
}

const toExported = (row: ExportRow): ExportedOrder => ({
  orderId: row.order_id,
  store: MAIN_STORE,
  createdAt: row.created,
  productId: row.product_id ?? undefined,
  productTitle: row.product_title ?? undefined,
  quantity: row.quantity ?? undefined,
  amount: row.amount ?? undefined,
  status: row.status,
  takenAt: row.taken_at ?? undefined,
  takenBy: changedBy(row.taken_kind, row.taken_name),
  deliveredAt: row.delivered_at ?? undefined,
  deliveredBy: changedBy(row.delivered_kind, row.delivered_name),
  cancelledAt: row.cancelled_at ?? undefined,
});

export function createOrderExportQueries(db: SqliteDatabase): OrderExportStore {
  const select = db.prepare<{ from: number; to: number }, ExportRow>(ORDER_EXPORT_QUERY);
  return {
    *orders(period) {
      // Row by row: a year of orders is not held in memory at once.
      for (const row of select.iterate({ from: period.from, to: period.to })) yield toExported(row);
    },
  };
}
