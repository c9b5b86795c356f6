/**
 * One run: a fresh sandbox store seeded for the scenario (and the fake Bot API, with the Telegram model), the
 * subject forked into its own process, the buyers started on the subject's clock, and the phases — warm-up (not in
 * the measured rows, but its first 10 min are the cold start-up row), the measured window (with a burst in its
 * middle), grace (until every measured event arrived, or the grace limit) — then a clean stop, and the warm
 * restart on the same database (warm-restart.ts).
 */
import { writeLedger } from './ledger-dump.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.ts';
import type { SandboxStats } from '../src/sandbox/contract.ts';
import { CHAT_BURST } from './chat-burst.ts';
import { auditAutoDelivery, createDeliveryWatch, stockedProductId, stockItemsFor, type AutoDeliveryAudit } from './auto-delivery-audit.ts';
import { createCollector, type Collector } from './collector.ts';
import { createLoadRoute } from './load-route.ts';
import {
  PEAK_FACTOR,
  RESTART_GRACE_MS,
  STARTUP_WINDOW_MS,
  rateLimitOf,
  STORE_RATE_LIMIT,
  type Profile,
  type ScenarioSpec,
  type TelegramMode,
  type WorkloadName,
} from './profiles.ts';
import { SUBJECT_DB_FILE, type SubjectFinal, type SubjectInit, type SubjectKind, type SubjectReady } from './protocol.ts';
import { startRealisticLoad } from './realistic-load.ts';
import { seedRecentPast } from './realistic-past.ts';
import { seedStore, startLoad, type LoadDriver, type SeededStore } from './store-load.ts';
import { openSubjectChannel, type SubjectChannel } from './subject-channel.ts';
import type { SubjectRuntime } from './subject-runtime.ts';
import { startFakeBotApi, type FakeBotApi } from './telegram/fake-bot-api.ts';
import { createTimeScale, type TimeScale } from './time-scale.ts';
import { warmRestart, type RestartRecord } from './warm-restart.ts';

const PHASE_CHECK_MS = 10;
/** Real time a subject gets to stop and report before the run counts as broken. */
const STOP_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 30_000;
/** The fake Bot API's token and the seller's chat: a user's private chat, or a supergroup (negative id). */
const BOT_TOKEN = '7000000001:AAbenchTokenForTheFakeBotApiOnly-abcdef';
const CHAT_IDS: Record<Exclude<TelegramMode, 'sink'>, number> = { private: 5_000_000_001, group: -1_001_000_000_001 };

export interface RunTimes {
  /** Real ms (Date.now) of each phase boundary. */
  startedAt: number;
  warmEndAt: number;
  burstAt: number | undefined;
  /** When the chat burst (chat-burst.ts) began to be written. */
  chatBurstAt: number | undefined;
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
  /** 429s the fake Bot API answered during the run (undefined without the Telegram model). */
  telegram429: number | undefined;
  /** Bot API calls the subject made during the run, by method. */
  telegramCalls: Record<string, number> | undefined;
  /** When the fake Bot API answered each 429 of the run (real ms). */
  telegram429At: number[] | undefined;
  /** The same subject restarted on its database afterwards: the warm start-up row. */
  restart: RestartRecord;
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
  telegram: TelegramMode;
  workload: WorkloadName;
  /** `--ledger`: write the run's ledger there (ledger-dump.ts). */
  ledgerDir?: string;
}

export async function runSubject(spec: ScenarioSpec, profile: Profile, subject: SubjectKind, options: RunOptions): Promise<RunRecord> {
  const wallStart = Date.now();
  const scale = createTimeScale(spec.scale ?? profile.scale);
  const sandbox = await startSandbox({
    rateLimit: { limit: rateLimitOf(spec), windowMs: scale.toReal(STORE_RATE_LIMIT.windowMs) },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'bridge-bench-'));
  const telegram: FakeBotApi | undefined = options.telegram === 'sink' ? undefined : await startFakeBotApi({ token: BOT_TOKEN, scale });
  let child: SubjectChannel | undefined;
  try {
    const collector = createCollector();
    const seeded = seedStore(sandbox.control, spec, scale, collector);
    const past = options.workload === 'realistic' ? seedRecentPast(sandbox.control, spec, scale, collector) : undefined;
    collector.markSeeded(seeded.chatting, seeded.quiet);
    const stockedProduct = stockedProductId(sandbox.control, sandbox.store.storeId);
    telegram?.listen((event) => collector.takeTelegram(event));
    const route = createLoadRoute(collector);

    child = openSubjectChannel(collector, options.runtime, options.nodeFlags);
    const init: SubjectInit = {
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
      ...(telegram && options.telegram !== 'sink'
        ? { telegram: { apiRoot: telegram.apiRoot, token: BOT_TOKEN, chatId: CHAT_IDS[options.telegram] } }
        : {}),
    };
    child.send(init);
    const ready = await child.next('ready', START_TIMEOUT_MS);
    sandbox.control.resetStats();
    child.send({ type: 'start' });
    const started = await child.next('started', START_TIMEOUT_MS);
    collector.dueUntil = started.at + scale.toReal(STARTUP_WINDOW_MS);
    const rules = { ...profile, ...spec.phases };
    const peak = { atMs: rules.minWarmupMs + rules.measureMs / 2, widthMs: rules.measureMs / 3, factor: PEAK_FACTOR };
    const load =
      past !== undefined
        ? startRealisticLoad(sandbox.control, spec, seeded, scale, route, started.at, stockedProduct, peak, past)
        : startLoad(sandbox.control, spec, seeded, scale, route, started.at, stockedProduct);
    const deliveries = subject === 'ours' ? createDeliveryWatch(sandbox.control, collector) : { pending: () => 0 };

    const times = await runPhases(collector, rules, scale, started.at, child, load, deliveries.pending);
    const warm = times.snapshots;
    if (options.ledgerDir !== undefined) {
      writeLedger(options.ledgerDir, `${spec.openOrders}-${subject}-seed${spec.seed}`, collector, scale, times.boundaries);
    }

    child.send({ type: 'stop' });
    const final = await child.next('final', STOP_TIMEOUT_MS);
    await child.exited(STOP_TIMEOUT_MS);
    const end = Date.now();
    const telegramStats = telegram?.stats();
    const telegram429 = telegramStats?.status429;
    // Read before the restart writes to the database again.
    const autoDelivery = subject === 'ours' ? auditAutoDelivery(sandbox.control, collector, join(dataDir, SUBJECT_DB_FILE)) : undefined;
    const statsAtEnd = sandbox.control.stats();
    const restart = await warmRestart({
      init,
      route,
      telegram,
      runtime: options.runtime,
      nodeFlags: options.nodeFlags,
      scale,
      windowMs: STARTUP_WINDOW_MS,
      graceMs: RESTART_GRACE_MS,
    });
    load.stop();

    return {
      subject,
      spec,
      scale,
      times: { ...times.boundaries, endAt: end },
      collector,
      seeded,
      ready,
      final,
      stats: { atWarmEnd: warm.statsAtWarmEnd, atMeasureEnd: warm.statsAtMeasureEnd, atEnd: statsAtEnd },
      autoDelivery,
      telegram429,
      telegramCalls: telegramStats?.byMethod,
      telegram429At: telegramStats?.refusedAt,
      restart,
      parentCpu: { atWarmEndMicros: warm.cpuAtWarmEnd, atMeasureEndMicros: warm.cpuAtMeasureEnd },
      realSeconds: (Date.now() - wallStart) / 1000,
    };

    async function runPhases(
      ledger: Collector,
      rules: Profile,
      clock: TimeScale,
      startedAt: number,
      channel: SubjectChannel,
      load: LoadDriver,
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
      // The chat burst three quarters in: after the mid-window burst and the realistic peak's top.
      const chatBurstDue = warmEndAt + clock.toReal((rules.measureMs * 3) / 4);
      const primeDue = chatBurstDue - clock.toReal(CHAT_BURST.leadMs);
      const measureEndDue = warmEndAt + clock.toReal(rules.measureMs);
      let burstAt: number | undefined;
      let chatBurstAt: number | undefined;
      let primed = false;
      while (Date.now() < measureEndDue) {
        channel.throwIfBroken();
        if (burstAt === undefined && Date.now() >= burstDue) {
          burstAt = Date.now();
          load.burst();
        }
        if (!primed && Date.now() >= primeDue) {
          primed = true;
          load.chatBurst.prime();
        }
        if (chatBurstAt === undefined && Date.now() >= chatBurstDue) {
          chatBurstAt = Date.now();
          load.chatBurst.fire();
        }
        await sleep(Math.min(PHASE_CHECK_MS, Math.max(0, measureEndDue - Date.now())));
      }
      const measureEndAt = Date.now();
      const statsAtMeasureEnd = sandbox.control.stats();
      const cpuAtMeasureEnd = cpuMicros();
      ledger.phase = 'grace';
      channel.send({ type: 'checkpoint', name: 'measure-end' });

      const graceEndDue = measureEndAt + clock.toReal(rules.graceMaxMs);
      // Grace also lasts until the start-up window closed (quick mode): its messages are still being written.
      const waiting = () =>
        ledger.pendingDue() > 0 ||
        (subject === 'ours' && ledger.pendingStatusChanges(telegram !== undefined) > 0) ||
        undeliveredStock() > 0 ||
        Date.now() < ledger.dueUntil;
      while (waiting() && Date.now() < graceEndDue) {
        channel.throwIfBroken();
        await sleep(PHASE_CHECK_MS);
      }
      return {
        boundaries: { startedAt, warmEndAt, burstAt, chatBurstAt, measureEndAt, warmupComplete, unreadAtWarmEnd },
        snapshots: { statsAtWarmEnd, statsAtMeasureEnd, cpuAtWarmEnd, cpuAtMeasureEnd },
      };
    }
  } finally {
    child?.kill();
    await telegram?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
