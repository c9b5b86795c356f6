/**
 * The warm restart: once the run is over, the same subject starts again on the database its run left (ours; the
 * naive poller keeps nothing, so for it a restart is a cold start again), against the same store whose buyers kept
 * writing meanwhile. The start-up window (10 store min from its start) is measured with a ledger of its own; then
 * it gets a grace of its own to deliver what was written in that window, and stops.
 */
import { createCollector, type Collector } from './collector.ts';
import type { LoadRoute } from './load-route.ts';
import type { SubjectFinal, SubjectInit } from './protocol.ts';
import { openSubjectChannel } from './subject-channel.ts';
import type { SubjectRuntime } from './subject-runtime.ts';
import type { FakeBotApi } from './telegram/fake-bot-api.ts';
import type { TimeScale } from './time-scale.ts';

const PHASE_CHECK_MS = 10;
const TIMEOUT_MS = 30_000;

export interface RestartRecord {
  collector: Collector;
  /** Real ms: the restarted subject started polling; the start-up window closed; it was told to stop. */
  startedAt: number;
  windowEndAt: number;
  endAt: number;
  /** 429s the fake Bot API answered during the restart (undefined without the Telegram model). */
  telegram429: number | undefined;
  final: SubjectFinal;
}

export interface RestartOptions {
  init: SubjectInit;
  route: LoadRoute;
  telegram: FakeBotApi | undefined;
  runtime: SubjectRuntime;
  nodeFlags: readonly string[];
  scale: TimeScale;
  windowMs: number;
  graceMs: number;
}

export async function warmRestart(options: RestartOptions): Promise<RestartRecord> {
  const { scale } = options;
  const collector = createCollector();
  collector.phase = 'measure';
  const before = options.telegram?.stats().status429;
  const child = openSubjectChannel(collector, options.runtime, options.nodeFlags);
  try {
    child.send({ ...options.init, restart: true });
    await child.next('ready', TIMEOUT_MS);
    // From here on the buyers and Telegram write to the restart's ledger.
    options.route.target = collector;
    options.telegram?.listen((event) => collector.takeTelegram(event));
    child.send({ type: 'start' });
    const started = await child.next('started', TIMEOUT_MS);
    const windowEndAt = started.at + scale.toReal(options.windowMs);
    collector.dueUntil = windowEndAt;
    while (Date.now() < windowEndAt) {
      child.throwIfBroken();
      await sleep(Math.min(PHASE_CHECK_MS, Math.max(0, windowEndAt - Date.now())));
    }
    collector.phase = 'grace';
    const graceEnd = Date.now() + scale.toReal(options.graceMs);
    while (collector.pendingDue() > 0 && Date.now() < graceEnd) {
      child.throwIfBroken();
      await sleep(PHASE_CHECK_MS);
    }
    const endAt = Date.now();
    child.send({ type: 'stop' });
    const final = await child.next('final', TIMEOUT_MS);
    await child.exited(TIMEOUT_MS);
    const after = options.telegram?.stats().status429;
    return {
      collector,
      startedAt: started.at,
      windowEndAt,
      endAt,
      telegram429: before === undefined || after === undefined ? undefined : after - before,
      final,
    };
  } finally {
    child.kill();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
