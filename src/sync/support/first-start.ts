/**
 * The first start's import: what the store held before the bridge first ran (no heartbeat of an earlier run,
 * run/heartbeat.ts). Its time is recorded once in kv; orders created before it get no automatic messages
 * (automation/auto-message.ts), and chat messages written before it are history, which a sink may show after live
 * content (contract.ts). A database from before this record has a heartbeat and no first start: its import is long
 * done, nothing is imported.
 */
import { z } from 'zod';
import type { KeyValueStore } from '../../db/kv.ts';
import type { Message } from '../../seller-api/schemas.ts';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import type { MessageTiming } from '../contract.ts';

const FIRST_START_KEY = 'sync.firstStartedAt';

export interface FirstStart {
  /** At a run's start: `firstRun` when no earlier run left a heartbeat. */
  started(firstRun: boolean): void;
  /** Created before the first start; without a date it counts as the store's (as the catch-up summary counts it). */
  imported(createdAt: string | undefined): boolean;
  /**
   * A message written before the first start is `history`. Without a date it is `live`: put behind a long backlog
   * by mistake it would hide a buyer's question; shown early by mistake it costs one place in the queue.
   */
  timingOf(message: Message): MessageTiming;
}

export function createFirstStart(kv: KeyValueStore, now: () => number): FirstStart {
  const startedAt = () => kv.get(FIRST_START_KEY, z.number());
  const before = (createdAt: string | undefined) => {
    const at = startedAt();
    return at !== undefined && timeOf(createdAt) < at;
  };
  return {
    started(firstRun) {
      if (firstRun && startedAt() === undefined) kv.set(FIRST_START_KEY, now());
    },
    imported: before,
    timingOf: (message) => (message.createdAt !== undefined && before(message.createdAt) ? 'history' : 'live'),
  };
}
