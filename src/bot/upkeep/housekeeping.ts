/**
 * Keeps the bot's records bounded: what the cards of orders that are over (or long untouched) show, cards of orders
 * sync never committed, callback-data aliases no button has carried for long, expired Cancel questions, the
 * messages of Deliver steps that expired long ago, and progress lines whose action never settled are dropped. Runs
 * when the bot starts and then on an interval (unref'd: it never keeps the process alive), until the bot stops.
 */
import type { Logger } from 'pino';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncQueries } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { describeError } from '../errors.ts';
import type { OrderCards, OrderState } from '../cards/order-cards.ts';
import { isOpenStatus } from '../../core/order-status.ts';
import { CANCEL_QUESTION_TTL_MS } from '../features/order-buttons.ts';
import type { CancelQuestions } from '../storage/cancel-questions.ts';
import type { DeliverSteps } from '../storage/deliver-steps.ts';
import type { ProgressLineRecords } from '../storage/progress-lines.ts';

export interface HousekeepingOptions {
  /** Records untouched this long are dropped (open orders' aliases excepted). Default 30 days. */
  maxAgeMs: number;
  /** How often it runs after the run at start. Default one hour. */
  intervalMs: number;
}

export const DEFAULT_HOUSEKEEPING: HousekeepingOptions = { maxAgeMs: 30 * 24 * 60 * 60_000, intervalMs: 60 * 60_000 };

export interface Housekeeping {
  /** Runs once now (awaited) and then on the interval. */
  start(): Promise<void>;
  stop(): void;
  /** One pass; never throws (a failure is logged and the next pass tries again). */
  runOnce(): Promise<void>;
}

export function createHousekeeping(deps: {
  cards: OrderCards;
  codec: OrderActionCodec;
  cancelQuestions: CancelQuestions;
  deliverSteps: DeliverSteps;
  progressLineRecords: ProgressLineRecords;
  engine: () => SyncQueries;
  options: HousekeepingOptions;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}): Housekeeping {
  let timer: NodeJS.Timeout | undefined;

  const orderState = (orderId: OrderId): OrderState => {
    const summary = deps.engine().findOrder(orderId);
    if (summary === undefined) return 'unknown';
    return isOpenStatus(summary.status) ? 'open' : 'closed';
  };

  const runOnce = async () => {
    try {
      const staleBefore = deps.now() - deps.options.maxAgeMs;
      const cards = await deps.cards.prune(staleBefore, orderState);
      const aliases = await deps.codec.prune(staleBefore, (orderId) => orderState(orderId) === 'open');
      // A question past its lifetime can only be refused: without its record it still is.
      const questions = await deps.cancelQuestions.prune(deps.now() - CANCEL_QUESTION_TTL_MS);
      // Kept this long so a late reply to an expired Deliver prompt is answered; after that it meets "not linked".
      const steps = await deps.deliverSteps.prune(staleBefore);
      // An action settles within days at worst (the outbox retries until a definitive answer).
      const lines = await deps.progressLineRecords.prune(staleBefore);
      const dropped = { cards, aliases, questions, steps, lines };
      if (Object.values(dropped).some((n) => n > 0)) deps.logger.info(dropped, 'old bot records dropped');
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'bot records not pruned this time');
    }
  };

  return {
    async start() {
      if (timer) return;
      timer = setInterval(() => void runOnce(), deps.options.intervalMs);
      timer.unref();
      await runOnce();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    runOnce,
  };
}
