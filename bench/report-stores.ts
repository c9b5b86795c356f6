/** `--stores N`'s report: a table per N with a row per store beside the one-store run, and one of the process. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile, ScenarioSpec } from './profiles.ts';
import { resultJson, type RunHeader } from './report.ts';
import { table } from './report-table.ts';
import { MEASURES, type Measure, type OneStoreReference, type StoreRow, type StoresRun } from './stores-summary.ts';
import {
  peakRss,
  perAddedStore,
  ratioOf,
  ratioText,
  referencesOf,
  STORES_LIMITS,
  type Reference,
  type StoresVerdict,
} from './stores-verdict.ts';
import { show } from './targets.ts';

export interface StoresReport extends RunHeader {
  mode: `${Profile['name']}-stores`;
  /** The scenario every store ran, from the same seed. */
  spec: ScenarioSpec;
  /** The one store on the same seed, run R times at once. */
  reference: OneStoreReference;
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
  const { spec, reference } = report;
  lines.push(`## Several stores in one bridge — ${report.workload} workload, ${spec.openOrders} open orders each, seed ${spec.seed}`, '');
  lines.push(
    `Each store is its own sandbox with its own key (${spec.rateLimit ?? 120} requests a minute) and its own ` +
      `${report.telegram} chat; every store runs the one store's timeline (same seed), so their peaks and bursts ` +
      `coincide. S = ${report.scale}: every time is store time. Limits: each latency's p95 over every store's events ` +
      `≤ ${STORES_LIMITS.ratioMax}× the one store's runs pooled, each store's p95 ≤ ${STORES_LIMITS.ratioMax}× the slowest ` +
      `one-store run's (either: × the floor where the one store was under it, marked "floor"), no store or Telegram ` +
      `429, peak RSS < ${STORES_LIMITS.peakRssMB} MB, mean CPU < ${STORES_LIMITS.cpuCores} core at S = 1 (CPU/wall at S ÷ S). ` +
      "Load: the machine's 1-minute load average before → after each run.",
    '',
  );
  lines.push(...referenceTable(reference), '');
  for (const run of report.runs) lines.push(...storeTable(run, reference), '');
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

function referenceTable(reference: OneStoreReference): string[] {
  const n = (measure: Measure) => reference.pooled[measure].n;
  return [
    `### The one store, ${reference.runs.length} run${reference.runs.length === 1 ? '' : 's'} at once: p95 in its chat`,
    '',
    table(
      ['run', ...MEASURES.map((measure) => MEASURE_NAMES[measure]), 'load'],
      [
        ...reference.runs.map((run, i) => [String(i + 1), ...MEASURES.map((measure) => show(run.rows[0]?.[measure].chat)), loadText(run)]),
        ['pooled', ...MEASURES.map((measure) => `${show(reference.pooled[measure].chat)}, n=${n(measure)}`), ''],
        ['floor', ...MEASURES.map((measure) => floorText(reference.floors[measure])), ''],
      ],
    ),
  ];
}

function storeTable(run: StoresRun, reference: OneStoreReference): string[] {
  const references = referencesOf(reference);
  const pooled = MEASURES.map(
    (measure) =>
      `${MEASURE_NAMES[measure]} ${show(run.pooled[measure].chat)} (${referenceText(references.pooled[measure])}) ` +
      `${ratioText(ratioOf(run.pooled[measure].chat, references.pooled[measure]))}, n=${run.pooled[measure].n}`,
  );
  const cell = (row: StoreRow, measure: Measure) =>
    `${show(row[measure].chat)} ${ratioText(ratioOf(row[measure].chat, references.store[measure]))}, n=${row[measure].n}`;
  return [
    `### ${run.stores} stores, load ${loadText(run)}`,
    '',
    `Every store's events pooled, p95 in the chat (the one store's pooled): ${pooled.join('; ')}.`,
    '',
    `Each store's p95 in its chat, and its ratio to the slowest one-store run's ` +
      `(${MEASURES.map((measure) => referenceText(references.store[measure])).join(' / ')}):`,
    '',
    table(
      [
        'store',
        ...MEASURES.map((measure) => MEASURE_NAMES[measure]),
        'at the sink: hot / new / status',
        'store 429s',
        'Telegram 429s',
        'in its chat: cards, lines relayed (about another store’s order)',
        'lost / twice',
      ],
      run.rows.map((row) => [
        row.store,
        ...MEASURES.map((measure) => cell(row, measure)),
        MEASURES.map((measure) => show(row[measure].sink)).join(' / '),
        String(row.store429),
        String(row.telegram429),
        `${row.cardsInChat}, ${row.relayedInChat} (${row.foreignInChat})`,
        `${row.lost} / ${row.duplicates}`,
      ]),
    ),
  ];
}

function referenceText(reference: Reference | undefined): string {
  return reference === undefined ? '–' : `${show({ s: reference.s, censored: false })}${reference.floor ? ' floor' : ''}`;
}

const floorText = (floorS: number | undefined): string => (floorS === undefined ? '–' : show({ s: floorS, censored: false }));

function processTable(report: StoresReport): string {
  const base = report.reference.runs[0] as StoresRun;
  const runs = [...report.reference.runs, ...report.runs];
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
      'pooled ratio: hot / new order / status',
      'worst store ratio',
      'verdict',
    ],
    runs.map((run) => {
      const verdict = report.verdicts.find((entry) => entry.stores === run.stores);
      const added = perAddedStore(run, base);
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
        verdict ? MEASURES.map((measure) => ratioText(verdict.pooled[measure])).join(' / ') : 'the reference',
        verdict ? MEASURES.map((measure) => ratioText(verdict.worst[measure])).join(' / ') : '–',
        verdict ? (verdict.met ? 'within every limit' : `**not met**: ${verdict.misses.join('; ')}`) : '–',
      ];
    }),
  );
}

function drainTable(report: StoresReport): string {
  return table(
    ['stores', 'waiting in the queue: mean / max', 'admitted a minute, every chat', 'gap between two admitted: median (share ≥ 0.9 s)'],
    [...report.reference.runs, ...report.runs].map((run) => [
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
