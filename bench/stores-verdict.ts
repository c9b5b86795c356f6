/**
 * The limits of `--stores N`, judged per N against the one-store run of the same seed: every store's hot, new-order
 * and status-change p95 in its chat within 10% of the one store's, no store 429, no Telegram 429, nothing of one
 * store in another's chat, peak RSS under 250 MB, and mean CPU under half a core at S = 1; and what each added store
 * costs in RSS and CPU.
 */
import type { Quantile } from './metrics.ts';
import type { StoreLatency, StoreRow, StoresRun } from './stores-summary.ts';

export const STORES_LIMITS = { ratioMax: 1.1, peakRssMB: 250, cpuCores: 0.5 } as const;

export type Measure = 'hot' | 'newOrder' | 'statusChange';
export const MEASURES: readonly Measure[] = ['hot', 'newOrder', 'statusChange'];

/** A store's p95 in its chat over the one store's; `censored`: the store's p95 is a lower bound, so is the ratio. */
export interface Ratio {
  value: number;
  censored: boolean;
}

export interface StoresVerdict {
  stores: number;
  /** The highest ratio among the stores, per measure. */
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

export function ratioOf(latency: StoreLatency, one: StoreLatency): Ratio | undefined {
  return ratio(latency.chat, one.chat);
}

function ratio(value: Quantile | undefined, base: Quantile | undefined): Ratio | undefined {
  if (value === undefined || base === undefined || base.s <= 0) return undefined;
  return { value: value.s / base.s, censored: value.censored };
}

export function judgeStores(run: StoresRun, baseline: StoresRun): StoresVerdict {
  const one = baseline.rows[0];
  if (one === undefined) throw new Error('the one-store run has no store');
  const worst = Object.fromEntries(
    MEASURES.map((measure) => [measure, highest(run.rows.map((row) => ratioOf(row[measure], one[measure])))]),
  ) as Record<Measure, Ratio | undefined>;
  const sum = (pick: (row: StoreRow) => number) => run.rows.reduce((total, row) => total + pick(row), 0);
  const verdict = {
    stores: run.stores,
    worst,
    store429: sum((row) => row.store429),
    telegram429: sum((row) => row.telegram429),
    foreignInChat: sum((row) => row.foreignInChat),
    lostOrTwice: sum((row) => row.lost + row.duplicates),
    peakRssMB: peakRss(run),
    cpuCores: run.process.cpuCores,
  };
  const misses = [
    ...MEASURES.flatMap((measure) => {
      const ratio = worst[measure];
      if (ratio === undefined) return [`${measure}: no p95 to compare`];
      // A censored p95 is a lower bound: something had not reached the chat by the end.
      return ratio.censored || ratio.value > STORES_LIMITS.ratioMax ? [`${measure} p95 ${ratioText(ratio)} the one store's`] : [];
    }),
    ...(verdict.store429 > 0 ? [`${verdict.store429} store 429s`] : []),
    ...(verdict.telegram429 > 0 ? [`${verdict.telegram429} Telegram 429s`] : []),
    ...(verdict.foreignInChat > 0 ? [`${verdict.foreignInChat} messages in another store's chat`] : []),
    ...(verdict.lostOrTwice > 0 ? [`${verdict.lostOrTwice} events lost or shown twice`] : []),
    ...(verdict.peakRssMB >= STORES_LIMITS.peakRssMB ? [`peak RSS ${verdict.peakRssMB.toFixed(0)} MB`] : []),
    ...(verdict.cpuCores >= STORES_LIMITS.cpuCores ? [`mean CPU ${verdict.cpuCores.toFixed(2)} cores`] : []),
  ];
  return { ...verdict, met: misses.length === 0, misses };
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

function highest(ratios: readonly (Ratio | undefined)[]): Ratio | undefined {
  // A store with no p95 at all is the worst: nothing of that kind reached its chat.
  if (ratios.some((ratio) => ratio === undefined)) return undefined;
  return (ratios as Ratio[]).reduce<Ratio | undefined>(
    (top, ratio) => (top === undefined || ratio.value > top.value ? ratio : top),
    undefined,
  );
}
