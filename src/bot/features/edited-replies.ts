/**
 * A seller edited a reply to an order: Telegram tells us, but the buyer already has the message as first sent and
 * the store has no edit. The bot says so and offers to send the edited text as a new message, with a button; it
 * never sends an edit by itself. Tapping queues the text like any reply, the offer's message as its origin, so a
 * double tap is one message and the acknowledgement lands on the offer.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { SyncForBot } from '../../sync/contract.ts';
import { decodeEditedReply, encodeEditedReply } from '../callback-data/edited-reply.ts';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { isCommand } from '../helpers/is-command.ts';
import { planSellerReply } from '../helpers/seller-text.ts';
import type { EditOffers } from '../storage/edit-offers.ts';
import {
  editAlreadySent,
  editNotForwarded,
  editOffer,
  editOfferButton,
  editOfferExpired,
  editSending,
  editSendingAnswer,
} from '../texts/edited-replies.ts';

export function editedRepliesFeature(deps: { engine: () => SyncForBot; offers: EditOffers; logger: Logger; now: () => number }) {
  const composer = new Composer<BotContext>();

  composer.on('edited_message', async (ctx, next) => {
    const edited = ctx.editedMessage;
    const repliedTo = edited.reply_to_message;
    if (!repliedTo || isCommand(edited)) return next();
    const orderId = deps.engine().orderForTelegramMessage({ chatId: ctx.chat.id, messageId: repliedTo.message_id });
    if (orderId === undefined) return next();
    const replyOptions = { reply_parameters: { message_id: edited.message_id, allow_sending_without_reply: true } };
    const plan = planSellerReply(ctx.tr, edited);
    if (plan.send === undefined) {
      await ctx.reply(editNotForwarded(ctx.tr, { reason: plan.say }), replyOptions);
      return;
    }
    const ref = { messageId: edited.message_id, editDate: edited.edit_date };
    await deps.offers.remember(ctx.chat.id, ref, { orderId, text: plan.send }, deps.now());
    const offer = await ctx.reply(editOffer(ctx.tr, { orderId }).html, {
      ...replyOptions,
      parse_mode: 'HTML',
      reply_markup: { inline_keyboard: [[{ text: editOfferButton(ctx.tr), callback_data: encodeEditedReply(ref) }]] },
    });
    // Linked like any bridge message of the order: a reply to the offer reaches the buyer too.
    deps.engine().linkTelegramMessage(orderId, { chatId: offer.chat.id, messageId: offer.message_id }, 'other');
  });

  composer.on('callback_query:data', async (ctx, next) => {
    const ref = decodeEditedReply(ctx.callbackQuery.data);
    const message = ctx.callbackQuery.message;
    if (ref === undefined || message === undefined) return next();
    const offer = await deps.offers.find(message.chat.id, ref);
    if (offer === undefined) return answerCallback(ctx, editOfferExpired(ctx.tr));
    const origin = { chatId: message.chat.id, messageId: message.message_id };
    const ticket = deps.engine().enqueue({ kind: 'message', orderId: offer.orderId, text: offer.text, origin });
    deps.logger.info({ orderId: offer.orderId, actionId: ticket.actionId, deduplicated: ticket.deduplicated }, 'edited reply queued');
    await answerCallback(ctx, ticket.deduplicated ? editAlreadySent(ctx.tr) : editSendingAnswer(ctx.tr));
    await settleButtonMessage(ctx, editSending(ctx.tr, { orderId: offer.orderId }));
  });

  return composer;
}
