/**
 * One poll cycle: order watching, then chat watching, then housekeeping (heartbeat, pruning). Its steps are
 * shared with the catch-up cycle (catch-up.ts), which runs them in another order: everything read first.
 */
import type { Logger } from 'pino';
import type { Queries } from '../../db/queries.ts';
import type { SellerApi } from '../../seller-api/api.ts';
import { hasCode } from '../../seller-api/errors.ts';
import { stopped, type RunSignals } from '../../shared/run-signals.ts';
import type { ChatPass, ChatWatcher } from '../chats/chat-watch.ts';
import type { Health } from '../support/health.ts';
import { markAlive } from './heartbeat.ts';
import type { OrderPass, OrderWatcher } from '../orders/order-watch.ts';
import { pacedApi } from '../budget/paced-api.ts';
import type { RequestBudget } from '../budget/request-budget.ts';
import { safeError } from '../support/safe-error.ts';
import type { SinkHold } from '../hand-off/sink-hold.ts';
import type { EngineSettings } from './wiring.ts';

export interface CycleDeps {
  api: SellerApi;
  budget: RequestBudget;
  queries: Queries;
  orderWatcher: OrderWatcher;
  chatWatcher: ChatWatcher;
  health: Health;
  logger: Logger;
  now: () => number;
  settings: EngineSettings;
  sinkHold: Pick<SinkHold, 'holding'>;
}

export interface Cycle {
  /** A poll cycle; `lookaheadMs`: chats due within this long from the cycle's start are read too. Never throws. */
  poll(signals: RunSignals, lookaheadMs: number): Promise<void>;
  /** The cycles that follow are numbered from `next` (0: the next one reads every open list). */
  countFrom(next: number): void;
  orderPass(signals: RunSignals, cycle: number): OrderPass;
  chatPass(signals: RunSignals, startedAt: number, lookaheadMs: number): ChatPass;
  /** The store answered the order lists: status shows a good poll. */
  ordersRead(): void;
  /** The order pass failed: counted as a failed poll (status shows it, the loop backs off), unless stopping. */
  ordersFailed(error: unknown, signals: RunSignals): void;
  /** A chat pass; the store failing chat reads counts like a failed poll. Undefined when it threw. */
  readChats<T extends object>(pass: () => Promise<T>, signals: RunSignals): Promise<T | undefined>;
  housekeeping(): void;
}

export function createCycle(deps: CycleDeps): Cycle {
  const { api, budget, queries, orderWatcher, chatWatcher, health, logger, now } = deps;
  const { pollIntervalMs, tuning } = deps.settings;
  let cycleNumber = 0;
  let lastPruneAt = Number.NEGATIVE_INFINITY;
  // The last chat pass read every due chat: the chats want nothing more, so idle budget may go to the lists.
  let chatsKeptUp = false;

  async function poll(signals: RunSignals, lookaheadMs: number): Promise<void> {
    const startedAt = now();
    // Held at the start: no chat this cycle, so the hold's probe, when its backoff ends, is the oldest event — a new
    // order's card in the next order pass — not a later message read while the order pass was still held.
    const heldAtStart = deps.sinkHold.holding();
    try {
      await orderWatcher.watch(orderPass(signals, cycleNumber++));
    } catch (error) {
      ordersFailed(error, signals);
      return;
    }
    if (stopped(signals)) return;
    ordersRead();
    const chats = heldAtStart ? undefined : await readChats(() => chatWatcher.readDue(chatPass(signals, startedAt, lookaheadMs)), signals);
    chatsKeptUp = chats !== undefined && chats.deferred === 0 && chats.storeFailure === undefined;
    if (!stopped(signals)) housekeeping();
  }

  function orderPass(signals: RunSignals, cycle: number): OrderPass {
    return { ...signals, api: pacedApi(api, budget, 'urgent', signals.waitSignal), cycle, spare: () => chatsKeptUp && budget.idle() };
  }

  function chatPass(signals: RunSignals, startedAt: number, lookaheadMs: number): ChatPass {
    return {
      ...signals,
      api,
      // Chats that became due while orders were read (a new order) are read now.
      horizon: Math.max(now(), startedAt + lookaheadMs),
      deadline: startedAt + pollIntervalMs,
    };
  }

  function ordersRead(): void {
    health.pollSucceeded(now());
  }

  function ordersFailed(error: unknown, signals: RunSignals): void {
    if (stopped(signals)) return;
    health.pollFailed(error, now());
    if (hasCode(error, 'RATE_LIMIT')) budget.holdUntil(api.rateLimit()?.resetAt ?? now() + pollIntervalMs);
    logger.warn({ error: safeError(error), errorsInARow: health.view().errorsInARow }, 'poll cycle failed');
  }

  async function readChats<T extends object>(pass: () => Promise<T>, signals: RunSignals): Promise<T | undefined> {
    try {
      const result = await pass();
      if ('storeFailure' in result && result.storeFailure !== undefined) health.pollFailed(result.storeFailure, now());
      return result;
    } catch (error) {
      if (stopped(signals)) return undefined;
      health.noteError(error, now());
      logger.warn({ error: safeError(error) }, 'chat reading stopped for this cycle');
      return undefined;
    }
  }

  function housekeeping(): void {
    const at = now();
    markAlive(queries, at);
    if (at - lastPruneAt < tuning.pruneEveryMs) return;
    lastPruneAt = at;
    const pruned = queries.prune({
      now: at,
      retentionMs: tuning.retentionMs,
      nearCursorMs: tuning.nearCursorMs,
      orderRetentionMs: tuning.orderRetentionMs,
    });
    if (pruned.messages + pruned.actions + pruned.orders > 0) logger.info(pruned, 'old bookkeeping pruned');
  }

  return {
    poll,
    countFrom(next) {
      cycleNumber = next;
    },
    orderPass,
    chatPass,
    ordersRead,
    ordersFailed,
    readChats,
    housekeeping,
  };
}
