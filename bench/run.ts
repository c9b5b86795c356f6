/**
 * `npm run bench` — how fast a buyer's message and a new order reach the seller with the store's rate limit,
 * for the bridge's sync engine ("ours") and a naive poller, at 10 to 5000 open orders. See bench/README.md.
 *
 *   npm run bench                 full mode (about 12 minutes on 2 cores)
 *   npm run bench -- --quick      under a minute: proves the harness works (CI)
 *   options: --profile uniform|realistic (the workload), --telegram private|group|sink (the Telegram side),
 *            --scale S, --scenarios 10,1000, --subjects ours,naive, --subject-node-flags="--max-semi-space-size=1",
 *            --subject-runtime tsx (the sources under the tsx loader instead of the bundle npm start runs: what it costs),
 *            --tuning '{"quietWeight":2}' (engine tuning overrides for an experiment, durations in store ms),
 *            --seed N (another draw of every scenario's timeline), --ledger DIR (each run's ledger as JSON),
 *            --rate-limit N (the store's limit, requests a minute per key; 120 unless said),
 *            --stores N[,M…] (one store, then N stores in one bridge process, each its own chat: several-stores.ts),
 *            --references R (how many times the one store runs beside them, at once; 3)
 *
 * Exits non-zero only when the harness itself breaks (a subject crashed, nothing was measured), never on timing.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureProcessFloor } from './process-floor.ts';
import { PROFILES, TELEGRAM_MODES, WORKLOADS, type Profile, type TelegramMode, type WorkloadName } from './profiles.ts';
import type { SubjectKind } from './protocol.ts';
import { renderMarkdown, writeResults, type BenchReport } from './report.ts';
import { harnessProblems } from './harness-problems.ts';
import { runSubject, type RunRecord } from './run-subject.ts';
import { prepareRuntime, RUNTIME_NAMES, type RuntimeName, type SubjectRuntime } from './subject-runtime.ts';
import {
  referenceCount,
  runSeveralStores,
  severalStoresScale,
  storeCounts,
  STORES_OPEN_ORDERS,
  STORES_REFERENCES,
} from './several-stores.ts';
import { scenarioResult, type ScenarioResult } from './scenario-result.ts';
import type { RunSummary } from './summarise.ts';
import { judgeTargets, show } from './targets.ts';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

interface Choice {
  profile: Profile;
  subjects: SubjectKind[];
  nodeFlags: string[];
  /** Experiment: engine tuning overrides (JSON, durations in store ms). */
  tuning: Record<string, unknown> | undefined;
  runtime: RuntimeName;
  telegram: TelegramMode;
  workload: WorkloadName;
  partial: boolean;
  /** Where the JSON goes (bench/results/ unless --out names another folder, as the CI smoke test does). */
  outDir: string;
  /** `--ledger DIR`: each run's ledger is written there (ledger-dump.ts). */
  ledgerDir: string | undefined;
  /** `--stores N[,M…]`: the store counts to run beside one store (several-stores.ts). */
  stores: number[] | undefined;
  /** `--references R`: how many times the one store runs beside them. */
  references: number;
}

function chooseProfile(): Choice {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      scale: { type: 'string' },
      scenarios: { type: 'string' },
      subjects: { type: 'string' },
      'subject-node-flags': { type: 'string' },
      'subject-runtime': { type: 'string', default: 'npm-start' },
      out: { type: 'string' },
      tuning: { type: 'string' },
      seed: { type: 'string' },
      ledger: { type: 'string' },
      profile: { type: 'string', default: 'uniform' },
      telegram: { type: 'string', default: 'private' },
      'rate-limit': { type: 'string' },
      stores: { type: 'string' },
      references: { type: 'string', default: String(STORES_REFERENCES) },
    },
    strict: true,
  });
  const base = PROFILES[values.quick ? 'quick' : 'full'];
  const stores = values.stores === undefined ? undefined : storeCounts(values.stores);
  const defaultScale = stores === undefined ? base.scale : severalStoresScale(stores);
  const scale = values.scale === undefined ? defaultScale : Number(values.scale);
  if (!(scale >= 1)) throw new Error(`--scale must be a number >= 1, got ${values.scale}`);
  // Several stores run one scenario: 100 open orders each unless said.
  const wanted = values.scenarios?.split(',').map(Number) ?? (stores === undefined ? undefined : [STORES_OPEN_ORDERS]);
  const chosen = wanted ? base.scenarios.filter((spec) => wanted.includes(spec.openOrders)) : base.scenarios;
  // --scale (and --stores) sets S for every scenario, overriding per-scenario choices.
  const scaled = values.scale === undefined && stores === undefined ? chosen : chosen.map(({ scale: _own, ...spec }) => spec);
  // --seed N draws another timeline (buyers, orders, lifecycles) for every scenario: a p95 of a few dozen messages
  // is checked on more than one draw.
  const seedOffset = values.seed === undefined ? 0 : Number(values.seed);
  if (!Number.isInteger(seedOffset)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  // --rate-limit N: the store's limit, requests a minute per key (120 unless said), for every scenario.
  const rateLimit = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
  if (rateLimit !== undefined && !(Number.isInteger(rateLimit) && rateLimit >= 1))
    throw new Error(`--rate-limit must be a whole number >= 1, got ${values['rate-limit']}`);
  const scenarios = scaled.map((spec) => ({ ...spec, seed: spec.seed + seedOffset, ...(rateLimit === undefined ? {} : { rateLimit }) }));
  if (chosen.length === 0) throw new Error(`--scenarios matched none of ${base.scenarios.map((spec) => spec.openOrders).join(', ')}`);
  const subjects = (values.subjects?.split(',') ?? ['ours', 'naive']) as SubjectKind[];
  if (subjects.some((subject) => subject !== 'ours' && subject !== 'naive')) throw new Error('--subjects takes ours and/or naive');
  const nodeFlags = values['subject-node-flags']?.split(' ').filter((flag) => flag !== '') ?? [];
  const runtime = values['subject-runtime'] as RuntimeName;
  if (!RUNTIME_NAMES.includes(runtime)) throw new Error(`--subject-runtime takes ${RUNTIME_NAMES.join(' or ')}`);
  const workload = values.profile as WorkloadName;
  if (!WORKLOADS.includes(workload)) throw new Error(`--profile takes ${WORKLOADS.join(' or ')}`);
  const telegram = values.telegram as TelegramMode;
  if (!TELEGRAM_MODES.includes(telegram)) throw new Error(`--telegram takes ${TELEGRAM_MODES.join(', ')}`);
  const tuning = values.tuning === undefined ? undefined : (JSON.parse(values.tuning) as Record<string, unknown>);
  const partial =
    chosen.length < base.scenarios.length ||
    subjects.length < 2 ||
    nodeFlags.length > 0 ||
    values.scale !== undefined ||
    seedOffset !== 0 ||
    rateLimit !== undefined ||
    runtime !== 'npm-start' ||
    tuning !== undefined;
  return {
    profile: { ...base, scale, scenarios },
    subjects,
    nodeFlags,
    tuning,
    runtime,
    telegram,
    workload,
    partial,
    outDir: values.out ?? RESULTS_DIR,
    ledgerDir: values.ledger,
    stores,
    references: referenceCount(values.references),
  };
}

/** Which code was measured: results are only comparable for the same code (the subject runs the bot layer too). */
function sourceState(): BenchReport['source'] {
  // Only the end is trimmed: a porcelain line starts with a status column that may be a space.
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trimEnd();
  try {
    // The harness too: a run of a bench option or fix not committed yet must not pass for the commit's.
    const modified = git('status', '--porcelain', '--', 'src', 'bench', ':(exclude)bench/results', 'locales')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.slice(3));
    return { commit: git('rev-parse', '--short', 'HEAD'), modified };
  } catch {
    return { commit: undefined, modified: [] };
  }
}

/** `--stores`: ours alone, one scenario, each store its own chat; an experiment flag makes the result partial. */
async function severalStores(choice: Choice, stores: number[], source: BenchReport['source'], runtime: SubjectRuntime): Promise<number> {
  const [spec, ...more] = choice.profile.scenarios;
  if (spec === undefined || more.length > 0) throw new Error('--stores runs one scenario: give --scenarios one count');
  if (choice.telegram === 'sink') throw new Error('--stores needs a Telegram chat per store: --telegram private or group');
  const problems = await runSeveralStores(
    {
      profile: choice.profile,
      spec,
      stores,
      references: choice.references,
      runtime,
      nodeFlags: choice.nodeFlags,
      tuning: choice.tuning,
      telegram: choice.telegram,
      workload: choice.workload,
      partial: choice.nodeFlags.length > 0 || choice.runtime !== 'npm-start' || choice.tuning !== undefined,
      outDir: choice.outDir,
      ledgerDir: choice.ledgerDir,
      source,
    },
    progress,
  );
  if (problems.length > 0) progress(`the harness is broken:\n  ${problems.join('\n  ')}`);
  return problems.length > 0 ? 1 : 0;
}

/** One subject's run in a line, as it ends. */
function summaryLine(openOrders: number, summary: RunSummary): string {
  return (
    `  ${openOrders} open, ${summary.subject}: hot p95 ${show(summary.latency.hot.p95)}, quiet p95 ${show(summary.latency.quiet.p95)}, ` +
    `new order p95 ${show(summary.latency.newOrders.p95)}, ` +
    (summary.autoDelivery ? `auto-delivery p95 ${show(summary.autoDelivery.latency.p95)}, ` : '') +
    `${summary.requests.perMinute.toFixed(0)} req/min, ` +
    `${summary.requests.status429.wholeRun} × 429, ${summary.correctness.undelivered} undelivered, ` +
    (summary.seller.telegram
      ? `Telegram hot p95 ${show(summary.seller.telegram.hot.p95)}, ${summary.seller.telegram.status429} × Telegram 429, `
      : '') +
    `start-up hot p95 cold ${show(summary.seller.startup.cold.hotSink.p95)} / warm ${show(summary.seller.startup.warm.hotSink.p95)} — ${summary.phases.realSeconds.toFixed(1)} s real`
  );
}

function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(): Promise<number> {
  const choice = chooseProfile();
  const { profile, subjects, nodeFlags, tuning, runtime: runtimeName, telegram, workload, partial, outDir, ledgerDir } = choice;
  // Read before the runs: the code measured is the code at the start (a commit made meanwhile is not in the bundle).
  const source = sourceState();
  const runtime = await prepareRuntime(runtimeName);
  if (choice.stores !== undefined) return severalStores(choice, choice.stores, source, runtime);
  const startedAt = new Date();
  progress(
    `bench (${profile.name}, ${workload} workload, Telegram: ${telegram}): scenarios ${profile.scenarios.map((spec) => `${spec.openOrders} open orders (S=${spec.scale ?? profile.scale})`).join(', ')}`,
  );

  const processFloor = await measureProcessFloor([...runtime.nodeFlags, ...nodeFlags]);
  const results: ScenarioResult[] = [];
  const problems: string[] = [];
  // A run that breaks ends the benchmark, but what the scenarios before it measured is still written.
  let broken = false;
  for (const spec of profile.scenarios) {
    const runs: Partial<Record<SubjectKind, RunRecord>> = {};
    for (const subject of subjects) {
      try {
        const run = await runSubject(spec, profile, subject, {
          runtime,
          nodeFlags,
          telegram,
          workload,
          ...(tuning === undefined ? {} : { tuning }),
          ...(ledgerDir === undefined ? {} : { ledgerDir }),
        });
        runs[subject] = run;
        problems.push(...harnessProblems(run));
      } catch (error) {
        problems.push(
          `${spec.openOrders} open orders, ${subject}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        broken = true;
        break;
      }
    }
    if (broken) break;
    const result = scenarioResult(spec, spec.scale ?? profile.scale, telegram, runs.ours, runs.naive);
    results.push(result);
    for (const summary of [result.ours, result.naive]) if (summary) progress(summaryLine(spec.openOrders, summary));
  }

  const report: BenchReport = {
    mode: profile.name,
    source,
    partial: partial || broken,
    workload,
    telegram,
    scale: profile.scale,
    startedAt: startedAt.toISOString(),
    realSeconds: (Date.now() - startedAt.getTime()) / 1000,
    machine: { node: process.version, cpus: cpus().length, platform: process.platform },
    subjectRuntime: runtime.name,
    subjectNodeFlags: [...runtime.nodeFlags, ...nodeFlags],
    ...(tuning === undefined ? {} : { tuning }),
    processFloor,
    profile,
    scenarios: results,
    targets: judgeTargets(results, telegram),
  };
  process.stdout.write(`${renderMarkdown(report)}\n`);
  for (const path of writeResults(report, outDir)) progress(`wrote ${path}`);

  if (problems.length > 0) {
    progress(`the harness is broken:\n  ${problems.join('\n  ')}`);
    // A broken run may leave the store, the fake Bot API or a subject open: leave anyway.
    if (broken) process.exit(1);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    progress(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    // A run that broke half-way may leave the store, the fake Bot API or a subject open: leave anyway.
    process.exit(1);
  },
);
