/**
 * The phases of a run over its stores (one, or `--stores N`): warm-up until every store's pre-existing chats were
 * read and the first cycle was over (or progress stalled, or the cap), the measured window with the burst in its
 * middle and the chat burst three quarters in (every store's at the same instant: they share the seed), then grace
 * until every store's measured events arrived. The stores' counters and the benchmark's CPU are read at the edges.
 */
import type { SandboxStats } from '../src/sandbox/contract.ts';
import { CHAT_BURST } from './chat-burst.ts';
import type { Profile } from './profiles.ts';
import type { StoreRig } from './store-rig.ts';
import type { LoadDriver } from './store-load.ts';
import type { SubjectChannel } from './subject-channel.ts';
import type { TimeScale } from './time-scale.ts';

const PHASE_CHECK_MS = 10;

export interface PhaseBoundaries {
  startedAt: number;
  warmEndAt: number;
  burstAt: number | undefined;
  chatBurstAt: number | undefined;
  measureEndAt: number;
  warmupComplete: boolean;
  unreadAtWarmEnd: number;
}

export interface PhaseSnapshots {
  /** Each store's counters, in the rigs' order. */
  statsAtWarmEnd: SandboxStats[];
  statsAtMeasureEnd: SandboxStats[];
  cpuAtWarmEnd: number;
  cpuAtMeasureEnd: number;
}

export interface PhaseInput {
  rigs: readonly StoreRig[];
  loads: readonly LoadDriver[];
  rules: Profile;
  clock: TimeScale;
  startedAt: number;
  channel: SubjectChannel;
  /** Ours: grace also waits for status changes (on the card, `inChat`) and stocked orders. */
  ours: boolean;
  inChat: boolean;
}

export async function runPhases(input: PhaseInput): Promise<{ boundaries: PhaseBoundaries; snapshots: PhaseSnapshots }> {
  const { rigs, rules, clock, channel } = input;
  const ledgers = rigs.map((rig) => rig.collector);
  const unreadNow = () => ledgers.reduce((sum, ledger) => sum + ledger.unreadOpenOrders(), 0);
  const cycled = () => ledgers.every((ledger) => ledger.firstCycleAt !== undefined);
  const stats = () => rigs.map((rig) => rig.sandbox.control.stats());
  const elapsed = () => clock.toStoreMs(Date.now() - input.startedAt);
  // Warm-up: until the first cycle is over, every pre-existing chat was read once, and one hot window passed;
  // or until catching up stopped progressing, or the cap (both flagged as incomplete).
  let unread = unreadNow();
  let progressAt = Date.now();
  while (true) {
    channel.throwIfBroken();
    if (unreadNow() < unread) {
      unread = unreadNow();
      progressAt = Date.now();
    }
    const caughtUp = cycled() && unread === 0;
    const stalled = clock.toStoreMs(Date.now() - progressAt) >= rules.warmupStallMs;
    if (elapsed() >= rules.maxWarmupMs || (elapsed() >= rules.minWarmupMs && (caughtUp || stalled))) break;
    await sleep(PHASE_CHECK_MS);
  }
  const warmEndAt = Date.now();
  const warmupComplete = cycled() && unreadNow() === 0;
  const unreadAtWarmEnd = unreadNow();
  const statsAtWarmEnd = stats();
  const cpuAtWarmEnd = cpuMicros();
  for (const ledger of ledgers) ledger.phase = 'measure';
  channel.send({ type: 'checkpoint', name: 'warm-end' });

  const { burstAt, chatBurstAt } = await measuredWindow(input, warmEndAt);
  const measureEndAt = Date.now();
  const statsAtMeasureEnd = stats();
  const cpuAtMeasureEnd = cpuMicros();
  for (const ledger of ledgers) ledger.phase = 'grace';
  channel.send({ type: 'checkpoint', name: 'measure-end' });

  const graceEndDue = measureEndAt + clock.toReal(rules.graceMaxMs);
  // Grace also lasts until the start-up window closed (quick mode): its messages are still being written.
  const waiting = (rig: StoreRig) =>
    rig.collector.pendingDue() > 0 ||
    (input.ours && rig.collector.pendingStatusChanges(input.inChat) > 0) ||
    rig.undeliveredStock() > 0 ||
    Date.now() < rig.collector.dueUntil;
  while (rigs.some(waiting) && Date.now() < graceEndDue) {
    channel.throwIfBroken();
    await sleep(PHASE_CHECK_MS);
  }
  return {
    boundaries: { startedAt: input.startedAt, warmEndAt, burstAt, chatBurstAt, measureEndAt, warmupComplete, unreadAtWarmEnd },
    snapshots: { statsAtWarmEnd, statsAtMeasureEnd, cpuAtWarmEnd, cpuAtMeasureEnd },
  };
}

/** The measured window, with the burst in its middle and the chat burst three quarters in. */
async function measuredWindow(input: PhaseInput, warmEndAt: number) {
  const { rules, clock, channel, loads } = input;
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
      for (const load of loads) load.burst();
    }
    if (!primed && Date.now() >= primeDue) {
      primed = true;
      for (const load of loads) load.chatBurst.prime();
    }
    if (chatBurstAt === undefined && Date.now() >= chatBurstDue) {
      chatBurstAt = Date.now();
      for (const load of loads) load.chatBurst.fire();
    }
    await sleep(Math.min(PHASE_CHECK_MS, Math.max(0, measureEndDue - Date.now())));
  }
  return { burstAt, chatBurstAt };
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
