/** The stock tables: items unique per product, reservations once per order, crash-safe transitions. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { maskItem, maskItems } from '../../src/core/stock/stock-input.ts';
import { createStockQueries, isCrossing, type StockQueries } from '../../src/db/stock.ts';
import type { OrderId, ProductId } from '../../src/seller-api/schemas.ts';

const logger = pino({ level: 'silent' });
const P = 'steam-key' as ProductId;
const order = (n: number) => `ord_${n}` as OrderId;

let dir: string;
let path: string;
let db: SqliteDatabase;
let stock: StockQueries;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stock-test-'));
  path = join(dir, 'bridge.sqlite');
  db = openDatabase(path, { logger });
  stock = createStockQueries(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('adding items', () => {
  it('skips repeated lines and items the product already had, whatever their state', () => {
    expect(stock.add(P, ['AAAA-1', 'BBBB-2', 'AAAA-1'], 1)).toEqual({ added: 2, skipped: 1, inStock: 2 });
    stock.reserve(order(1), P, 1, 2);
    stock.markDelivered(order(1), 3);
    // AAAA-1 was handed out: adding it again must not make it available to a second buyer.
    expect(stock.add(P, ['AAAA-1', 'CCCC-3'], 4)).toEqual({ added: 1, skipped: 1, inStock: 2 });
  });

  it('keeps the same item apart per product', () => {
    stock.add(P, ['SAME'], 1);
    expect(stock.add('other' as ProductId, ['SAME'], 1).added).toBe(1);
  });
});

describe('reserving for an order', () => {
  it('reserves the oldest items, and the same ones again however often it is asked', () => {
    stock.add(P, ['K1', 'K2', 'K3'], 1);
    const first = stock.reserve(order(1), P, 2, 2);
    expect(first).toMatchObject({ ok: true, created: true });
    const again = stock.reserve(order(1), P, 2, 3);
    expect(again).toMatchObject({ ok: true, created: false });
    const items = (r: typeof first) => (r.ok ? r.reservation.items.map((i) => i.item) : []);
    expect(items(first)).toEqual(['K1', 'K2']);
    expect(items(again)).toEqual(['K1', 'K2']);
    expect(stock.inStock(P)).toBe(1);
  });

  it('never hands one item to two orders, and never reserves partly', () => {
    stock.add(P, ['K1', 'K2', 'K3'], 1);
    expect(stock.reserve(order(1), P, 2, 2).ok).toBe(true);
    expect(stock.reserve(order(2), P, 2, 2)).toEqual({ ok: false, reason: 'short', needed: 2, inStock: 1 });
    expect(stock.inStock(P)).toBe(1);
    const third = stock.reserve(order(3), P, 1, 2);
    expect(third.ok && third.reservation.items.map((i) => i.item)).toEqual(['K3']);
  });

  it('refuses a paused product and keeps its items', () => {
    stock.add(P, ['K1'], 1);
    stock.setPaused(P, true, 2);
    expect(stock.reserve(order(1), P, 1, 3)).toEqual({ ok: false, reason: 'paused' });
    stock.setPaused(P, false, 4);
    expect(stock.reserve(order(1), P, 1, 5).ok).toBe(true);
  });

  it('gives released items back, and the released order never reserves again', () => {
    stock.add(P, ['K1'], 1);
    stock.reserve(order(1), P, 1, 2);
    expect(stock.release(order(1), 3)).toBe(true);
    expect(stock.inStock(P)).toBe(1);
    expect(stock.reserve(order(1), P, 1, 4)).toEqual({ ok: false, reason: 'released' });
    expect(stock.reserve(order(2), P, 1, 4).ok).toBe(true);
  });

  it('does not release a delivered order', () => {
    stock.add(P, ['K1'], 1);
    stock.reserve(order(1), P, 1, 2);
    stock.markDelivered(order(1), 3);
    expect(stock.release(order(1), 4)).toBe(false);
    expect(stock.reservation(order(1))).toMatchObject({ state: 'delivered', items: [{ item: 'K1', state: 'delivered' }] });
  });

  it('reserves nothing when the items next in line are refused (too long for one issued value)', () => {
    stock.add(P, ['K1', 'K2', 'K3'], 1);
    const seen: string[][] = [];
    const refuse = (items: readonly string[]) => {
      seen.push([...items]);
      return false;
    };
    expect(stock.reserve(order(1), P, 2, 2, refuse)).toEqual({ ok: false, reason: 'too-long' });
    expect(seen).toEqual([['K1', 'K2']]);
    expect(stock.reservation(order(1))).toBeUndefined();
    expect(stock.inStock(P)).toBe(3);
    // Refused once is not a tombstone: with room, the same order reserves.
    expect(stock.reserve(order(1), P, 2, 3, () => true).ok).toBe(true);
  });

  it('holds the items of a refused delivery apart from stock and from deliveries under way, until released', () => {
    stock.add(P, ['K1', 'K2', 'K3', 'K4'], 1);
    stock.reserve(order(1), P, 2, 2);
    stock.reserve(order(2), P, 1, 3);
    expect(stock.markFailed(order(1), 4)).toBe(true);
    expect(stock.summary()[0]).toMatchObject({ inStock: 1, reserved: 1, held: 2 });
    expect(stock.heldOrders()).toEqual([{ orderId: order(1), productId: P, items: 2, since: 4 }]);
    expect(stock.releaseHeld(order(2), 5)).toEqual({ ok: false, reason: 'in-progress' });
    expect(stock.releaseHeld(order(9), 5)).toEqual({ ok: false, reason: 'not-held' });
    expect(stock.releaseHeld(order(1), 5)).toEqual({ ok: true, productId: P, released: 2 });
    expect(stock.releaseHeld(order(1), 6)).toEqual({ ok: false, reason: 'not-held' });
    expect(stock.summary()[0]).toMatchObject({ inStock: 3, reserved: 1, held: 0 });
    // The released items are the oldest again: the next order gets K1.
    const next = stock.reserve(order(3), P, 1, 7);
    expect(next.ok && next.reservation.items.map((i) => i.item)).toEqual(['K1']);
  });

  it('survives a reopen with the same items (what a restart after kill -9 reads)', () => {
    stock.add(P, ['K1', 'K2'], 1);
    stock.reserve(order(1), P, 1, 2);
    db.close();
    db = openDatabase(path, { logger });
    stock = createStockQueries(db);
    expect(stock.reservation(order(1))?.items.map((i) => i.item)).toEqual(['K1']);
    const again = stock.reserve(order(1), P, 1, 3);
    expect(again.ok && again.reservation.items.map((i) => i.item)).toEqual(['K1']);
  });
});

describe('replacing a bad item', () => {
  it('marks it bad for good and gives the next item once, however often it is asked', () => {
    stock.add(P, ['K1', 'K2', 'K3'], 1);
    const reserved = stock.reserve(order(1), P, 1, 2);
    stock.markDelivered(order(1), 3);
    const bad = reserved.ok ? reserved.reservation.items[0]!.id : undefined;
    const replacement = stock.replace(order(1), bad!, 4);
    expect(replacement).toMatchObject({ item: 'K2' });
    expect(stock.replace(order(1), bad!, 5)).toMatchObject({ item: 'K2' });
    expect(stock.inStock(P)).toBe(1);
    expect(stock.summary()[0]).toMatchObject({ bad: 1, delivered: 1, inStock: 1 });
    // A bad item is never reused, not even after clear and re-adding it.
    stock.clear(P, 6);
    expect(stock.add(P, ['K1'], 7).added).toBe(0);
  });

  it('changes nothing when the stock is empty, and refuses an item of another order', () => {
    stock.add(P, ['K1'], 1);
    const reserved = stock.reserve(order(1), P, 1, 2);
    const item = reserved.ok ? reserved.reservation.items[0]!.id : undefined;
    expect(stock.replace(order(2), item!, 3)).toBe('not-this-order');
    expect(stock.replace(order(1), item!, 3)).toBe('empty');
    expect(stock.badCount(order(1))).toBe(0);
    // Stock came back: the same tap now works.
    stock.add(P, ['K2'], 4);
    expect(stock.replace(order(1), item!, 5)).toMatchObject({ item: 'K2' });
  });
});

describe('the list and alerts', () => {
  it('summarises per product with the title sync saw, and never shows an item', () => {
    db.prepare(
      `INSERT INTO orders (id, status, order_json, created_at, first_seen_at, last_changed_at, updated_at, is_open)
       VALUES ('o1', 'paid', ?, NULL, 1, 1, 1, 1)`,
    ).run(JSON.stringify({ id: 'o1', status: 'paid', productId: P, productTitle: 'Hollow Realms key' }));
    stock.add(P, ['ABCD-EFGH-9Z'], 1);
    stock.setPaused('empty-one' as ProductId, true, 1);
    const summary = stock.summary();
    expect(summary).toEqual([
      {
        productId: 'empty-one',
        title: undefined,
        inStock: 0,
        reserved: 0,
        held: 0,
        delivered: 0,
        bad: 0,
        paused: true,
        nextHint: undefined,
      },
      {
        productId: P,
        title: 'Hollow Realms key',
        inStock: 1,
        reserved: 0,
        held: 0,
        delivered: 0,
        bad: 0,
        paused: false,
        nextHint: 'AB…9Z',
      },
    ]);
    expect(JSON.stringify(summary)).not.toContain('ABCD-EFGH-9Z');
    expect(maskItem('SHORT')).toBe('…');
  });

  it('masks items so that two of one order tell apart, never showing a third of an item', () => {
    expect(maskItems(['DEXA-7QX4-K9AB-00MZ', 'DEYB-8RT2-L3CD-11MZ', 'OTHER-KEY-0001'])).toEqual(['DEX…0MZ', 'DEY…1MZ', 'OT…01']);
    // Alike as far as a third of them: the masks stay alike (the card's line numbers tell them apart).
    expect(maskItems(['DEXA-7QX4-K9AB-00MZ', 'DEXA-9999-K9AB-00MZ'])).toEqual(['DEX…0MZ', 'DEX…0MZ']);
    expect(maskItems(['SHORT1', 'SHORT1'])).toEqual(['…', '…']);
  });

  it('reports one crossing per level, re-armed when stock comes back', () => {
    stock.add(P, ['K1', 'K2', 'K3', 'K4'], 1);
    // What the engine does each cycle: announce crossings, record every change.
    const announce = () => {
      const crossings = [];
      for (const change of stock.levelChanges(2)) {
        if (isCrossing(change)) crossings.push(`${change.level}:${change.inStock}`);
        stock.setLevel(change.productId, change.level, 1);
      }
      return crossings;
    };
    expect(announce()).toEqual([]);
    let n = 0;
    const take = () => {
      n += 1;
      stock.reserve(order(n), P, 1, 1);
      return announce();
    };
    expect(take()).toEqual([]); // 3 left
    expect(take()).toEqual(['low:2']);
    expect(take()).toEqual([]); // 1 left, still low
    expect(take()).toEqual(['empty:0']);
    expect(announce()).toEqual([]);
    stock.add(P, ['K5', 'K6', 'K7'], 2);
    expect(announce()).toEqual([]); // back to ok: re-armed, nothing said
    expect(take()).toEqual(['low:2']);
  });
});
