/**
 * Exactly-once hand-off of an event to the sink: the sink is called first, and sync's bookkeeping (order known,
 * status seen, cursor advanced, message relayed) is committed only after the sink's promise resolved, in ONE
 * SQLite transaction together with the Telegram links of the sink's receipt. If the sink throws, nothing is
 * committed and the event is offered again on a later cycle.
 *
 * The crash window that remains: between the sink's side effect (a Telegram message was sent) and the commit
 * right after it. A process killed exactly there repeats that one event once after a restart; no event is lost.
 * It cannot be closed without the sink taking part in our transaction (Telegram has no idempotent send), so
 * it is kept as small as possible: nothing but the synchronous commit runs between the sink's answer and it.
 * A crash anywhere else (before the sink is called, during the store's answer, after the commit) repeats and
 * loses nothing. A sink call that stop() gave up on (sink-calls.ts) ends like the crash window: not committed.
 */
import type { SqliteDatabase } from '../../db/sqlite.ts';
import type { Message, Order, OrderStatus } from '../../seller-api/schemas.ts';
import type { MessageTiming, OrderSummary, SinkReceipt, SyncSink } from '../contract.ts';
import { SinkAbandoned } from './sink-calls.ts';
import type { StockPlan } from '../../core/stock/stock-plan.ts';
import { isSinkUnavailable, type SinkHold } from './sink-hold.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

export type SyncEvent =
  | { kind: 'orderAppeared'; order: Order; stock?: StockPlan }
  | { kind: 'orderChanged'; order: Order; previousStatus: OrderStatus }
  | { kind: 'messageArrived'; order: OrderSummary; message: Message };

/**
 * Fault injection for tests: a hook that throws stops the poll cycle right there, as a crash would
 * (nothing after it runs, nothing of the event is committed).
 */
export interface SyncTestHooks {
  /** The store answered; the sink has not been called yet. */
  beforeSink?(event: SyncEvent): void;
  /** The sink confirmed; sync has not committed yet (the crash window). */
  beforeCommit?(event: SyncEvent): void;
}

/**
 * Why an event was not handed off: the sink refused this event (`refused`), said it can show nothing now
 * (`unavailable`), or was not asked because it said so before (`held`, sink-hold.ts). The last two are about the
 * sink, not the event: the caller keeps the event waiting in its place, without a backoff of its own.
 */
export type SinkFailureReason = 'refused' | 'unavailable' | 'held';

/** The sink did not take an event: it stays uncommitted and is offered again later. */
export class SinkFailure extends Error {
  override readonly name = 'SinkFailure';
  readonly code = 'SINK_FAILED';
  constructor(
    readonly event: SyncEvent,
    readonly reason: SinkFailureReason,
    cause?: unknown,
  ) {
    super(`SINK_FAILED: the sink did not take ${event.kind} (${reason}); it is offered again later`, { cause });
  }
}

export type HandOff = (event: SyncEvent, commit: (telegram: TelegramRef[]) => void) => Promise<void>;

export function createHandOff(
  db: SqliteDatabase,
  sink: SyncSink,
  hold: SinkHold,
  timingOf: (message: Message) => MessageTiming,
  hooks: SyncTestHooks = {},
): HandOff {
  return async (event, commit) => {
    if (hold.holding()) throw new SinkFailure(event, 'held');
    hooks.beforeSink?.(event);
    let receipt: SinkReceipt;
    try {
      receipt = await callSink(sink, event, timingOf);
    } catch (cause) {
      // Stopping: not a refusal to retry later in this run, the cycle ends here.
      if (cause instanceof SinkAbandoned) throw cause;
      if (!isSinkUnavailable(cause)) throw new SinkFailure(event, 'refused', cause);
      hold.unavailable(cause);
      throw new SinkFailure(event, 'unavailable', cause);
    }
    hold.available();
    // ---- crash window: the sink acted, the commit below has not run yet ----
    hooks.beforeCommit?.(event);
    db.transaction(commit)(telegramRefs(receipt));
  };
}

function callSink(sink: SyncSink, event: SyncEvent, timingOf: (message: Message) => MessageTiming): Promise<SinkReceipt> {
  switch (event.kind) {
    case 'orderAppeared':
      return event.stock === undefined ? sink.orderAppeared(event.order) : sink.orderAppeared(event.order, event.stock);
    case 'orderChanged':
      return sink.orderChanged(event.order, event.previousStatus);
    case 'messageArrived':
      return sink.messageArrived(event.order, event.message, timingOf(event.message));
  }
}

/** A sink that forgot its receipt still confirmed the event; only well-formed refs are linked. */
function telegramRefs(receipt: SinkReceipt | undefined): TelegramRef[] {
  const refs = Array.isArray(receipt?.telegram) ? receipt.telegram : [];
  return refs.filter((ref) => Number.isSafeInteger(ref?.chatId) && Number.isSafeInteger(ref?.messageId));
}
