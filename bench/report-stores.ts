/** `--stores N`'s report: a table per N with a row per store beside the one-store run, and one of the process. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile, ScenarioSpec } from './profiles.ts';
import { resultJson, type RunHeader } from './report.ts';
import { table } from './report-table.ts';
import type { StoreLatency, StoreRow, StoresRun } from './stores-summary.ts';
import { MEASURES, peakRss, perAddedStore, ratioOf, ratioText, STORES_LIMITS, type Measure, type StoresVerdict } from './stores-verdict.ts';
import { show } from './targets.ts';

export interface StoresReport extends RunHeader {
  mode: `${Profile['name']}-stores`;
  /** The scenario every store ran, from the same seed. */
  spec: ScenarioSpec;
  /** The one-store run of the same seed. */
  baseline: StoresRun;
  runs: StoresRun[];
  verdicts: StoresVerdict[];
  largestWithinLimits: number | undefined;
}

const MEASURE_NAMES: Record<Measure, string> = {
  hot: 'hot line → chat',
  newOrder: 'new order → card',
  statusChange: 'status change → card',
};

export function renderStoresMarkdown(report: StoresReport): string {
  const lines: string[] = [];
  const { spec, baseline } = report;
  lines.push(`## Several stores in one bridge — ${report.workload} workload, ${spec.openOrders} open orders each, seed ${spec.seed}`, '');
  lines.push(
    `Each store is its own sandbox with its own key (${spec.rateLimit ?? 120} requests a minute) and its own ` +
      `${report.telegram} chat; every store runs the one-store run's timeline (same seed), so their peaks and bursts ` +
      `coincide. S = ${report.scale}: every time is store time. Limits: each store's p95 in its chat ≤ ` +
      `${STORES_LIMITS.ratioMax}× the one store's, no store or Telegram 429, peak RSS < ${STORES_LIMITS.peakRssMB} MB, mean ` +
      `CPU < ${STORES_LIMITS.cpuCores} core at S = 1 (CPU/wall at S ÷ S). Load: the machine's 1-minute load average before → ` +
      'after each run.',
    '',
  );
  for (const run of report.runs) lines.push(...storeTable(run, baseline), '');
  lines.push('### The process', '');
  lines.push(processTable(report), '');
  lines.push('### The Telegram side: one queue for every chat (measured window)', '');
  lines.push(drainTable(report), '');
  const largest = report.largestWithinLimits;
  lines.push(
    largest === undefined
      ? 'No N met every limit.'
      : `Largest N within every limit (with every smaller N run also within): **${largest}**.`,
    '',
  );
  const modified = report.source.modified.length > 0 ? ` plus uncommitted changes in ${report.source.modified.join(', ')}` : '';
  lines.push(
    `Real time: ${report.realSeconds.toFixed(0)} s on ${report.machine.cpus} CPUs, Node ${report.machine.node}; code at ${report.source.commit ?? 'unknown commit'}${modified}.`,
  );
  return lines.join('\n');
}

function storeTable(run: StoresRun, baseline: StoresRun): string[] {
  const one = baseline.rows[0] as StoreRow;
  const cell = (row: StoreRow, measure: Measure) => latencyCell(row[measure], one[measure]);
  return [
    `### ${run.stores} stores: p95 in each store's chat (the one store's) ratio, load ${loadText(run)}`,
    '',
    table(
      [
        'store',
        ...MEASURES.map((measure) => MEASURE_NAMES[measure]),
        'at the sink: hot / new / status (one store’s)',
        'store 429s',
        'Telegram 429s',
        'in its chat: cards, lines relayed (about another store’s order)',
        'lost / twice',
      ],
      run.rows.map((row) => [
        row.store,
        ...MEASURES.map((measure) => cell(row, measure)),
        `${MEASURES.map((measure) => show(row[measure].sink)).join(' / ')} (${MEASURES.map((measure) => show(one[measure].sink)).join(' / ')})`,
        String(row.store429),
        String(row.telegram429),
        `${row.cardsInChat}, ${row.relayedInChat} (${row.foreignInChat})`,
        `${row.lost} / ${row.duplicates}`,
      ]),
    ),
  ];
}

function latencyCell(latency: StoreLatency, one: StoreLatency): string {
  return `${show(latency.chat)} (${show(one.chat)}) ${ratioText(ratioOf(latency, one))}, n=${latency.n}`;
}

function processTable(report: StoresReport): string {
  const runs = [report.baseline, ...report.runs];
  return table(
    [
      'stores',
      'S',
      'load',
      'peak RSS MB (before polling)',
      'RSS after GC MB',
      'per added store: peak RSS / after GC',
      'CPU/wall at S',
      'mean CPU at S = 1, cores',
      'CPU per added store',
      'event-loop p99 ms',
      'worst ratio: hot / new order / status',
      'verdict',
    ],
    runs.map((run) => {
      const verdict = report.verdicts.find((entry) => entry.stores === run.stores);
      const added = perAddedStore(run, report.baseline);
      return [
        String(run.stores),
        String(run.scale),
        loadText(run),
        `${peakRss(run).toFixed(0)} (${run.process.baselineRssMB.toFixed(0)})`,
        run.process.rssAfterGcMB.toFixed(0),
        added ? `${added.peakRssMB.toFixed(1)} / ${added.rssAfterGcMB.toFixed(1)} MB` : '–',
        run.process.cpuPerWall.toFixed(2),
        run.process.cpuCores.toFixed(3),
        added ? `${(added.cpuCores * 1000).toFixed(1)} millicores` : '–',
        run.process.eventLoopDelayP99Ms.toFixed(1),
        verdict ? MEASURES.map((measure) => ratioText(verdict.worst[measure])).join(' / ') : 'the reference',
        verdict ? (verdict.met ? 'within every limit' : `**not met**: ${verdict.misses.join('; ')}`) : '–',
      ];
    }),
  );
}

function drainTable(report: StoresReport): string {
  return table(
    ['stores', 'waiting in the queue: mean / max', 'admitted a minute, every chat', 'gap between two admitted: median (share ≥ 0.9 s)'],
    [report.baseline, ...report.runs].map((run) => [
      String(run.stores),
      `${run.telegram.queuedMean.toFixed(0)} / ${run.telegram.queuedMax}`,
      run.telegram.admittedPerMinute.toFixed(0),
      run.telegram.medianGapS === undefined
        ? '–'
        : `${run.telegram.medianGapS.toFixed(2)} s (${((run.telegram.longGapShare ?? 0) * 100).toFixed(0)}%)`,
    ]),
  );
}

function loadText(run: StoresRun): string {
  return `${(run.load.before[0] ?? 0).toFixed(1)} → ${(run.load.after[0] ?? 0).toFixed(1)}`;
}

/** Writes `<mode>-stores-<workload>-<telegram>-<time>.json` and `latest[-quick]-stores-…json`; returns the paths. */
export function writeStoresResults(report: StoresReport, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const body = resultJson(report);
  const variant = `${report.workload}-${report.telegram}`;
  const latest = report.partial ? 'latest-partial.json' : `latest${report.mode === 'quick-stores' ? '-quick' : ''}-stores-${variant}.json`;
  const paths = [join(dir, `${report.mode}-${variant}${report.partial ? '-partial' : ''}-${stamp}.json`), join(dir, latest)];
  for (const path of paths) writeFileSync(path, body);
  return paths;
}
