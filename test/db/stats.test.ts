/**
 * /stats figures on a seeded database: orders go in and change status through the order queries sync uses, so the
 * migrations' triggers write the status history (and who made each change) as they do in production. Days are Asia/Kolkata days (UTC+5:30):
 * an order at 19:00 UTC on the 22nd is "today" there on the 23rd, and not in UTC.
 */
import { describe, expect, it } from 'vitest';
import { statsPeriods } from '../../src/bot/stats/report.ts';
import { createAuditQueries } from '../../src/db/audit.ts';
import { ORDER_EXPORT_QUERY } from '../../src/db/order-export.ts';
import { createStatsQueries, SALES_BY_DAY_QUERY, STATS_QUERIES } from '../../src/db/stats.ts';
import { OrderSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { lastLocalDays } from '../../src/shared/local-time.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const NOW = at('2026-11-23T12:00:00Z'); // 17:30 in Kolkata
const open = { isOpen: true, chatWatchUntil: undefined };

const mem = useMemoryDb();

const order = (id: string, status: string, createdAt: string, amount?: number) =>
  OrderSchema.parse({ id, status, createdAt, ...(amount === undefined ? {} : { amount }) });

/** An order seen at its createdAt, then each status at its time. */
function seed(id: string, createdAt: string, amount: number | undefined, changes: [string, string][]) {
  mem.queries.orders.insert(order(id, 'paid', createdAt, amount), open, at(createdAt));
  for (const [status, when] of changes) mem.queries.orders.update(order(id, status, createdAt, amount), open, at(when));
}

function seedStore() {
  seed('A', '2026-11-23T10:00:00Z', 19.99, [
    ['processing', '2026-11-23T10:10:00Z'],
    ['awaiting_confirmation', '2026-11-23T11:00:00Z'],
  ]);
  // B is delivered from stock: the bot's deliver action is in the outbox when the status changes.
  mem.queries.outbox.insert({ kind: 'deliver', orderId: 'B' as OrderId, by: 'stock' }, 'deliver-B', at('2026-11-22T19:30:30Z'));
  seed('B', '2026-11-22T19:00:00Z', 5, [
    ['processing', '2026-11-22T19:30:00Z'],
    ['awaiting_confirmation', '2026-11-22T19:31:00Z'],
  ]);
  seed('C', '2026-11-22T18:00:00Z', 7, [['cancelled', '2026-11-22T18:20:00Z']]);
  // Seen before the week began (23:30 on the 16th in Kolkata), taken inside it.
  seed('D', '2026-11-16T18:00:00Z', 3, [['processing', '2026-11-16T18:40:00Z']]);
  seed('E', '2026-11-23T11:59:00Z', 1, []);
  // Completion after delivery is not a second delivery.
  mem.queries.orders.update(order('A', 'completed', '2026-11-23T10:00:00Z', 19.99), open, at('2026-11-23T11:30:00Z'));

  const audit = createAuditQueries(mem.db);
  audit.record({
    at: at('2026-11-22T19:31:00Z'),
    orderId: 'B' as OrderId,
    action: 'deliver',
    actor: { kind: 'bot', source: 'stock' },
    result: 'ok',
  });
  audit.record({
    at: at('2026-11-23T10:10:00Z'),
    orderId: 'A' as OrderId,
    action: 'take',
    actor: { kind: 'person', userId: 1, name: 'Anna' },
    result: 'ok',
  });
  const chat = (orderId: string, id: string, author: 'buyer' | 'seller', when: string) =>
    audit.chatMessage(orderId as OrderId, id, author, at(when));
  chat('A', 'm1', 'buyer', '2026-11-23T10:20:00Z');
  chat('A', 'm2', 'buyer', '2026-11-23T10:21:00Z'); // still the same wait
  chat('A', 'm3', 'seller', '2026-11-23T10:25:00Z'); // 5 min
  chat('A', 'm4', 'buyer', '2026-11-23T10:40:00Z');
  chat('A', 'm5', 'seller', '2026-11-23T10:42:00Z'); // 2 min
  chat('A', 'm3', 'seller', '2026-11-23T10:59:00Z'); // the same message again: counted once
  chat('B', 'm1', 'buyer', '2026-11-22T19:05:00Z'); // never answered: no wait measured
}

describe('stats figures', () => {
  it('today and the last 7 days in Asia/Kolkata', () => {
    seedStore();
    const stats = createStatsQueries(mem.db);
    const periods = statsPeriods(NOW, 'Asia/Kolkata');
    expect(periods.today.from).toBe(at('2026-11-22T18:30:00Z'));
    expect(periods.week.from).toBe(at('2026-11-16T18:30:00Z'));

    expect(stats.figures(periods.today)).toEqual({
      newOrders: 3, // A, B, E
      taken: 2,
      delivered: 2,
      deliveredByBot: 1,
      cancelled: 0,
      revenue: 24.99,
      medianTakeMs: 20 * MIN, // 10 and 30 min
      medianAnswerMs: 3.5 * MIN, // 5 and 2 min
    });
    expect(stats.figures(periods.week)).toEqual({
      newOrders: 4, // D was first seen before the week
      taken: 3,
      delivered: 2,
      deliveredByBot: 1,
      cancelled: 1,
      revenue: 24.99,
      medianTakeMs: 30 * MIN, // 10, 30, 40
      medianAnswerMs: 3.5 * MIN,
    });
  });

  it('the same data counted in UTC days differs where the zones do', () => {
    seedStore();
    const today = createStatsQueries(mem.db).figures(statsPeriods(NOW, 'UTC').today);
    expect(today.newOrders).toBe(2); // A, E: B was the 22nd in UTC
    expect(today.revenue).toBe(19.99);
    expect(today.medianTakeMs).toBe(10 * MIN);
  });

  it('the chart: per local day, new paid orders and revenue delivered, a day without orders as zeros', () => {
    seedStore();
    const days = lastLocalDays(NOW, 7, 'Asia/Kolkata');
    const series = createStatsQueries(mem.db).salesByDay(days);
    expect(series).toEqual([
      { day: '2026-11-17', orders: 0, revenue: 0 }, // D was seen at 23:30 on the 16th there
      { day: '2026-11-18', orders: 0, revenue: 0 },
      { day: '2026-11-19', orders: 0, revenue: 0 },
      { day: '2026-11-20', orders: 0, revenue: 0 },
      { day: '2026-11-21', orders: 0, revenue: 0 },
      { day: '2026-11-22', orders: 1, revenue: 0 }, // C, at 23:30
      { day: '2026-11-23', orders: 3, revenue: 24.99 }, // A, B, E; A and B delivered
    ]);
    // The bars add up to the text's figures of the same period.
    const week = createStatsQueries(mem.db).figures(statsPeriods(NOW, 'Asia/Kolkata').week);
    expect(series.reduce((sum, day) => sum + day.orders, 0)).toBe(week.newOrders);
    expect(series.reduce((sum, day) => sum + day.revenue, 0)).toBeCloseTo(week.revenue, 6);
  });

  it('an empty database answers zeros and no medians', () => {
    const figures = createStatsQueries(mem.db).figures(statsPeriods(NOW, 'Asia/Kolkata').week);
    expect(figures).toEqual({
      newOrders: 0,
      taken: 0,
      delivered: 0,
      deliveredByBot: 0,
      cancelled: 0,
      revenue: 0,
      medianTakeMs: undefined,
      medianAnswerMs: undefined,
    });
  });

  it('every figure, the chart and the export are range scans of an index, not scans of the table', () => {
    seedStore();
    const queries = { ...STATS_QUERIES, salesByDay: SALES_BY_DAY_QUERY, orderExport: ORDER_EXPORT_QUERY };
    const days = JSON.stringify(lastLocalDays(NOW, 7, 'UTC'));
    for (const [name, sql] of Object.entries(queries)) {
      const params = name === 'salesByDay' ? { days } : { from: 0, to: NOW };
      const plan = mem.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
      const scans = plan
        .map((row) => row.detail)
        .filter((detail) => /^SCAN (order_events|audit_log|chat_log|orders)\b/.test(detail) && !/USING/.test(detail));
      expect(scans, name).toEqual([]);
    }
  });
});
