/**
 * One run: a fresh sandbox store seeded for the scenario, the subject forked into its own process, the buyers
 * started on the subject's clock, and the phases — warm-up (discarded), the measured window (with a burst in
 * its middle), grace (until every measured event arrived, or the grace limit) — then a clean stop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.ts';
import type { SandboxStats } from '../src/sandbox/contract.ts';
import { auditAutoDelivery, createDeliveryWatch, stockedProductId, stockItemsFor, type AutoDeliveryAudit } from './auto-delivery-audit.ts';
import { createCollector, type Collector } from './collector.ts';
import { STORE_RATE_LIMIT, type Profile, type ScenarioSpec } from './profiles.ts';
import {
  isChildMessage,
  SUBJECT_DB_FILE,
  type ChildMessage,
  type ParentMessage,
  type SubjectFinal,
  type SubjectKind,
  type SubjectReady,
} from './protocol.ts';
import { seedStore, startLoad, type SeededStore } from './store-load.ts';
import type { SubjectRuntime } from './subject-runtime.ts';
import { createTimeScale, type TimeScale } from './time-scale.ts';

const PHASE_CHECK_MS = 10;
/** Real time a subject gets to stop and report before the run counts as broken. */
const STOP_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 30_000;

class HarnessError extends Error {
  override readonly name = 'HarnessError';
}

export interface RunTimes {
  /** Real ms (Date.now) of each phase boundary. */
  startedAt: number;
  warmEndAt: number;
  burstAt: number | undefined;
  measureEndAt: number;
  endAt: number;
  /** Every pre-existing chat was read and the first cycle was over when warm-up ended. */
  warmupComplete: boolean;
  unreadAtWarmEnd: number;
}

export interface RunRecord {
  subject: SubjectKind;
  spec: ScenarioSpec;
  scale: TimeScale;
  times: RunTimes;
  collector: Collector;
  seeded: SeededStore;
  ready: SubjectReady;
  final: SubjectFinal;
  stats: { atWarmEnd: SandboxStats; atMeasureEnd: SandboxStats; atEnd: SandboxStats };
  /** Ours: the stocked orders as the store saw them, checked against the subject's database. */
  autoDelivery: AutoDeliveryAudit | undefined;
  parentCpu: { atWarmEndMicros: number; atMeasureEndMicros: number };
  /** Real seconds the run took, setup included. */
  realSeconds: number;
}

export interface RunOptions {
  runtime: SubjectRuntime;
  /** Extra node flags for the subject process (e.g. heap sizing experiments). */
  nodeFlags: readonly string[];
  /** Experiment: engine tuning overrides in store time (`--tuning`). */
  tuning?: Record<string, unknown>;
}

export async function runSubject(spec: ScenarioSpec, profile: Profile, subject: SubjectKind, options: RunOptions): Promise<RunRecord> {
  const wallStart = Date.now();
  const scale = createTimeScale(spec.scale ?? profile.scale);
  const sandbox = await startSandbox({
    rateLimit: { limit: STORE_RATE_LIMIT.limit, windowMs: scale.toReal(STORE_RATE_LIMIT.windowMs) },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'bridge-bench-'));
  let child: SubjectChannel | undefined;
  try {
    const collector = createCollector();
    const seeded = seedStore(sandbox.control, spec, scale, collector);
    collector.markSeeded(seeded.chatting, seeded.quiet);
    const stockedProduct = stockedProductId(sandbox.control, sandbox.store.storeId);

    child = openSubjectChannel(collector, options.runtime, options.nodeFlags);
    child.send({
      type: 'init',
      subject,
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.store.apiKey,
      scale: scale.factor,
      windowStoreMs: STORE_RATE_LIMIT.windowMs,
      dataDir,
      ...(options.tuning === undefined ? {} : { tuning: options.tuning }),
      // The naive poller has no stock: its stocked orders stay paid, as any other.
      ...(subject === 'ours' ? { stock: { productId: stockedProduct, items: stockItemsFor(spec, profile) } } : {}),
    });
    const ready = await child.next('ready', START_TIMEOUT_MS);
    sandbox.control.resetStats();
    child.send({ type: 'start' });
    const started = await child.next('started', START_TIMEOUT_MS);
    const load = startLoad(sandbox.control, spec, seeded, scale, collector, started.at, stockedProduct);
    const deliveries = subject === 'ours' ? createDeliveryWatch(sandbox.control, collector) : { pending: () => 0 };

    const times = await runPhases(collector, { ...profile, ...spec.phases }, scale, started.at, child, load.burst, deliveries.pending);
    const warm = times.snapshots;
    load.stop();

    child.send({ type: 'stop' });
    const final = await child.next('final', STOP_TIMEOUT_MS);
    await child.exited(STOP_TIMEOUT_MS);
    const end = Date.now();
    const autoDelivery = subject === 'ours' ? auditAutoDelivery(sandbox.control, collector, join(dataDir, SUBJECT_DB_FILE)) : undefined;

    return {
      subject,
      spec,
      scale,
      times: { ...times.boundaries, endAt: end },
      collector,
      seeded,
      ready,
      final,
      stats: { atWarmEnd: warm.statsAtWarmEnd, atMeasureEnd: warm.statsAtMeasureEnd, atEnd: sandbox.control.stats() },
      autoDelivery,
      parentCpu: { atWarmEndMicros: warm.cpuAtWarmEnd, atMeasureEndMicros: warm.cpuAtMeasureEnd },
      realSeconds: (Date.now() - wallStart) / 1000,
    };

    async function runPhases(
      ledger: Collector,
      rules: Profile,
      clock: TimeScale,
      startedAt: number,
      channel: SubjectChannel,
      burst: () => void,
      undeliveredStock: () => number,
    ) {
      const elapsed = () => clock.toStoreMs(Date.now() - startedAt);
      // Warm-up: until the first cycle is over, every pre-existing chat was read once, and one hot window passed;
      // or until catching up stopped progressing, or the cap (both flagged as incomplete).
      let unread = ledger.unreadOpenOrders();
      let progressAt = Date.now();
      while (true) {
        channel.throwIfBroken();
        if (ledger.unreadOpenOrders() < unread) {
          unread = ledger.unreadOpenOrders();
          progressAt = Date.now();
        }
        const caughtUp = ledger.firstCycleAt !== undefined && unread === 0;
        const stalled = clock.toStoreMs(Date.now() - progressAt) >= rules.warmupStallMs;
        if (elapsed() >= rules.maxWarmupMs || (elapsed() >= rules.minWarmupMs && (caughtUp || stalled))) break;
        await sleep(PHASE_CHECK_MS);
      }
      const warmEndAt = Date.now();
      const warmupComplete = ledger.firstCycleAt !== undefined && ledger.unreadOpenOrders() === 0;
      const unreadAtWarmEnd = ledger.unreadOpenOrders();
      const statsAtWarmEnd = sandbox.control.stats();
      const cpuAtWarmEnd = cpuMicros();
      ledger.phase = 'measure';
      channel.send({ type: 'checkpoint', name: 'warm-end' });

      const burstDue = warmEndAt + clock.toReal(rules.measureMs / 2);
      const measureEndDue = warmEndAt + clock.toReal(rules.measureMs);
      let burstAt: number | undefined;
      while (Date.now() < measureEndDue) {
        channel.throwIfBroken();
        if (burstAt === undefined && Date.now() >= burstDue) {
          burstAt = Date.now();
          burst();
        }
        await sleep(Math.min(PHASE_CHECK_MS, Math.max(0, measureEndDue - Date.now())));
      }
      const measureEndAt = Date.now();
      const statsAtMeasureEnd = sandbox.control.stats();
      const cpuAtMeasureEnd = cpuMicros();
      ledger.phase = 'grace';
      channel.send({ type: 'checkpoint', name: 'measure-end' });

      const graceEndDue = measureEndAt + clock.toReal(rules.graceMaxMs);
      while ((ledger.pendingDue() > 0 || undeliveredStock() > 0) && Date.now() < graceEndDue) {
        channel.throwIfBroken();
        await sleep(PHASE_CHECK_MS);
      }
      return {
        boundaries: { startedAt, warmEndAt, burstAt, measureEndAt, warmupComplete, unreadAtWarmEnd },
        snapshots: { statsAtWarmEnd, statsAtMeasureEnd, cpuAtWarmEnd, cpuAtMeasureEnd },
      };
    }
  } finally {
    child?.kill();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface SubjectChannel {
  send(message: ParentMessage): void;
  next<T extends ChildMessage['type']>(type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>>;
  exited(timeoutMs: number): Promise<void>;
  /** Throws when the subject reported a failure or died. */
  throwIfBroken(): void;
  kill(): void;
}

function openSubjectChannel(collector: Collector, runtime: SubjectRuntime, nodeFlags: readonly string[]): SubjectChannel {
  const child: ChildProcess = fork(runtime.entry, [], {
    // --expose-gc: the subject forces a GC at phase boundaries to report the memory it really holds.
    execArgv: [...runtime.loaderArgs, ...runtime.nodeFlags, '--expose-gc', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: ChildMessage) => void>();
  let broken: HarnessError | undefined;
  let exitCode: number | null | undefined;
  const exitWaiters: (() => void)[] = [];

  const breakWith = (error: HarnessError) => {
    broken ??= error;
  };
  child.on('message', (message: unknown) => {
    if (!isChildMessage(message)) return;
    if (message.type === 'batch') collector.takeBatch(message);
    else if (message.type === 'failure') breakWith(new HarnessError(`the subject failed: ${message.message}`));
    const waiter = waiting.get(message.type);
    if (waiter) {
      waiting.delete(message.type);
      waiter(message);
    }
  });
  child.on('error', (error) => breakWith(new HarnessError(`the subject process failed: ${error.message}`)));
  child.on('exit', (code, signal) => {
    exitCode = code;
    if (code !== 0) breakWith(new HarnessError(`the subject process exited with ${code ?? signal}`));
    for (const resolve of exitWaiters.splice(0)) resolve();
  });

  return {
    send(message) {
      if (!child.connected) throw broken ?? new HarnessError('the subject process is not connected');
      child.send(message);
    },
    next(type, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(broken ?? new HarnessError(`no "${type}" from the subject within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const poll = setInterval(() => {
          if (broken) {
            clearTimeout(timer);
            clearInterval(poll);
            reject(broken);
          }
        }, 50);
        waiting.set(type, (message) => {
          clearTimeout(timer);
          clearInterval(poll);
          resolve(message as Extract<ChildMessage, { type: typeof type }>);
        });
      });
    },
    exited(timeoutMs) {
      if (exitCode !== undefined) return broken ? Promise.reject(broken) : Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new HarnessError('the subject did not exit after stopping')), timeoutMs);
        exitWaiters.push(() => {
          clearTimeout(timer);
          if (broken) reject(broken);
          else resolve();
        });
      });
    },
    throwIfBroken() {
      if (broken) throw broken;
    },
    kill() {
      if (exitCode === undefined) child.kill();
    },
  };
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
