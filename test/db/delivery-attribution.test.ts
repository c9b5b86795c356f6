/**
 * Who delivered an order is decided once, when the delivery is recorded, and /stats never counts it again. The steps
 * are the production ones, in their order: an action is queued (a person's tap records its audit entry at once; the
 * bot's own actions get theirs only when the outbox reports), the outbox stores the order the store returned in the
 * transaction that finishes the action, and the sink settles the audit entry after that. /stats may be asked in
 * between: it must say the same then as after.
 */
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { SellerAction } from '../../src/core/actions.ts';
import { createAuditQueries } from '../../src/db/audit.ts';
import { MIGRATIONS, migrate } from '../../src/db/migrations.ts';
import { createOrderExportQueries } from '../../src/db/order-export.ts';
import { createQueries } from '../../src/db/queries.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { createStatsQueries } from '../../src/db/stats.ts';
import { OrderSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const mem = useMemoryDb();
const open = { isOpen: true, chatWatchUntil: undefined };
const DAY = { from: 0, to: 1_000_000 };
const ANNA = { kind: 'person', userId: 7, name: 'Anna' } as const;

const order = (id: string, status: string) =>
  OrderSchema.parse({ id, status, createdAt: '2026-11-23T10:00:00Z', amount: 10, productId: 'p1', productTitle: 'Game key' });

function paid(db: SqliteDatabase, id: string, at: number) {
  createQueries(db).orders.insert(order(id, 'paid'), open, at);
}

/** The outbox's success as sync/outbox.ts commits it: the action finished and the returned order stored together. */
function deliverSucceeds(db: SqliteDatabase, actionId: number, id: string, at: number) {
  const queries = createQueries(db);
  db.transaction(() => {
    queries.outbox.finish(actionId as never, { state: 'succeeded', outcome: { ok: true }, code: undefined, attempts: 1, now: at });
    queries.orders.update(order(id, 'awaiting_confirmation'), open, at);
  })();
}

const queue = (db: SqliteDatabase, action: SellerAction, at: number) =>
  createQueries(db).outbox.insert(action, `key-${action.orderId}`, at);

describe('a delivery is attributed when it is recorded', () => {
  it('four deliveries from stock count as automatic at once, before the sink settles their audit entries, and after', () => {
    const stats = createStatsQueries(mem.db);
    const audit = createAuditQueries(mem.db);
    const ids = ['A', 'B', 'C', 'D'];
    const actions = ids.map((id, i) => {
      paid(mem.db, id, 100 + i);
      return queue(mem.db, { kind: 'deliver', orderId: id as OrderId, by: 'stock' }, 200 + i);
    });
    for (const [i, id] of ids.entries()) deliverSucceeds(mem.db, actions[i]!, id, 300 + i);

    // The window: every delivery is recorded, no audit entry is settled yet.
    const asked = stats.figures(DAY);
    expect({ delivered: asked.delivered, byBot: asked.deliveredByBot }).toEqual({ delivered: 4, byBot: 4 });

    // The sink reports each outcome: nobody in Telegram asked, so the bot's entry is recorded (recording.ts).
    for (const [i, id] of ids.entries()) {
      audit.record({
        at: 400 + i,
        orderId: id as OrderId,
        action: 'deliver',
        actor: { kind: 'bot', source: 'stock' },
        actionId: actions[i]!,
        result: 'ok',
      });
    }
    expect(stats.figures(DAY)).toEqual(asked);
  });

  it("a person's tap is theirs, by name; a status changed on the website is the website's", () => {
    paid(mem.db, 'A', 100);
    paid(mem.db, 'B', 101);
    const tap = queue(mem.db, { kind: 'deliver', orderId: 'A' as OrderId }, 200);
    createAuditQueries(mem.db).record({ at: 200, orderId: 'A' as OrderId, action: 'deliver', actor: ANNA, actionId: tap });
    deliverSucceeds(mem.db, tap, 'A', 300);
    createQueries(mem.db).orders.update(order('B', 'awaiting_confirmation'), open, 301);

    expect(createStatsQueries(mem.db).figures(DAY)).toMatchObject({ delivered: 2, deliveredByBot: 0 });
    const exported = [...createOrderExportQueries(mem.db).orders(DAY)];
    expect(exported.map((row) => [row.orderId, row.deliveredBy])).toEqual([
      ['A', { kind: 'person', name: 'Anna' }],
      ['B', { kind: 'website' }],
    ]);
  });

  it('a poll that sees the delivery before the outbox hears back still credits the pending action', () => {
    paid(mem.db, 'A', 100);
    queue(mem.db, { kind: 'deliver', orderId: 'A' as OrderId, by: 'stock' }, 200);
    // The store delivered, the answer was lost; the next poll stores the new status while the action is pending.
    createQueries(mem.db).orders.update(order('A', 'awaiting_confirmation'), open, 250);
    expect(createStatsQueries(mem.db).figures(DAY).deliveredByBot).toBe(1);
  });
});

describe('migration 12 attributes the deliveries recorded before it', () => {
  let db: SqliteDatabase | undefined;
  afterEach(() => db?.close());

  it('from the settled audit entries, else the outbox, else the website', () => {
    const logger = pino({ level: 'silent' });
    db = new Database(':memory:');
    migrate(
      db,
      logger,
      MIGRATIONS.filter((m) => m.version < 12),
    );
    const audit = createAuditQueries(db);
    for (const [i, id] of ['A', 'B', 'C', 'D'].entries()) paid(db, id, 100 + i);
    // A: from stock, settled. B: Anna's tap, settled. C: from stock, not settled yet. D: on the website.
    const a = queue(db, { kind: 'deliver', orderId: 'A' as OrderId, by: 'stock' }, 200);
    const b = queue(db, { kind: 'deliver', orderId: 'B' as OrderId }, 201);
    audit.record({ at: 201, orderId: 'B' as OrderId, action: 'deliver', actor: ANNA, actionId: b });
    const c = queue(db, { kind: 'deliver', orderId: 'C' as OrderId, by: 'stock' }, 202);
    deliverSucceeds(db, a, 'A', 300);
    deliverSucceeds(db, b, 'B', 301);
    deliverSucceeds(db, c, 'C', 302);
    createQueries(db).orders.update(order('D', 'awaiting_confirmation'), open, 303);
    audit.record({
      at: 310,
      orderId: 'A' as OrderId,
      action: 'deliver',
      actor: { kind: 'bot', source: 'stock' },
      actionId: a,
      result: 'ok',
    });
    audit.settle('B' as OrderId, b, 'ok', undefined, 311);

    migrate(db, logger);
    const by = db.prepare(`SELECT order_id, by_kind, by_name FROM order_events WHERE kind = 'delivered' ORDER BY order_id`).all();
    expect(by).toEqual([
      { order_id: 'A', by_kind: 'bot', by_name: 'stock' },
      { order_id: 'B', by_kind: 'person', by_name: 'Anna' },
      { order_id: 'C', by_kind: 'bot', by_name: 'stock' },
      { order_id: 'D', by_kind: 'website', by_name: null },
    ]);
    const products = db.prepare(`SELECT DISTINCT product_title FROM order_events WHERE kind = 'new'`).all();
    expect(products).toEqual([{ product_title: 'Game key' }]);
  });
});
