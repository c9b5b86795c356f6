/**
 * Queries of the stock tables: the keys, codes and accounts a product is sold with, and which order each went to.
 * Every change that moves an item is one transaction, so a crash leaves an item either in stock or with exactly one
 * order, and an order with either no items or all of them. Item texts are secrets: nothing here logs them.
 */
import type { OrderId, ProductId } from '../seller-api/schemas.ts';
import { maskItem } from '../core/stock/stock-input.ts';
import type { HeldOrder, ProductStock, ReleaseHeldResult, StockAddResult } from '../core/stock/stock-plan.ts';
import type { SqliteDatabase } from './sqlite.ts';

export type StockItemId = number & { readonly __brand: 'StockItemId' };

export type StockItemState = 'in_stock' | 'reserved' | 'delivered' | 'bad';

/** An item handed to an order: its text goes to the buyer, never to a log. */
export interface StockItem {
  id: StockItemId;
  item: string;
  state: StockItemState;
}

export type ReservationState = 'reserved' | 'delivered' | 'released' | 'failed';

export interface Reservation {
  orderId: OrderId;
  productId: ProductId;
  quantity: number;
  state: ReservationState;
  /** The items given to this order that are still good, oldest first: the issued value, one per line. */
  items: StockItem[];
}

export type ReserveResult =
  | { ok: true; reservation: Reservation; created: boolean }
  | { ok: false; reason: 'paused' }
  | { ok: false; reason: 'short'; needed: number; inStock: number }
  /** The items next in line would not make a value the store takes: nothing was reserved. */
  | { ok: false; reason: 'too-long' }
  /** This order reserved once before and gave its items back: an order never reserves twice. */
  | { ok: false; reason: 'released' };

export type StockLevel = 'ok' | 'low' | 'empty';

export interface StockQueries {
  /** Adds items in one transaction; duplicates (within the batch, or of any item ever added to the product) are skipped. */
  add(productId: ProductId, items: readonly string[], now: number): StockAddResult;
  /** Every product with stock or settings, sorted by id. */
  summary(): ProductStock[];
  setPaused(productId: ProductId, paused: boolean, now: number): void;
  isPaused(productId: ProductId): boolean;
  /** Removes the items not yet handed out; returns how many. */
  clear(productId: ProductId, now: number): number;
  inStock(productId: ProductId): number;
  /**
   * Reserves `quantity` items for the order, or returns the reservation it already has (same items, always). With
   * `deliverable`, items it refuses are not reserved (`too-long`).
   */
  reserve(
    orderId: OrderId,
    productId: ProductId,
    quantity: number,
    now: number,
    deliverable?: (items: readonly string[]) => boolean,
  ): ReserveResult;
  reservation(orderId: OrderId): Reservation | undefined;
  /** The order did not take its items (it left `paid` before Take): they go back to stock. */
  release(orderId: OrderId, now: number): boolean;
  markDelivered(orderId: OrderId, now: number): boolean;
  /** The store refused the Deliver for good: the items are held for the order, never given to another. */
  markFailed(orderId: OrderId, now: number): boolean;
  /** Orders holding items after a refused Deliver, oldest first. */
  heldOrders(): HeldOrder[];
  /** A person says the buyer never got the held items: they go back to stock. */
  releaseHeld(orderId: OrderId, now: number): ReleaseHeldResult;
  /**
   * Marks an item of the order bad (kept, never reused) and gives the order the next item in stock, in one
   * transaction. With no item in stock nothing changes. Repeating it for the same bad item returns the replacement
   * already given.
   */
  replace(orderId: OrderId, badItemId: StockItemId, now: number): StockItem | 'empty' | 'not-this-order';
  /** Orders holding reserved items that sync never committed (their card was refused, then they may have moved on). */
  uncommittedReservations(): OrderId[];
  /** Whether the seller ever gave this product stock or settings: only such products are auto-delivered. */
  isStocked(productId: ProductId): boolean;
  /** Items of the order the seller marked bad. */
  badCount(orderId: OrderId): number;
  /** Products whose level against `threshold` differs from the level last recorded (`setLevel`). */
  levelChanges(threshold: number): LevelChange[];
  setLevel(productId: ProductId, level: StockLevel, now: number): void;
}

export interface LevelChange {
  productId: ProductId;
  title: string | undefined;
  level: StockLevel;
  previous: StockLevel;
  inStock: number;
}

/**
 * Pauses auto-delivery of every product with stock or settings; returns those it paused (the others were already).
 * For a restored backup, not migrated yet: a database from before the stock tables has nothing to pause.
 */
export function pauseEveryProduct(db: SqliteDatabase, now: number): ProductId[] {
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stock_products'`).get();
  if (exists === undefined) return [];
  return db
    .prepare<[number], { product_id: string }>('UPDATE stock_products SET paused = 1, updated_at = ? WHERE paused = 0 RETURNING product_id')
    .all(now)
    .map((row) => row.product_id as ProductId)
    .sort();
}

/** Falling to low, or running out, is announced once; coming back up re-arms silently. */
export const isCrossing = (change: LevelChange): change is LevelChange & { level: 'low' | 'empty' } =>
  change.level !== 'ok' && (change.previous === 'ok' || change.level === 'empty');

type Deliverable = (items: readonly string[]) => boolean;

interface ItemRow {
  id: number;
  item: string;
  state: StockItemState;
}

interface ReservationRow {
  order_id: string;
  product_id: string;
  quantity: number;
  state: ReservationState;
}

export function createStockQueries(db: SqliteDatabase): StockQueries {
  const catalog = catalogQueries(db);
  return { ...catalog, ...reservationQueries(db, catalog) };
}

type CatalogMethods = 'add' | 'summary' | 'setPaused' | 'isPaused' | 'clear' | 'inStock' | 'isStocked' | 'levelChanges' | 'setLevel';

/** What is in stock per product, its settings, and the level last announced. */
function catalogQueries(db: SqliteDatabase): Pick<StockQueries, CatalogMethods> {
  const insertItem = db.prepare<[string, string, number, number]>(
    `INSERT INTO stock_items (product_id, item, state, added_at, state_at) VALUES (?, ?, 'in_stock', ?, ?)
     ON CONFLICT (product_id, item) DO NOTHING`,
  );
  const touchProduct = db.prepare<[string, number]>(
    `INSERT INTO stock_products (product_id, updated_at) VALUES (?, ?)
     ON CONFLICT (product_id) DO UPDATE SET updated_at = excluded.updated_at`,
  );
  const setPausedRow = db.prepare<[string, number, number]>(
    `INSERT INTO stock_products (product_id, paused, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (product_id) DO UPDATE SET paused = excluded.paused, updated_at = excluded.updated_at`,
  );
  const selectPaused = db.prepare<[string], { paused: number }>('SELECT paused FROM stock_products WHERE product_id = ?');
  const countInStock = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM stock_items WHERE product_id = ? AND state = 'in_stock'`,
  );
  const deleteInStock = db.prepare<[string]>(`DELETE FROM stock_items WHERE product_id = ? AND state = 'in_stock'`);
  const setAlertLevel = db.prepare<[string, StockLevel, number]>(
    `INSERT INTO stock_products (product_id, alert_level, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (product_id) DO UPDATE SET alert_level = excluded.alert_level, updated_at = excluded.updated_at`,
  );
  const selectSummary = db.prepare<
    [],
    Omit<ProductStock, 'paused' | 'nextHint' | 'productId'> & {
      product_id: string;
      paused: number;
      alert_level: StockLevel;
      next_item: string | null;
    }
  >(
    `SELECT p.product_id,
            (SELECT json_extract(o.order_json, '$.productTitle') FROM orders o
              WHERE json_extract(o.order_json, '$.productId') = p.product_id
              ORDER BY o.first_seen_at DESC LIMIT 1) AS title,
            (SELECT count(*) FROM stock_items i WHERE i.product_id = p.product_id AND i.state = 'in_stock') AS inStock,
            (SELECT count(*) FROM stock_items i WHERE i.product_id = p.product_id AND i.state = 'reserved'
                AND NOT EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = i.order_id AND r.state = 'failed')) AS reserved,
            (SELECT count(*) FROM stock_items i JOIN stock_reservations r ON r.order_id = i.order_id
              WHERE i.product_id = p.product_id AND i.state = 'reserved' AND r.state = 'failed') AS held,
            (SELECT count(*) FROM stock_items i WHERE i.product_id = p.product_id AND i.state = 'delivered') AS delivered,
            (SELECT count(*) FROM stock_items i WHERE i.product_id = p.product_id AND i.state = 'bad') AS bad,
            p.paused,
            p.alert_level,
            (SELECT i.item FROM stock_items i WHERE i.product_id = p.product_id AND i.state = 'in_stock'
              ORDER BY i.id LIMIT 1) AS next_item
       FROM stock_products p ORDER BY p.product_id`,
  );

  const inStock = (productId: ProductId) => countInStock.get(productId)?.n ?? 0;

  const add = db.transaction((productId: ProductId, items: readonly string[], now: number): StockAddResult => {
    touchProduct.run(productId, now);
    let added = 0;
    for (const item of items) added += insertItem.run(productId, item, now, now).changes;
    return { added, skipped: items.length - added, inStock: inStock(productId) };
  });

  return {
    add: (productId, items, now) => add(productId, items, now),
    summary: () =>
      selectSummary.all().map((row) => ({
        productId: row.product_id as ProductId,
        title: row.title ?? undefined,
        inStock: row.inStock,
        reserved: row.reserved,
        held: row.held,
        delivered: row.delivered,
        bad: row.bad,
        paused: row.paused === 1,
        nextHint: row.next_item === null ? undefined : maskItem(row.next_item),
      })),
    setPaused: (productId, paused, now) => void setPausedRow.run(productId, paused ? 1 : 0, now),
    isPaused: (productId) => selectPaused.get(productId)?.paused === 1,
    clear: (productId, now) => {
      touchProduct.run(productId, now);
      return deleteInStock.run(productId).changes;
    },
    inStock,
    isStocked: (productId) => selectPaused.get(productId) !== undefined,
    levelChanges: (threshold) =>
      selectSummary
        .all()
        .map((row) => {
          const level: StockLevel = row.inStock === 0 ? 'empty' : row.inStock <= threshold ? 'low' : 'ok';
          return {
            productId: row.product_id as ProductId,
            title: row.title ?? undefined,
            level,
            previous: row.alert_level,
            inStock: row.inStock,
          };
        })
        .filter((change) => change.level !== change.previous),
    setLevel: (productId, level, now) => void setAlertLevel.run(productId, level, now),
  };
}

/** Items reserved for an order, handed out, delivered, marked bad or replaced. */
function reservationQueries(db: SqliteDatabase, catalog: Pick<StockQueries, 'inStock' | 'isPaused'>): Omit<StockQueries, CatalogMethods> {
  const { inStock } = catalog;
  const selectNext = db.prepare<[string, number], { id: number; item: string }>(
    `SELECT id, item FROM stock_items WHERE product_id = ? AND state = 'in_stock' ORDER BY id LIMIT ?`,
  );
  const handOut = db.prepare<[string, string, number, number]>(
    `UPDATE stock_items SET state = ?, order_id = ?, state_at = ? WHERE id = ? AND state = 'in_stock'`,
  );
  const selectReservation = db.prepare<[string], ReservationRow>(
    'SELECT order_id, product_id, quantity, state FROM stock_reservations WHERE order_id = ?',
  );
  const insertReservation = db.prepare<[string, string, number, number, number]>(
    `INSERT INTO stock_reservations (order_id, product_id, quantity, state, reserved_at, state_at)
     VALUES (?, ?, ?, 'reserved', ?, ?)`,
  );
  const setReservationState = db.prepare<[ReservationState, number, string, ReservationState]>(
    'UPDATE stock_reservations SET state = ?, state_at = ? WHERE order_id = ? AND state = ?',
  );
  const selectOrderItems = db.prepare<[string], ItemRow>(
    `SELECT id, item, state FROM stock_items WHERE order_id = ? AND state IN ('reserved', 'delivered') ORDER BY id`,
  );
  const setOrderItemsState = db.prepare<[StockItemState, number, string, StockItemState]>(
    'UPDATE stock_items SET state = ?, state_at = ? WHERE order_id = ? AND state = ?',
  );
  const returnOrderItems = db.prepare<[number, string]>(
    `UPDATE stock_items SET state = 'in_stock', order_id = NULL, state_at = ? WHERE order_id = ? AND state = 'reserved'`,
  );
  const selectItem = db.prepare<[number], ItemRow & { order_id: string | null }>(
    'SELECT id, item, state, order_id FROM stock_items WHERE id = ?',
  );
  const markBadRow = db.prepare<[number, number]>(`UPDATE stock_items SET state = 'bad', state_at = ? WHERE id = ?`);
  const selectUncommitted = db.prepare<[], { order_id: string }>(
    `SELECT order_id FROM stock_reservations r
      WHERE state = 'reserved' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id) ORDER BY reserved_at`,
  );
  const selectHeld = db.prepare<[], { order_id: string; product_id: string; items: number; state_at: number }>(
    `SELECT r.order_id, r.product_id, r.state_at,
            (SELECT count(*) FROM stock_items i WHERE i.order_id = r.order_id AND i.state = 'reserved') AS items
       FROM stock_reservations r WHERE r.state = 'failed' ORDER BY r.state_at, r.order_id`,
  );
  const countBad = db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM stock_items WHERE order_id = ? AND state = 'bad'`);
  const selectReplacement = db.prepare<[string, number], ItemRow>(
    `SELECT id, item, state FROM stock_items WHERE order_id = ? AND state IN ('reserved', 'delivered') AND id > ?
     ORDER BY id DESC LIMIT 1`,
  );
  const toItem = (row: ItemRow): StockItem => ({ id: row.id as StockItemId, item: row.item, state: row.state });
  const reservationOf = (row: ReservationRow): Reservation => ({
    orderId: row.order_id as OrderId,
    productId: row.product_id as ProductId,
    quantity: row.quantity,
    state: row.state,
    items: selectOrderItems.all(row.order_id).map(toItem),
  });
  const reserve = db.transaction(
    (orderId: OrderId, productId: ProductId, quantity: number, now: number, deliverable?: Deliverable): ReserveResult => {
      const existing = selectReservation.get(orderId);
      if (existing !== undefined) {
        if (existing.state === 'released') return { ok: false, reason: 'released' };
        return { ok: true, reservation: reservationOf(existing), created: false };
      }
      if (catalog.isPaused(productId)) return { ok: false, reason: 'paused' };
      const next = selectNext.all(productId, quantity);
      if (next.length < quantity) return { ok: false, reason: 'short', needed: quantity, inStock: inStock(productId) };
      if (deliverable !== undefined && !deliverable(next.map((row) => row.item))) return { ok: false, reason: 'too-long' };
      for (const { id } of next) handOut.run('reserved', orderId, now, id);
      insertReservation.run(orderId, productId, quantity, now, now);
      const reservation = { order_id: orderId, product_id: productId, quantity, state: 'reserved' as const };
      return { ok: true, reservation: reservationOf(reservation), created: true };
    },
  );

  const release = db.transaction((orderId: OrderId, now: number): boolean => {
    if (setReservationState.run('released', now, orderId, 'reserved').changes === 0) return false;
    returnOrderItems.run(now, orderId);
    return true;
  });

  const releaseHeld = db.transaction((orderId: OrderId, now: number): ReleaseHeldResult => {
    const row = selectReservation.get(orderId);
    if (row?.state === 'reserved') return { ok: false, reason: 'in-progress' };
    if (row?.state !== 'failed') return { ok: false, reason: 'not-held' };
    setReservationState.run('released', now, orderId, 'failed');
    return { ok: true, productId: row.product_id as ProductId, released: returnOrderItems.run(now, orderId).changes };
  });

  const markDelivered = db.transaction((orderId: OrderId, now: number): boolean => {
    if (setReservationState.run('delivered', now, orderId, 'reserved').changes === 0) return false;
    setOrderItemsState.run('delivered', now, orderId, 'reserved');
    return true;
  });

  const replace = db.transaction((orderId: OrderId, badItemId: StockItemId, now: number): StockItem | 'empty' | 'not-this-order' => {
    const bad = selectItem.get(badItemId);
    const reservation = selectReservation.get(orderId);
    if (bad === undefined || bad.order_id !== orderId || reservation === undefined) return 'not-this-order';
    if (bad.state === 'bad') {
      const given = selectReplacement.get(orderId, badItemId);
      return given === undefined ? 'not-this-order' : toItem(given);
    }
    const [next] = selectNext.all(reservation.product_id, 1);
    if (next === undefined) return 'empty';
    markBadRow.run(now, badItemId);
    handOut.run('delivered', orderId, now, next.id);
    return { id: next.id as StockItemId, item: next.item, state: 'delivered' };
  });

  return {
    reserve: (orderId, productId, quantity, now, deliverable) => reserve(orderId, productId, quantity, now, deliverable),
    reservation: (orderId) => {
      const row = selectReservation.get(orderId);
      return row && reservationOf(row);
    },
    release: (orderId, now) => release(orderId, now),
    markDelivered: (orderId, now) => markDelivered(orderId, now),
    markFailed: (orderId, now) => setReservationState.run('failed', now, orderId, 'reserved').changes > 0,
    heldOrders: () =>
      selectHeld.all().map((row) => ({
        orderId: row.order_id as OrderId,
        productId: row.product_id as ProductId,
        items: row.items,
        since: row.state_at,
      })),
    releaseHeld: (orderId, now) => releaseHeld(orderId, now),
    replace: (orderId, badItemId, now) => replace(orderId, badItemId, now),
    uncommittedReservations: () => selectUncommitted.all().map((row) => row.order_id as OrderId),
    badCount: (orderId) => countBad.get(orderId)?.n ?? 0,
  };
}
