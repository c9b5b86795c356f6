/**
 * How long each /stats figure takes with 100 000 orders in the database (`npm run bench:stats`). Fills a temporary
 * database through the same order queries sync uses (so migration 8's triggers write the status history), spread
 * over 100 days, with auto-deliveries in the audit trail and a few chat messages per order; then times every figure
 * for "today" and "the last 7 days", as /stats and the daily summary ask for them, and prints each query's plan.
 * Then the chart and the export (sales-glance.ts). Timing lives here, not in the tests (which check the figures and
 * that each query uses an index).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { statsPeriods } from '../src/bot/stats/report.ts';
import { createAuditQueries } from '../src/db/audit.ts';
import { openDatabase } from '../src/db/open.ts';
import { createOrderQueries } from '../src/db/orders.ts';
import { createOutboxQueries } from '../src/db/outbox.ts';
import { createStatsQueries, STATS_QUERIES } from '../src/db/stats.ts';
import { OrderSchema, type OrderId } from '../src/seller-api/schemas.ts';
import { benchSalesGlance } from './sales-glance.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const DAYS = 100;
const RUNS = 20;
const MIN = 60_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');
const TIME_ZONE = 'Asia/Kolkata';

/** A repeatable pseudo-random sequence, so two runs fill the same database. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const dir = mkdtempSync(join(tmpdir(), 'stats-bench-'));
const db = openDatabase(join(dir, 'bench.sqlite'), { logger: pino({ level: 'silent' }) });
try {
  const orders = createOrderQueries(db);
  const audit = createAuditQueries(db);
  const outbox = createOutboxQueries(db);
  const next = random(42);
  const open = { isOpen: true, chatWatchUntil: undefined };
  const fillStarted = performance.now();
  db.transaction(() => {
    for (let i = 0; i < ORDERS; i++) {
      const created = NOW - DAYS * 1440 * MIN + Math.floor((i / ORDERS) * DAYS * 1440 * MIN);
      const id = `ord_${String(i).padStart(8, '0')}` as OrderId;
      const order = (status: string) =>
        OrderSchema.parse({
          id,
          status,
          createdAt: new Date(created).toISOString(),
          amount: 5 + (i % 40),
          productId: `p${i % 12}`,
          productTitle: `Game key, edition "${i % 12}"`,
          quantity: 1,
        });
      orders.insert(order('paid'), open, created);
      const roll = next();
      if (roll < 0.05) {
        orders.update(order('cancelled'), { isOpen: false, chatWatchUntil: created + 1440 * MIN }, created + 20 * MIN);
        continue;
      }
      const taken = created + Math.floor(next() * 60) * MIN;
      orders.update(order('processing'), open, taken);
      const delivered = taken + Math.floor(next() * 30) * MIN;
      // Auto-delivery's action is in the outbox when the status changes, as in production: the event is the bot's.
      if (roll < 0.35) outbox.insert({ kind: 'deliver', orderId: id, by: 'stock' }, `deliver-${id}`, delivered);
      orders.update(order('awaiting_confirmation'), open, delivered);
      if (roll < 0.35)
        audit.record({ at: delivered, orderId: id, action: 'deliver', actor: { kind: 'bot', source: 'stock' }, result: 'ok' });
      else audit.record({ at: taken, orderId: id, action: 'take', actor: { kind: 'person', userId: 7, name: 'Anna' }, result: 'ok' });
      for (let m = 0; m < 3; m++) {
        const asked = created + (m * 40 + Math.floor(next() * 20)) * MIN;
        audit.chatMessage(id, `b${m}`, 'buyer', asked);
        if (next() < 0.8) audit.chatMessage(id, `s${m}`, 'seller', asked + Math.floor(next() * 15) * MIN + 1);
      }
    }
  })();
  console.log(`filled ${ORDERS} orders over ${DAYS} days in ${Math.round(performance.now() - fillStarted)} ms`);
  for (const table of ['order_events', 'audit_log', 'chat_log']) {
    console.log(`  ${table}: ${(db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n} rows`);
  }

  const stats = createStatsQueries(db);
  const periods = statsPeriods(NOW, TIME_ZONE);
  console.log(`\nper figure, median of ${RUNS} runs (ms): today | last 7 days`);
  for (const name of Object.keys(STATS_QUERIES) as (keyof typeof STATS_QUERIES)[]) {
    const time = (period: { from: number; to: number }) => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        stats.figure(name, period);
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      return (samples[Math.floor(RUNS / 2)] ?? 0).toFixed(3);
    };
    console.log(`  ${name.padEnd(15)} ${time(periods.today).padStart(8)} | ${time(periods.week).padStart(8)}`);
  }
  const started = performance.now();
  const week = stats.figures(periods.week);
  console.log(`\nwhole report for the last 7 days: ${(performance.now() - started).toFixed(2)} ms`, week);

  console.log('\nquery plans:');
  for (const [name, sql] of Object.entries(STATS_QUERIES)) {
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(periods.week) as { detail: string }[];
    console.log(`  ${name}: ${plan.map((row) => row.detail).join(' | ')}`);
  }
  await benchSalesGlance(db, NOW, TIME_ZONE);
} finally {
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
