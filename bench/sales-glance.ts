/**
 * The chart and the export at scale, for `npm run bench:stats` (stats-query.ts fills the database): the chart of the
 * last 7 days as /stats draws it (the series query, then Vega and resvg), 20 times, its p95 and its first run, which
 * loads the renderer; the export of the last 30 days as /export and `npm run export` write it; the process's resident
 * memory before and after each (charts are drawn in a thread of this process: counted); and what loading the renderer
 * costs a fresh process that never drew a chart.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { periodOfDays } from '../src/core/sales-days.ts';
import { createOrderExportQueries } from '../src/db/order-export.ts';
import type { SqliteDatabase } from '../src/db/sqlite.ts';
import { createStatsQueries } from '../src/db/stats.ts';
import { createSalesChartRenderer } from '../src/sales/chart-render.ts';
import { ordersCsv } from '../src/sales/export-csv.ts';
import { lastLocalDays } from '../src/shared/local-time.ts';

const RUNS = 20;
const IDLE_MS = 40_000;
const LABELS = {
  title: 'Sales, last 7 days',
  orders: 'New paid orders',
  revenue: 'Revenue',
  otherStores: (count: number) => `${count} more stores`,
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rss = () => process.memoryUsage().rss;
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** The value at rank ceil(p × n) of the sorted samples (nearest rank). */
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** A fresh node that imports what the first chart loads: its time and resident memory, against one that does not. */
function importCost(): string {
  const script = `const before = process.memoryUsage().rss; const started = performance.now();
    await Promise.all([import('vega'), import('@resvg/resvg-js')]);
    console.log(JSON.stringify({ ms: performance.now() - started, rss: process.memoryUsage().rss - before }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const { ms, rss: grown } = JSON.parse(run.stdout) as { ms: number; rss: number };
  return `${ms.toFixed(0)} ms, +${mb(grown)} resident`;
}

export async function benchSalesGlance(db: SqliteDatabase, now: number, timeZone: string): Promise<void> {
  const stats = createStatsQueries(db);
  const render = createSalesChartRenderer();
  console.log(`\nloading the renderer in a fresh process (what the first chart adds): ${importCost()}`);

  const chart = async () => {
    const started = performance.now();
    const days = stats.salesByDay(lastLocalDays(now, 7, timeZone));
    const png = await render({ days, labels: LABELS, locale: 'en' });
    return { ms: performance.now() - started, bytes: png.byteLength };
  };
  const beforeFirst = rss();
  const first = await chart();
  const afterFirst = rss();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let run = 0; run < RUNS; run++) samples.push((await chart()).ms);
  const cpuMs = cpuMsSince(cpu) / RUNS;
  const afterRuns = rss();
  // The drawing thread ends after its idle time (30 s by default) and gives its memory back.
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const afterIdle = rss();
  console.log(`chart of 7 days (series query + render, ${first.bytes} bytes of PNG):`);
  console.log(`  first (loads Vega and resvg): ${first.ms.toFixed(0)} ms`);
  const [median, p95] = [percentile(samples, 0.5), percentile(samples, 0.95)];
  console.log(`  then ${RUNS} runs: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; CPU ${cpuMs.toFixed(0)} ms a chart`);
  console.log(
    `  resident memory: ${mb(beforeFirst)} before, ${mb(afterFirst)} after the first, ${mb(afterRuns)} after ${RUNS} more, ` +
      `${mb(afterIdle)} after ${IDLE_MS / 1000} s idle`,
  );

  const orders = createOrderExportQueries(db);
  const period = periodOfDays(now, 30, timeZone);
  let bytes = 0;
  let rows = -1; // the header
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      rows += chunk.toString('utf8').split('\r\n').length - 1;
      done();
    },
  });
  const beforeExport = rss();
  const started = performance.now();
  const exportCpu = process.cpuUsage();
  await pipeline(ordersCsv(orders.orders(period), timeZone), sink);
  const ms = performance.now() - started;
  const exportCpuMs = cpuMsSince(exportCpu);
  console.log(
    `export of 30 days: ${rows} orders, ${mb(bytes)} of CSV in ${ms.toFixed(0)} ms (CPU ${exportCpuMs.toFixed(0)} ms); ` +
      `resident memory ${mb(beforeExport)} → ${mb(rss())}`,
  );
  console.log(`machine load while measuring (1-minute average, ${cpus().length} cores): ${loadavg()[0]?.toFixed(1)}`);
}
