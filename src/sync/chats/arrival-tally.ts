/**
 * Buyer messages of the last hot window, and whether a prior predicted each: before the read that found it, its chat
 * had activity (an order event, a seller action, a message) within a hot window before it was written. The share no prior predicted sizes the
 * sweep (chat-schedule.ts `sweepShare`). Kept in memory: after a restart the sweep starts at its least share.
 */
import { sweepShare } from './chat-schedule.ts';

export interface ArrivalTallyRules {
  hotWindowMs: number;
  sweepShareMin: number;
  sweepShareMax: number;
  /** The sweep takes this many times the share of unpredicted messages (chat-schedule.ts `sweepShare`). */
  sweepPerUnpredicted: number;
}

export interface ArrivalTally {
  /** A buyer message relayed at `at`, written at `writtenAt`, in a chat last active at `lastActivityAt` before the read. */
  note(at: number, writtenAt: number, lastActivityAt: number): void;
  /** The sweep's share now. */
  sweepShare(at: number): number;
}

export function createArrivalTally(rules: ArrivalTallyRules): ArrivalTally {
  const arrivals: { at: number; predicted: boolean }[] = [];
  return {
    note(at, writtenAt, lastActivityAt) {
      arrivals.push({ at, predicted: lastActivityAt >= Math.min(at, writtenAt) - rules.hotWindowMs });
    },
    sweepShare(at) {
      while (arrivals.length > 0 && (arrivals[0] as { at: number }).at < at - rules.hotWindowMs) arrivals.shift();
      const unpredicted = arrivals.filter((arrival) => !arrival.predicted).length;
      return sweepShare(unpredicted, arrivals.length, rules.sweepShareMin, rules.sweepShareMax, rules.sweepPerUnpredicted);
    },
  };
}
