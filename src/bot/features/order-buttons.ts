/**
 * The buttons of order cards and of the cancel question. Every callback query is answered at once; the action goes
 * to the engine's outbox (a double tap is one action: the engine dedupes and we say "already in progress").
 * Forged, foreign or stale data does nothing but a polite answer; an order the engine does not know is not acted on.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { ActionTicket, SellerAction, SyncEngine } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import type { BotContext } from '../context.ts';
import { DELIVER_CONVERSATION } from '../conversations/deliver.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { cancelConfirmKeyboard } from '../keyboards/confirmations.ts';
import { CALLBACK, cancelDropped, cancelQuestion, cancelRequested } from '../texts.ts';

/** What to tell the person who tapped, given what the engine did with the action. */
export function ticketAnswer(ticket: ActionTicket, fresh: string): string {
  if (!ticket.deduplicated) return fresh;
  return ticket.state === 'succeeded' ? CALLBACK.alreadyDone : CALLBACK.alreadyInProgress;
}

export function orderButtonsFeature(deps: { engine: () => SyncEngine; codec: OrderActionCodec; logger: Logger }) {
  const composer = new Composer<BotContext>();

  const enqueue = (ctx: BotContext, action: SellerAction): ActionTicket => {
    const ticket = deps.engine().enqueue(action);
    deps.logger.info(
      { kind: action.kind, orderId: action.orderId, actionId: ticket.actionId, deduplicated: ticket.deduplicated, userId: ctx.from?.id },
      'seller action from a button',
    );
    return ticket;
  };

  const askCancel = async (ctx: BotContext, orderId: OrderId) => {
    await answerCallback(ctx);
    const card = ctx.callbackQuery?.message?.message_id;
    const question = await ctx.reply(cancelQuestion(deps.engine().lastSeenOrder(orderId), orderId).html, {
      parse_mode: 'HTML',
      reply_markup: await cancelConfirmKeyboard(orderId, deps.codec),
      ...(card === undefined ? {} : { reply_parameters: { message_id: card, allow_sending_without_reply: true } }),
    });
    deps.engine().linkTelegramMessage(orderId, { chatId: question.chat.id, messageId: question.message_id }, 'other');
  };

  composer.on('callback_query:data', async (ctx) => {
    const action = await deps.codec.decode(ctx.callbackQuery.data);
    if (!action) return answerCallback(ctx, CALLBACK.stale);
    const { verb, orderId } = action;
    if (!deps.engine().findOrder(orderId)) return answerCallback(ctx, CALLBACK.unknownOrder);

    switch (verb) {
      case 'take':
        return answerCallback(ctx, ticketAnswer(enqueue(ctx, { kind: 'take', orderId }), CALLBACK.taking));
      case 'cancel':
        return askCancel(ctx, orderId);
      case 'cancelConfirm': {
        const ticket = enqueue(ctx, { kind: 'cancel', orderId });
        await answerCallback(ctx, ticketAnswer(ticket, CALLBACK.cancelling));
        await settleButtonMessage(ctx, cancelRequested(orderId));
        return;
      }
      case 'cancelBack':
        await answerCallback(ctx);
        await settleButtonMessage(ctx, cancelDropped(orderId));
        return;
      case 'deliver':
        await answerCallback(ctx);
        // One step at a time per admin: a new Deliver replaces an unfinished one.
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(DELIVER_CONVERSATION, orderId);
        return;
      case 'deliverWithoutValue':
      case 'deliverConfirm':
      case 'deliverBack':
        // Reached only when no delivery step of this admin is waiting for it.
        return answerCallback(ctx, CALLBACK.staleStep);
    }
  });

  return composer;
}
