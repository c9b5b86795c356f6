/**
 * Edits the messages of Deliver steps that timed out to say so, buttons removed, so nobody answers a prompt that no
 * longer listens. Runs when the bot starts (steps may have expired while it was down), on an interval (unref'd), and
 * when a reply to such a message arrives first. A message that cannot be edited (deleted, too old) is left as it is;
 * one that meets a network failure is tried again on the next run.
 */
import { HttpError, type Api } from 'grammy';
import type { Logger } from 'pino';
import { describeError } from '../errors.ts';
import { isNotModified, isUneditable } from '../helpers/telegram-errors.ts';
import type { DeliverSteps } from '../storage/deliver-steps.ts';
import { deliverExpired } from '../texts/prompts.ts';
import type { Translator } from '../texts/translator.ts';

export interface StepSweeper {
  start(): Promise<void>;
  stop(): void;
  /** Runs now (after a run in progress); never throws. */
  sweep(): Promise<void>;
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
        try {
          await deps.api.editMessageText(message.chatId, message.messageId, deliverExpired(deps.tr, { orderId: message.orderId }).html, {
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
  };
}
