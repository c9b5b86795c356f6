/** Queries of the `orders` table: what sync last saw of each order, and whether it is still watched. */
import { OrderSchema, type Order, type OrderId, type OrderStatus } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface StoredOrder {
  id: OrderId;
  status: OrderStatus;
  order: Order;
  firstSeenAt: number;
  lastChangedAt: number;
  /** Last time sync wrote this row: a read that started before it may be stale for this order. */
  updatedAt: number;
  isOpen: boolean;
  /** For a closed order: until when its chat is still read. */
  chatWatchUntil: number | undefined;
}

export interface OrderWatch {
  isOpen: boolean;
  chatWatchUntil: number | undefined;
}

interface OrderRow {
  id: string;
  status: string;
  order_json: string;
  first_seen_at: number;
  last_changed_at: number;
  updated_at: number;
  is_open: number;
  chat_watch_until: number | null;
}

export interface OrderQueries {
  get(id: OrderId): StoredOrder | undefined;
  /** A first sighting. */
  insert(order: Order, watch: OrderWatch, now: number): void;
  /** A later sighting; `lastChangedAt` moves only when the status differs. */
  update(order: Order, watch: OrderWatch, now: number): void;
  /** Stops watching an order the store no longer shows (ORDER_NOT_FOUND), keeping what we last saw. */
  stopWatching(id: OrderId, now: number): void;
  /** Open orders (optionally of one status), oldest first. */
  open(status?: string): StoredOrder[];
  /** Ids and statuses of the open orders, oldest first: what every poll cycle needs, without parsing each order. */
  openStatuses(): { id: OrderId; status: OrderStatus }[];
  countOpen(): number;
  /** Orders whose first sighting is at or after `since` and that were created before `createdBefore`. */
  countFirstSeenSince(since: number, createdBefore: number): number;
}

function toStored(row: OrderRow): StoredOrder {
  const order = OrderSchema.parse(JSON.parse(row.order_json));
  return {
    id: order.id,
    status: row.status,
    order,
    firstSeenAt: row.first_seen_at,
    lastChangedAt: row.last_changed_at,
    updatedAt: row.updated_at,
    isOpen: row.is_open === 1,
    chatWatchUntil: row.chat_watch_until ?? undefined,
  };
}

export function createOrderQueries(db: SqliteDatabase): OrderQueries {
  const selectOne = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const insertRow = db.prepare(
    `INSERT INTO orders (id, status, order_json, created_at, first_seen_at, last_changed_at, updated_at, is_open, chat_watch_until)
     VALUES (@id, @status, @json, @createdAt, @now, @now, @now, @isOpen, @chatWatchUntil)`,
  );
  const updateRow = db.prepare(
    `UPDATE orders SET
       last_changed_at = CASE WHEN status <> @status THEN @now ELSE last_changed_at END,
       status = @status, order_json = @json, created_at = @createdAt, updated_at = @now,
       is_open = @isOpen, chat_watch_until = @chatWatchUntil
     WHERE id = @id`,
  );
  const stop = db.prepare<{ id: string; now: number }>(
    'UPDATE orders SET is_open = 0, chat_watch_until = @now, updated_at = @now WHERE id = @id',
  );
  const selectOpen = db.prepare<[], OrderRow>('SELECT * FROM orders WHERE is_open = 1 ORDER BY created_at, id');
  const selectOpenByStatus = db.prepare<[string], OrderRow>(
    'SELECT * FROM orders WHERE is_open = 1 AND status = ? ORDER BY created_at, id',
  );
  const selectOpenStatuses = db.prepare<[], { id: OrderId; status: OrderStatus }>(
    'SELECT id, status FROM orders WHERE is_open = 1 ORDER BY created_at, id',
  );
  const countOpenRows = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM orders WHERE is_open = 1');
  const countSince = db.prepare<[number, number], { n: number }>(
    `SELECT count(*) AS n FROM orders
     WHERE first_seen_at >= ? AND coalesce(unixepoch(created_at, 'subsec') * 1000, 0) < ?`,
  );

  const params = (order: Order, watch: OrderWatch, now: number) => ({
    id: order.id,
    status: order.status,
    json: JSON.stringify(order),
    createdAt: order.createdAt ?? null,
    now,
    isOpen: watch.isOpen ? 1 : 0,
    chatWatchUntil: watch.chatWatchUntil ?? null,
  });

  return {
    get(id) {
      const row = selectOne.get(id);
      return row === undefined ? undefined : toStored(row);
    },
    insert(order, watch, now) {
      insertRow.run(params(order, watch, now));
    },
    update(order, watch, now) {
      updateRow.run(params(order, watch, now));
    },
    stopWatching(id, now) {
      stop.run({ id, now });
    },
    open(status) {
      const rows = status === undefined ? selectOpen.all() : selectOpenByStatus.all(status);
      return rows.map(toStored);
    },
    openStatuses() {
      return selectOpenStatuses.all();
    },
    countOpen() {
      return countOpenRows.get()?.n ?? 0;
    },
    countFirstSeenSince(since, createdBefore) {
      return countSince.get(since, createdBefore)?.n ?? 0;
    },
  };
}
