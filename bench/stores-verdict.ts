/**
 * The limits of `--stores N`, judged per N against the one store run R times on the same seed: each latency's p95
 * over every store's events pooled within 10% of the one store's runs pooled, and no store's p95 over 1.1× the
 * slowest one-store run's (either held to the floor instead where the one store came in under it); no store 429, no
 * Telegram 429, nothing of one store in another's chat, peak RSS under 250 MB, and mean CPU under half a core at
 * S = 1; and what each added store costs in RSS and CPU.
 *
 * Why not each store against one run: a store's status-change p95 is the slowest of its 19 changes, and one store
 * alone, run again on the same seed, moved 37–47 s between runs (its cycles' phase against the seed's events): one
 * run's p95 is a draw, and 20 stores' slowest against one draw misses 10% by chance alone.
 */
import type { Quantile } from './metrics.ts';
import { MEASURES, type Measure, type OneStoreReference, type StoresRun } from './stores-summary.ts';

export const STORES_LIMITS = { ratioMax: 1.1, peakRssMB: 250, cpuCores: 0.5 } as const;

/** A p95 in the chat over its reference; `censored`: the p95 is a lower bound, so is the ratio. */
export interface Ratio {
  value: number;
  censored: boolean;
}

export interface Reference {
  s: number;
  /** The floor, not the one store's figure. */
  floor: boolean;
}

/**
 * A p95 of the one store, or the floor when it came in under it: under its floor is the phase of that run's cycles
 * against this seed's events (a new order's p95 is 0.95 of the interval for any phase, 9.5 s at 10 s, yet one run
 * drew 8.2 s), which no bridge can promise every store.
 */
export function atLeastFloor(one: Quantile | undefined, floorS: number | undefined): Reference | undefined {
  if (one === undefined) return undefined;
  return floorS !== undefined && one.s < floorS ? { s: floorS, floor: true } : { s: one.s, floor: false };
}

/** What every store's pooled p95, and what each store's p95, is held to, per measure. */
export function referencesOf(reference: OneStoreReference): {
  pooled: Record<Measure, Reference | undefined>;
  store: Record<Measure, Reference | undefined>;
} {
  const per = (pick: (measure: Measure) => Quantile | undefined) =>
    Object.fromEntries(MEASURES.map((measure) => [measure, atLeastFloor(pick(measure), reference.floors[measure])])) as Record<
      Measure,
      Reference | undefined
    >;
  return {
    pooled: per((measure) => reference.pooled[measure].chat),
    store: per((measure) =>
      largest(
        reference.runs.map((run) => run.rows[0]?.[measure].chat),
        (p95) => p95.s,
      ),
    ),
  };
}

export interface StoresVerdict {
  stores: number;
  /** Every store's events pooled, over the one store's runs pooled, per measure. */
  pooled: Record<Measure, Ratio | undefined>;
  /** The slowest store's p95 over the slowest one-store run's, per measure. */
  worst: Record<Measure, Ratio | undefined>;
  store429: number;
  telegram429: number;
  foreignInChat: number;
  lostOrTwice: number;
  peakRssMB: number;
  cpuCores: number;
  /** Every limit met. */
  met: boolean;
  /** The limits missed, said with the figure. */
  misses: string[];
}

export function ratioOf(value: Quantile | undefined, reference: Reference | undefined): Ratio | undefined {
  if (value === undefined || reference === undefined || reference.s <= 0) return undefined;
  return { value: value.s / reference.s, censored: value.censored };
}

export function judgeStores(run: StoresRun, reference: OneStoreReference): StoresVerdict {
  const references = referencesOf(reference);
  const perMeasure = (ratio: (measure: Measure) => Ratio | undefined) =>
    Object.fromEntries(MEASURES.map((measure) => [measure, ratio(measure)])) as Record<Measure, Ratio | undefined>;
  const pooled = perMeasure((measure) => ratioOf(run.pooled[measure].chat, references.pooled[measure]));
  const worst = perMeasure((measure) =>
    largest(
      run.rows.map((row) => ratioOf(row[measure].chat, references.store[measure])),
      (ratio) => ratio.value,
    ),
  );
  const sum = (pick: (row: StoresRun['rows'][number]) => number) => run.rows.reduce((total, row) => total + pick(row), 0);
  const verdict = {
    stores: run.stores,
    pooled,
    worst,
    store429: sum((row) => row.store429),
    telegram429: sum((row) => row.telegram429),
    foreignInChat: sum((row) => row.foreignInChat),
    lostOrTwice: sum((row) => row.lost + row.duplicates),
    peakRssMB: peakRss(run),
    cpuCores: run.process.cpuCores,
  };
  const of = (reference: Reference | undefined, what: string) => (reference?.floor ? 'its floor' : what);
  const misses = [
    // A workload without a kind of event (the uniform one changes no status) has nothing of it to judge.
    ...MEASURES.filter((measure) => run.pooled[measure].n + reference.pooled[measure].n > 0).flatMap((measure) => [
      ...latencyMiss(`${measure} p95 of every store`, pooled[measure], of(references.pooled[measure], "the one store's")),
      ...latencyMiss(`${measure} p95 of a store`, worst[measure], of(references.store[measure], "the slowest one-store run's")),
    ]),
    ...(verdict.store429 > 0 ? [`${verdict.store429} store 429s`] : []),
    ...(verdict.telegram429 > 0 ? [`${verdict.telegram429} Telegram 429s`] : []),
    ...(verdict.foreignInChat > 0 ? [`${verdict.foreignInChat} messages in another store's chat`] : []),
    ...(verdict.lostOrTwice > 0 ? [`${verdict.lostOrTwice} events lost or shown twice`] : []),
    ...(verdict.peakRssMB >= STORES_LIMITS.peakRssMB ? [`peak RSS ${verdict.peakRssMB.toFixed(0)} MB`] : []),
    ...(verdict.cpuCores >= STORES_LIMITS.cpuCores ? [`mean CPU ${verdict.cpuCores.toFixed(2)} cores`] : []),
  ];
  return { ...verdict, met: misses.length === 0, misses };
}

function latencyMiss(what: string, ratio: Ratio | undefined, of: string): string[] {
  if (ratio === undefined) return [`${what}: no p95 to compare`];
  // A censored p95 is a lower bound: something had not reached the chat by the end.
  return ratio.censored || ratio.value > STORES_LIMITS.ratioMax ? [`${what} ${ratioText(ratio)} ${of}`] : [];
}

/** What each store adds, from the one-store run to N stores: peak RSS, RSS after a GC, and CPU at S = 1. */
export function perAddedStore(
  run: StoresRun,
  baseline: StoresRun,
): { peakRssMB: number; rssAfterGcMB: number; cpuCores: number } | undefined {
  const added = run.stores - baseline.stores;
  if (added <= 0) return undefined;
  const each = (pick: (of: StoresRun) => number) => (pick(run) - pick(baseline)) / added;
  return {
    peakRssMB: each(peakRss),
    rssAfterGcMB: each((of) => of.process.rssAfterGcMB),
    cpuCores: each((of) => of.process.cpuCores),
  };
}

/** The higher of the sampled peak and the kernel's. */
export const peakRss = (run: StoresRun): number => Math.max(run.process.peakRssMB, run.process.maxRssMB);

/** The largest N that met every limit with every smaller N run also meeting them. */
export function largestWithinLimits(verdicts: readonly StoresVerdict[]): number | undefined {
  let largest: number | undefined;
  for (const verdict of [...verdicts].sort((a, b) => a.stores - b.stores)) {
    if (!verdict.met) break;
    largest = verdict.stores;
  }
  return largest;
}

export function ratioText(ratio: Ratio | undefined): string {
  if (ratio === undefined) return '–';
  return `${ratio.censored ? '>' : ''}${ratio.value.toFixed(2)}×`;
}

/**
 * The largest by `size`, or undefined when any is missing: a store (or a one-store run) with no p95 at all is the
 * worst, since nothing of that kind reached its chat.
 */
function largest<T>(values: readonly (T | undefined)[], size: (value: T) => number): T | undefined {
  if (values.some((value) => value === undefined)) return undefined;
  return (values as T[]).reduce<T | undefined>((top, value) => (top === undefined || size(value) > size(top) ? value : top), undefined);
}
