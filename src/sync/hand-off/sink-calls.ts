/**
 * Keeps stop() bounded when the sink is slow. A sink call cannot be cancelled (a Telegram send in flight may
 * still land), so at the end of the grace period stop() gives up on it instead: the call's answer, when it
 * comes, is thrown away and nothing of its event is committed — the app may have closed the database by then.
 * The event is offered again after the restart: the same single repeat as the crash window of hand-off.ts.
 */
import type { SyncSink } from '../contract.ts';

/** A sink call stop() gave up on: nothing of it may be committed. */
export class SinkAbandoned extends Error {
  override readonly name = 'SinkAbandoned';
  readonly code = 'SINK_ABANDONED';
  constructor() {
    super('SINK_ABANDONED: sync stopped before the sink answered; the event is offered again after the restart');
  }
}

export interface SinkCalls {
  /** The sink, every call going through the guard. */
  sink: SyncSink;
  /** Whether a sink call is waiting for its answer. */
  busy(): boolean;
  /**
   * stop() gives up on the calls waiting now: their answers are thrown away (SinkAbandoned). Calls made later
   * go through: the stopped run makes none (it checks its stop signal before each event), a later run may.
   */
  abandon(): void;
}

export function guardSinkCalls(inner: SyncSink): SinkCalls {
  let generation = 0;
  let inFlight = 0;

  async function call<T>(run: () => Promise<T>): Promise<T> {
    const mine = generation;
    inFlight += 1;
    try {
      const answer = await run();
      if (mine !== generation) throw new SinkAbandoned();
      return answer;
    } catch (error) {
      if (mine !== generation) throw new SinkAbandoned();
      throw error;
    } finally {
      inFlight -= 1;
    }
  }

  const catchUp = inner.catchUp?.bind(inner);
  const sink: SyncSink = {
    orderAppeared: (order, stock) => call(() => (stock === undefined ? inner.orderAppeared(order) : inner.orderAppeared(order, stock))),
    orderChanged: (order, previousStatus) => call(() => inner.orderChanged(order, previousStatus)),
    messageArrived: (order, message, timing) => call(() => inner.messageArrived(order, message, timing)),
    actionSettled: (outcome) => call(() => inner.actionSettled(outcome)),
    ...(catchUp === undefined ? {} : { catchUp: (summary) => call(() => catchUp(summary)) }),
    // A sink without stock alerts hears nothing, and the level is recorded as told.
    stockAlert: (alert) => call(async () => inner.stockAlert?.(alert)),
  };

  return {
    sink,
    busy: () => inFlight > 0,
    abandon() {
      generation += 1;
    },
  };
}
