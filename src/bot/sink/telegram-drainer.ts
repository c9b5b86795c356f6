/**
 * Drains the Telegram queue: each store's items on their own (drain-lane.ts), so one store's backlog or blocked chat
 * never holds another store's cards back; Telegram's pacing per chat and in all (transport/telegram-pacer.ts) is
 * shared by every lane. With one store this is one lane, in the queue's order.
 *
 * While a store's chat refuses the bot its lane holds, and the queued sink refuses that store's new events with the
 * same error, so sync holds them at the store instead of the queue growing.
 */
import { UNLIMITED_SHUTDOWN, type ShutdownBudget } from '../../shared/shutdown-budget.ts';
import { describeError, type BridgeBotError } from '../errors.ts';
import { createDrainLane, type DrainerDeps, type DrainerOptions, type DrainLane } from './drain-lane.ts';

export type { DrainerOptions };

export const DEFAULT_DRAINER: DrainerOptions = {
  backoff: { baseMs: 2_000, maxMs: 5 * 60_000 },
  idlePollMs: 1_000,
  editMaxWaitMs: 30_000,
  keepSentMs: 2 * 24 * 60 * 60_000,
  stopGraceMs: 5_000,
};

/** Sent items are pruned at most this often. */
const PRUNE_EVERY_MS = 60 * 60_000;

export interface TelegramDrainer {
  start(): void;
  /** Stops after the steps in flight (waiting at most the grace, within what `budget` leaves); what is queued stays. */
  stop(budget?: ShutdownBudget): Promise<void>;
  /** Something was queued for `store`. */
  wake(store: string): void;
  /** Try every chat now (it answered again, or sync asks): a hold ends, unless Telegram asked to wait longer. */
  retryNow(): void;
  /** While `store`'s chat refuses the bot: why, with how long its items wait before they are tried again. */
  held(store: string): BridgeBotError | undefined;
}

export function createTelegramDrainer(deps: DrainerDeps): TelegramDrainer {
  const lanes = new Map<string, { lane: DrainLane; done: Promise<void> }>();
  let running = false;
  // A step stop() stopped waiting for records nothing: the database may be closed by then.
  let generation = 0;
  let lastPrune = Number.NEGATIVE_INFINITY;

  const prune = async () => {
    if (deps.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = deps.now();
    await deps.store.pruneSent(deps.now() - deps.options.keepSentMs);
  };

  const laneOf = (store: string) => {
    const known = lanes.get(store);
    if (known !== undefined || !running) return known?.lane;
    const mine = generation;
    const lane = createDrainLane({ ...deps, lane: store, current: () => mine === generation, prune });
    lanes.set(store, { lane, done: lane.run() });
    return lane;
  };

  return {
    start() {
      if (running) return;
      running = true;
      // The stores with items left from the last run; a store's first item later opens its lane.
      void Promise.resolve(deps.store.pendingStores()).then(
        (stores) => {
          for (const store of stores) laneOf(store);
        },
        (error: unknown) => deps.logger.error({ err: describeError(error, deps.secrets) }, 'telegram queue not read'),
      );
    },
    async stop(budget = UNLIMITED_SHUTDOWN) {
      if (!running) return;
      running = false;
      for (const { lane } of lanes.values()) lane.stop();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, budget.allow(deps.options.stopGraceMs));
      });
      await Promise.race([Promise.all([...lanes.values()].map((entry) => entry.done)), grace]);
      clearTimeout(timer);
      lanes.clear();
      generation += 1;
    },
    wake: (store) => laneOf(store)?.wake(),
    retryNow() {
      for (const { lane } of lanes.values()) lane.retryNow();
    },
    held: (store) => lanes.get(store)?.lane.held(),
  };
}
