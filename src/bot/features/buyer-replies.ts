/**
 * An admin's Telegram reply to an order card, or to any bridge message of that order, goes to the buyer: checked
 * at once (empty or over 4000 characters is refused with the reason, no store request; of a photo, a file or a
 * voice message only the caption can go, which the bot says first), then queued in the outbox
 * with its origin, so a repeated update is one action and the acknowledgement (the sink, on actionSettled) lands
 * on the seller's message. No "pending" mark is set here: it could race with, and overwrite, a fast outcome.
 * A reply to a message of a Deliver step (its prompt, a refusal, its preview) that the step did not take is never
 * relayed: it may be the issued value. It is answered: the step expired, is another admin's, or waits for a button.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { SyncForBot } from '../../sync/contract.ts';
import type { BotContext } from '../context.ts';
import { isCommand } from '../helpers/is-command.ts';
import { sendSellerText } from '../helpers/send-seller-text.ts';
import type { DeliverSteps, StepMessage } from '../storage/deliver-steps.ts';
import type { Translator } from '../texts/translator.ts';
import { deliverReplyExpired, deliverReplyMovedOn, deliverReplyOthers, deliverReplyWaiting, replyNotLinked } from '../texts/prompts.ts';

export interface BuyerRepliesDeps {
  engine: () => SyncForBot;
  logger: Logger;
  steps: DeliverSteps;
  now: () => number;
  /** A reply reached an expired step's message before it was edited to say so: edit it now. */
  onExpiredStepReply: () => void;
}

function stepAnswer(tr: Translator, step: StepMessage, userId: number | undefined, now: number): string {
  if (step.movedOn !== undefined) return deliverReplyMovedOn(tr);
  if (step.expiresAt <= now) return deliverReplyExpired(tr);
  return step.userId === userId ? deliverReplyWaiting(tr) : deliverReplyOthers(tr);
}

export function buyerRepliesFeature(deps: BuyerRepliesDeps) {
  const composer = new Composer<BotContext>();

  composer.on('message', async (ctx, next) => {
    const message = ctx.message;
    const repliedTo = message.reply_to_message;
    if (!repliedTo || isCommand(message)) return next();
    const replyOptions = { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } };
    const step = await deps.steps.find({ chatId: ctx.chat.id, messageId: repliedTo.message_id });
    if (step !== undefined) {
      const now = deps.now();
      deps.logger.info(
        { orderId: step.orderId, expired: step.expiresAt <= now },
        'reply to a Deliver step not taken: answered, not relayed',
      );
      await ctx.reply(stepAnswer(ctx.tr, step, ctx.from?.id, now), replyOptions);
      if (step.expiresAt <= now && !step.settled) deps.onExpiredStepReply();
      return;
    }
    const orderId = deps.engine().orderForTelegramMessage({ chatId: ctx.chat.id, messageId: repliedTo.message_id });
    if (orderId === undefined) {
      if (repliedTo.from?.id !== ctx.me.id) return next();
      await ctx.reply(replyNotLinked(ctx.tr), replyOptions);
      return;
    }
    await sendSellerText(ctx, message, orderId, deps, 'seller reply queued');
  });

  return composer;
}
