/**
 * One run: a fresh sandbox store seeded for the scenario (store-rig.ts; and the fake Bot API, with the Telegram
 * model), the subject forked into its own process, the buyers started on the subject's clock, and the phases
 * (run-phases.ts) — warm-up (not in the measured rows, but its first 10 min are the cold start-up row), the measured
 * window (with a burst in its middle), grace (until every measured event arrived, or the grace limit) — then a clean
 * stop, and the warm restart on the same database (warm-restart.ts). `--stores N`: N such stores, each with its own
 * chat, served by one subject process; one record per store.
 */
import { writeLedger } from './ledger-dump.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxStats } from '../src/sandbox/contract.ts';
import { storeDatabasePath } from '../src/db/store-files.ts';
import { MAIN_STORE } from '../src/core/store-ref.ts';
import { auditAutoDelivery, type AutoDeliveryAudit } from './auto-delivery-audit.ts';
import type { Collector } from './collector.ts';
import {
  RESTART_GRACE_MS,
  STARTUP_WINDOW_MS,
  STORE_RATE_LIMIT,
  type Profile,
  type ScenarioSpec,
  type TelegramMode,
  type WorkloadName,
} from './profiles.ts';
import { SUBJECT_DB_FILE, type SubjectFinal, type SubjectInit, type SubjectKind, type SubjectReady } from './protocol.ts';
import { runPhases, type PhaseBoundaries } from './run-phases.ts';
import type { SeededStore } from './store-load.ts';
import { storeLedgers } from './store-ledgers.ts';
import { openStoreRig, type StoreRig } from './store-rig.ts';
import { openSubjectChannel, type SubjectChannel } from './subject-channel.ts';
import type { SubjectRuntime } from './subject-runtime.ts';
import { startFakeBotApi, type FakeBotApi, type FakeBotApiStats } from './telegram/fake-bot-api.ts';
import { createTimeScale, type TimeScale } from './time-scale.ts';
import { warmRestart, type RestartRecord } from './warm-restart.ts';

/** Real time a subject gets to stop and report before the run counts as broken. */
const STOP_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 30_000;
/** The fake Bot API's token and the seller's chat: a user's private chat, or a supergroup (negative id). */
const BOT_TOKEN = '7000000001:AAbenchTokenForTheFakeBotApiOnly-abcdef';
const CHAT_IDS: Record<Exclude<TelegramMode, 'sink'>, number> = { private: 5_000_000_001, group: -1_001_000_000_001 };

export interface RunTimes extends PhaseBoundaries {
  /** Real ms (Date.now) of each phase boundary; `endAt`: the subject was told to stop. */
  endAt: number;
}

export interface RunRecord {
  subject: SubjectKind;
  /** The store's name: `main` alone, `s1`… with `--stores`. */
  store: string;
  /** The chat its messages went to. */
  chatId: number | undefined;
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
  /** 429s the fake Bot API answered during the run in this store's chat (undefined without the Telegram model). */
  telegram429: number | undefined;
  /** Bot API calls the subject made during the run, by method (every store's). */
  telegramCalls: Record<string, number> | undefined;
  /** When the fake Bot API answered each 429 of the run in this store's chat (real ms). */
  telegram429At: number[] | undefined;
  /** The same subject restarted on its database afterwards: the warm start-up row (not run with `--stores`). */
  restart: RestartRecord | undefined;
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
  /** `--stores N`: N stores, each its own chat (0: the one store `main`, in the seller's chat). */
  stores?: number;
  /** The warm restart afterwards (default); `--stores` runs leave it out. */
  restart?: boolean;
}

export async function runSubject(spec: ScenarioSpec, profile: Profile, subject: SubjectKind, options: RunOptions): Promise<RunRecord> {
  const [record] = await runStores(spec, profile, subject, options);
  if (record === undefined) throw new Error('a run without a store');
  return record;
}

/** One record per store, in the stores' order (`s1`, `s2`…, or `main` alone). */
export async function runStores(spec: ScenarioSpec, profile: Profile, subject: SubjectKind, options: RunOptions): Promise<RunRecord[]> {
  const wallStart = Date.now();
  const scale = createTimeScale(spec.scale ?? profile.scale);
  const dataDir = mkdtempSync(join(tmpdir(), 'bridge-bench-'));
  const sharedChat = options.telegram === 'sink' ? undefined : CHAT_IDS[options.telegram];
  const rigs: StoreRig[] = [];
  const telegram: FakeBotApi | undefined = options.telegram === 'sink' ? undefined : await startFakeBotApi({ token: BOT_TOKEN, scale });
  let child: SubjectChannel | undefined;
  try {
    for (const store of storeNames(options.stores ?? 0, sharedChat)) {
      rigs.push(await openStoreRig({ spec, profile, scale, subject, workload: options.workload, ...store }));
    }
    const ledgers = storeLedgers(rigs);
    telegram?.listen((event) => ledgers.takeTelegram(event));
    child = openSubjectChannel(ledgers, options.runtime, options.nodeFlags);
    const init: SubjectInit = {
      type: 'init',
      subject,
      stores: rigs.map((rig) => rig.init),
      scale: scale.factor,
      windowStoreMs: STORE_RATE_LIMIT.windowMs,
      dataDir,
      ...(options.tuning === undefined ? {} : { tuning: options.tuning }),
      ...(telegram && sharedChat !== undefined ? { telegram: { apiRoot: telegram.apiRoot, token: BOT_TOKEN, chatId: sharedChat } } : {}),
    };
    child.send(init);
    const ready = await child.next('ready', START_TIMEOUT_MS);
    for (const rig of rigs) rig.sandbox.control.resetStats();
    child.send({ type: 'start' });
    const started = await child.next('started', START_TIMEOUT_MS);
    for (const rig of rigs) rig.collector.dueUntil = started.at + scale.toReal(STARTUP_WINDOW_MS);
    const loads = rigs.map((rig) => rig.startLoad(started.at));
    const rules = { ...profile, ...spec.phases };
    const { boundaries, snapshots } = await runPhases({
      rigs,
      loads,
      rules,
      clock: scale,
      startedAt: started.at,
      channel: child,
      ours: subject === 'ours',
      inChat: telegram !== undefined,
    });
    if (options.ledgerDir !== undefined) {
      for (const rig of rigs) {
        const store = rigs.length > 1 ? `-${rig.name}` : '';
        writeLedger(options.ledgerDir, `${spec.openOrders}-${subject}${store}-seed${spec.seed}`, rig.collector, scale, boundaries);
      }
    }

    child.send({ type: 'stop' });
    const final = await child.next('final', STOP_TIMEOUT_MS);
    await child.exited(STOP_TIMEOUT_MS);
    const endAt = Date.now();
    const telegramStats = telegram?.stats();
    const dbPath = join(dataDir, SUBJECT_DB_FILE);
    // Read before the restart writes to the database again.
    const audits = rigs.map((rig) =>
      subject === 'ours' ? auditAutoDelivery(rig.sandbox.control, rig.collector, storeDatabasePath(dbPath, rig.name)) : undefined,
    );
    const statsAtEnd = rigs.map((rig) => rig.sandbox.control.stats());
    const [only] = rigs;
    const restart =
      options.restart === false || rigs.length !== 1 || only === undefined
        ? undefined
        : await warmRestart({
            init,
            route: only.route,
            telegram,
            runtime: options.runtime,
            nodeFlags: options.nodeFlags,
            scale,
            windowMs: STARTUP_WINDOW_MS,
            graceMs: RESTART_GRACE_MS,
          });
    for (const load of loads) load.stop();

    return rigs.map((rig, index) => {
      const refused = telegramStats && chatRefusals(telegramStats, rig.chatId ?? sharedChat);
      return {
        subject,
        store: rig.name,
        chatId: rig.chatId ?? sharedChat,
        spec,
        scale,
        times: { ...boundaries, endAt },
        collector: rig.collector,
        seeded: rig.seeded,
        ready,
        final,
        stats: {
          atWarmEnd: snapshots.statsAtWarmEnd[index] as SandboxStats,
          atMeasureEnd: snapshots.statsAtMeasureEnd[index] as SandboxStats,
          atEnd: statsAtEnd[index] as SandboxStats,
        },
        autoDelivery: audits[index],
        telegram429: refused?.length,
        telegramCalls: telegramStats?.byMethod,
        telegram429At: refused,
        restart,
        parentCpu: { atWarmEndMicros: snapshots.cpuAtWarmEnd, atMeasureEndMicros: snapshots.cpuAtMeasureEnd },
        realSeconds: (Date.now() - wallStart) / 1000,
      };
    });
  } finally {
    child?.kill();
    await telegram?.close();
    for (const rig of rigs) await rig.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `main` in the seller's chat alone; `s1`…`sN` each in a chat of its own, the first the seller's. */
function storeNames(stores: number, sharedChat: number | undefined): { name: string; chatId: number | undefined }[] {
  if (stores <= 1) return [{ name: MAIN_STORE, chatId: undefined }];
  // Private chats count up from the seller's, groups down: every id stays a private chat's or a group's.
  const step = sharedChat !== undefined && sharedChat < 0 ? -1 : 1;
  return Array.from({ length: stores }, (_, i) => ({
    name: `s${i + 1}`,
    chatId: sharedChat === undefined ? undefined : sharedChat + step * i,
  }));
}

function chatRefusals(stats: FakeBotApiStats, chatId: number | undefined): number[] {
  return chatId === undefined ? [] : [...(stats.refusedByChat[String(chatId)] ?? [])];
}
