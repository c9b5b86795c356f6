/**
 * `npm run bench -- --stores N[,M…]`: the one-store run of the scenario's seed, then N stores (and M…) in one bridge
 * process, each store its own sandbox, key and chat on the same seed (run-subject.ts), judged against the one store
 * (stores-verdict.ts). Ours only: the naive poller serves one store.
 */
import { cpus, loadavg } from 'node:os';
import type { Profile, ScenarioSpec, TelegramMode, WorkloadName } from './profiles.ts';
import { harnessProblems } from './harness-problems.ts';
import { renderStoresMarkdown, writeStoresResults, type StoresReport } from './report-stores.ts';
import { runStores, type RunOptions } from './run-subject.ts';
import { summariseStores, type StoresRun } from './stores-summary.ts';
import { judgeStores, largestWithinLimits } from './stores-verdict.ts';
import type { SubjectRuntime } from './subject-runtime.ts';

/** The one-store run's S when `--scale` is not given: N stores at 60 / N keep the process as busy as one store at 60. */
const ONE_STORE_SCALE = 60;
/** Open orders of each store unless `--scenarios` says. */
export const STORES_OPEN_ORDERS = 100;

export interface SeveralStoresChoice {
  profile: Profile;
  spec: ScenarioSpec;
  /** The store counts to run besides the one store, ascending. */
  stores: number[];
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

/** S for a `--stores` run without `--scale`: the subject's CPU per real second about the one store's at S = 60. */
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
  const run = async (stores: number): Promise<StoresRun> => {
    const before = loadavg();
    const records = await runStores(spec, profile, 'ours', { ...options, stores });
    const summary = summariseStores(records, { before, after: loadavg() });
    problems.push(...records.flatMap(harnessProblems));
    progress(
      `  ${stores} store${stores === 1 ? '' : 's'} (load ${before[0]?.toFixed(1)}): peak RSS ${summary.process.peakRssMB.toFixed(0)} MB, ` +
        `CPU/wall ${summary.process.cpuPerWall.toFixed(2)} at S = ${summary.scale}, ${summary.realSeconds.toFixed(0)} s real`,
    );
    return summary;
  };
  progress(`bench --stores ${choice.stores.join(',')} (${choice.workload}, ${spec.openOrders} open orders, S = ${profile.scale})`);
  const baseline = await run(1);
  const runs: StoresRun[] = [];
  for (const stores of choice.stores) runs.push(await run(stores));
  const verdicts = runs.map((entry) => judgeStores(entry, baseline));
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
    baseline,
    runs,
    verdicts,
    largestWithinLimits: largestWithinLimits(verdicts),
  };
  process.stdout.write(`${renderStoresMarkdown(report)}\n`);
  for (const path of writeStoresResults(report, choice.outDir)) progress(`wrote ${path}`);
  return problems;
}
