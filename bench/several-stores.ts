/**
 * `npm run bench -- --stores N[,M…]`: the one store on the scenario's seed, run R times at once (`--references`, each
 * its own process), then N stores (and M…) in one bridge process, each store its own sandbox, key and chat on the
 * same seed (run-subject.ts), judged against the one store's runs (stores-verdict.ts). Ours only: the naive poller
 * serves one store.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Profile, ScenarioSpec, TelegramMode, WorkloadName } from './profiles.ts';
import { harnessProblems } from './harness-problems.ts';
import { renderStoresMarkdown, writeStoresResults, type StoresReport } from './report-stores.ts';
import { runStores, type RunOptions, type RunRecord } from './run-subject.ts';
import { oneStoreReference, summariseStores, type StoresRun } from './stores-summary.ts';
import { judgeStores, largestWithinLimits } from './stores-verdict.ts';
import type { SubjectRuntime } from './subject-runtime.ts';

/**
 * S without `--scale`: 20 / N, at least 1. Every store's burst comes at the same moment (one seed), and 20 stores at
 * S = 3 kept both cores busy through it: their cycles stretched to 16–24 s where the same run at S = 1 kept 10–11 s.
 */
const ONE_STORE_SCALE = 20;
/** Open orders of each store unless `--scenarios` says. */
export const STORES_OPEN_ORDERS = 100;
/** The one store's runs unless `--references` says: enough to see its spread, cheap since they run at once. */
export const STORES_REFERENCES = 3;

export interface SeveralStoresChoice {
  profile: Profile;
  spec: ScenarioSpec;
  /** The store counts to run besides the one store, ascending. */
  stores: number[];
  /** How many times the one store runs (at once, each its own process): the reference's spread and pool. */
  references: number;
  runtime: SubjectRuntime;
  nodeFlags: readonly string[];
  tuning: Record<string, unknown> | undefined;
  telegram: Exclude<TelegramMode, 'sink'>;
  workload: WorkloadName;
  partial: boolean;
  outDir: string;
  /** `--ledger DIR`: each store's ledger of each run (ledger-dump.ts). */
  ledgerDir: string | undefined;
  source: StoresReport['source'];
}

/** `--stores 20` or `--stores 5,10,20,40`: whole numbers of at least 2, ascending, each once. */
export function storeCounts(text: string): number[] {
  const counts = [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
  if (counts.length === 0 || counts.some((count) => !Number.isInteger(count) || count < 2))
    throw new Error(`--stores takes store counts of 2 or more, comma-separated, got ${text}`);
  return counts;
}

/** `--references 3`: a whole number of at least 1. */
export function referenceCount(text: string): number {
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--references takes a whole number of 1 or more, got ${text}`);
  return count;
}

/** S for a `--stores` run without `--scale` (`ONE_STORE_SCALE`). */
export function severalStoresScale(stores: readonly number[]): number {
  return Math.max(1, ONE_STORE_SCALE / Math.max(1, ...stores));
}

/** Runs and reports; returns the harness's problems (none: every store measured something). */
export async function runSeveralStores(choice: SeveralStoresChoice, progress: (line: string) => void): Promise<string[]> {
  const startedAt = new Date();
  const { spec, profile } = choice;
  const options: RunOptions = {
    runtime: choice.runtime,
    nodeFlags: choice.nodeFlags,
    telegram: choice.telegram,
    workload: choice.workload,
    restart: false,
    ...(choice.tuning === undefined ? {} : { tuning: choice.tuning }),
    ...(choice.ledgerDir === undefined ? {} : { ledgerDir: choice.ledgerDir }),
  };
  const problems: string[] = [];
  // `copies` runs of `stores` stores at once, each its own process: the one store's references, or one N-store run.
  const measure = async (stores: number, copies: number): Promise<{ summaries: StoresRun[]; records: RunRecord[] }> => {
    const before = loadavg();
    const ledger = (copy: number) =>
      choice.ledgerDir === undefined || copies === 1 ? {} : { ledgerDir: join(choice.ledgerDir, `one-store-${copy + 1}`) };
    const all = await Promise.all(
      Array.from({ length: copies }, (_, copy) => runStores(spec, profile, 'ours', { ...options, stores, ...ledger(copy) })),
    );
    const load = { before, after: loadavg() };
    const summaries = all.map((records) => summariseStores(records, load, choice.telegram));
    problems.push(...all.flat().flatMap(harnessProblems));
    for (const summary of summaries) {
      progress(
        `  ${stores} store${stores === 1 ? '' : 's'} (load ${before[0]?.toFixed(1)}): peak RSS ${summary.process.peakRssMB.toFixed(0)} MB, ` +
          `CPU/wall ${summary.process.cpuPerWall.toFixed(2)} at S = ${summary.scale}, ${summary.realSeconds.toFixed(0)} s real`,
      );
    }
    return { summaries, records: all.flat() };
  };
  progress(
    `bench --stores ${choice.stores.join(',')} (${choice.workload}, ${spec.openOrders} open orders, S = ${profile.scale}, ` +
      `the one store ${choice.references} times at once)`,
  );
  const one = await measure(1, choice.references);
  const reference = oneStoreReference(one.summaries, one.records);
  const runs: StoresRun[] = [];
  for (const stores of choice.stores) runs.push(...(await measure(stores, 1)).summaries);
  const verdicts = runs.map((entry) => judgeStores(entry, reference));
  const report: StoresReport = {
    mode: `${profile.name}-stores`,
    source: choice.source,
    partial: choice.partial,
    workload: choice.workload,
    telegram: choice.telegram,
    startedAt: startedAt.toISOString(),
    realSeconds: (Date.now() - startedAt.getTime()) / 1000,
    machine: { node: process.version, cpus: cpus().length, platform: process.platform },
    subjectRuntime: choice.runtime.name,
    subjectNodeFlags: [...choice.runtime.nodeFlags, ...choice.nodeFlags],
    ...(choice.tuning === undefined ? {} : { tuning: choice.tuning }),
    spec,
    scale: profile.scale,
    reference,
    runs,
    verdicts,
    largestWithinLimits: largestWithinLimits(verdicts),
  };
  process.stdout.write(`${renderStoresMarkdown(report)}\n`);
  for (const path of writeStoresResults(report, choice.outDir)) progress(`wrote ${path}`);
  return problems;
}
