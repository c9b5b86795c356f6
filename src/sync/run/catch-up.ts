/**
 * The catch-up cycle, the first cycle of a run that reaches the store: the requests of any first cycle (the open
 * lists, every watched chat, the new orders' chats), all read before anything is handed off, so the sink hears
 * what came in while the bridge was away (`SyncSink.catchUp`) above the cards and messages it counts. Then the
 * same hand-offs as a poll cycle, in the same order (orders, then chats) and with the same commits.
 */
import type { Logger } from 'pino';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import { stopped, type RunSignals } from '../../shared/run-signals.ts';
import type { ChatReading, ChatWatcher } from '../chats/chat-watch.ts';
import type { CatchUpSummary, SyncSink } from '../contract.ts';
import type { Cycle } from './cycle.ts';
import type { OrderReading, OrderWatcher } from '../orders/order-watch.ts';
import { safeError } from '../support/safe-error.ts';
import { SinkAbandoned } from '../hand-off/sink-calls.ts';

export interface CatchUpDeps {
  cycle: Cycle;
  orderWatcher: OrderWatcher;
  chatWatcher: ChatWatcher;
  /** The guarded sink (hand-off/sink-calls.ts). */
  sink: SyncSink;
  logger: Logger;
  now: () => number;
}

/** The run being caught up. */
export interface CatchingUpRun {
  readonly startedAt: number;
  /** When the previous run was last seen alive; undefined on a first run (nothing to announce). */
  readonly lastRunEndedAt: number | undefined;
  /** Set once the store answered a catch-up cycle of this run: later cycles hand off as they read. */
  caughtUp: boolean;
}

/** Runs a catch-up cycle; when the store does not answer, `run.caughtUp` stays false and the next cycle catches up. */
export type CatchUp = (run: CatchingUpRun, signals: RunSignals) => Promise<void>;

/** A lookahead that makes every watched chat due. */
const EVERY_CHAT = Number.MAX_SAFE_INTEGER / 2;

export function createCatchUp({ cycle, orderWatcher, chatWatcher, sink, logger, now }: CatchUpDeps): CatchUp {
  return async function catchUp(run, signals) {
    const startedAt = now();
    let orders: OrderReading;
    try {
      // Cycle 0 reads every open list, however many catch-up cycles the store failed before.
      orders = await orderWatcher.read(cycle.orderPass(signals, 0));
    } catch (error) {
      cycle.ordersFailed(error, signals);
      return;
    }
    try {
      if (stopped(signals)) return;
      run.caughtUp = true;
      cycle.countFrom(1);
      cycle.ordersRead();
      const newOrders = orders.newOrders.map((order) => order.id);
      const chats = await cycle.readChats(() => chatWatcher.collectDue(cycle.chatPass(signals, startedAt, EVERY_CHAT), newOrders), signals);
      if (stopped(signals)) return;
      await announce(run, orders, chats);
      try {
        await orders.apply(signals.waitSignal);
      } catch (error) {
        cycle.ordersFailed(error, signals);
        return;
      }
      if (chats !== undefined && !stopped(signals)) await cycle.readChats(async () => ({ relayed: await chats.relay() }), signals);
    } finally {
      orders.release();
    }
    if (!stopped(signals)) cycle.housekeeping();
  };

  async function announce(run: CatchingUpRun, orders: OrderReading, chats: ChatReading | undefined): Promise<void> {
    if (run.lastRunEndedAt === undefined || sink.catchUp === undefined) return;
    // Like sinceLastRun: what was written before this run started (the rest is news of this run); no date, before.
    const before = (createdAt: string | undefined) => timeOf(createdAt) < run.startedAt;
    const summary: CatchUpSummary = {
      lastRunEndedAt: run.lastRunEndedAt,
      newOrders: orders.newOrders.filter((order) => before(order.createdAt)).length,
      messages: (chats?.incoming ?? []).filter((message) => before(message.createdAt)).length,
    };
    if (summary.newOrders === 0 && summary.messages === 0) return;
    try {
      await sink.catchUp(summary);
    } catch (error) {
      if (error instanceof SinkAbandoned) return;
      // A summary is a courtesy: the cards and messages it counts still go out.
      logger.warn({ error: safeError(error) }, 'sink refused the catch-up summary: not offered again');
    }
  }
}
