/**
 * Edits the messages of Deliver steps that timed out to say so, buttons removed, so nobody answers a prompt that no
 * longer listens; and closes, saying why, the steps of an order shown to have left "in progress" (delivered from
 * another device, by another admin or from stock; cancelled). Runs when the bot starts (steps may have expired while
 * it was down), on an interval (unref'd), when a reply to such a message arrives first, and when an order moves on. A message that cannot be edited (deleted, too old) is left as it is;
 * one that meets a network failure is tried again on the next run.
 */
import { HttpError, type Api } from 'grammy';
import type { Logger } from 'pino';
import { describeError } from '../errors.ts';
import { isNotModified, isUneditable } from '../helpers/telegram-errors.ts';
import type { Order } from '../../seller-api/schemas.ts';
import type { DeliverSteps } from '../storage/deliver-steps.ts';
import { deliverExpired, deliverMovedOn } from '../texts/prompts.ts';
import type { Translator } from '../texts/translator.ts';

export interface StepSweeper {
  start(): Promise<void>;
  stop(): void;
  /** Runs now (after a run in progress); never throws. */
  sweep(): Promise<void>;
  /** The chat is shown this order as it is now: its steps close if it is no longer in progress. Never throws. */
  orderShown(order: Pick<Order, 'id' | 'status'>): Promise<void>;
}

export function createStepSweeper(deps: {
  api: Api;
  steps: DeliverSteps;
  intervalMs: number;
  /** The chat's language: the sweep has no user to ask, and the step's messages are in the shared chat. */
  tr: Translator;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}): StepSweeper {
  let timer: NodeJS.Timeout | undefined;
  // One run at a time: two would edit the same message twice.
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    try {
      for (const message of await deps.steps.unsettled(deps.now())) {
        const { orderId, movedOn } = message;
        const html = movedOn === undefined ? deliverExpired(deps.tr, { orderId }) : deliverMovedOn(deps.tr, { orderId, status: movedOn });
        try {
          await deps.api.editMessageText(message.chatId, message.messageId, html.html, {
            parse_mode: 'HTML',
            reply_markup: { inline_keyboard: [] },
          });
        } catch (error) {
          if (error instanceof HttpError) continue;
          if (!isNotModified(error) && !isUneditable(error)) {
            deps.logger.warn({ err: describeError(error, deps.secrets), orderId: message.orderId }, 'expired Deliver step not edited');
          }
        }
        await deps.steps.settled(message);
      }
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'expired Deliver steps not edited this time');
    }
  };

  const sweep = () => {
    running = running.then(runOnce);
    return running;
  };

  return {
    async start() {
      if (timer) return;
      timer = setInterval(() => void sweep(), deps.intervalMs);
      timer.unref();
      await sweep();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    sweep,
    async orderShown(order) {
      // Deliver is offered only in progress: past it a step can only fail (and orders never go back, so a paid
      // sighting is an old one).
      if (order.status === 'processing' || order.status === 'paid') return;
      try {
        if ((await deps.steps.closeFor(order.id, order.status, deps.now())) > 0) await sweep();
      } catch (error) {
        deps.logger.warn({ err: describeError(error, deps.secrets), orderId: order.id }, 'Deliver steps of a moved-on order not closed');
      }
    },
  };
}
