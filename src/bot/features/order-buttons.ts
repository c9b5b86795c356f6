/**
 * The buttons of order cards, of the cancel question and of the delivery step. Every callback query is answered at
 * once; the action goes to the engine's outbox (a double tap is one action: the engine dedupes and we say "already
 * in progress").
 * Forged, foreign or stale data does nothing but a polite answer; an order the engine does not know is not acted on.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import type { BotContext } from '../context.ts';
import { DELIVER_CONVERSATION } from '../conversations/deliver.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { cancelConfirmKeyboard } from '../keyboards/confirmations.ts';
import { CALLBACK } from '../texts/callbacks.ts';
import { cancelDropped, cancelQuestion, cancelRequested } from '../texts/prompts.ts';
import type { ActionTicket, SellerAction } from '../../core/actions.ts';

/** What to tell the person who tapped, given what the engine did with the action. */
function ticketAnswer(ticket: ActionTicket, fresh: string): string {
  if (!ticket.deduplicated) return fresh;
  return ticket.state === 'succeeded' ? CALLBACK.alreadyDone : CALLBACK.alreadyInProgress;
}

export interface OrderButtonsDeps {
  engine: () => SyncForBot;
  codec: OrderActionCodec;
  logger: Logger;
}

/**
 * Take, Cancel and the cancel question's buttons: handled as they come, outside the per-chat-and-user order
 * (index.ts), since none of them touches a conversation — a cancel question waiting in the pacing queue must not
 * hold up a Take on another card. Deliver is answered here at once and passed on, like Deliver's own buttons,
 * to `deliverButtons` behind the conversations.
 */
export function orderActionButtons(deps: OrderButtonsDeps) {
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
    const question = await ctx.reply(cancelQuestion({ orderId, amount: deps.engine().lastSeenOrder(orderId)?.amount }).html, {
      parse_mode: 'HTML',
      reply_markup: await cancelConfirmKeyboard(orderId, deps.codec),
      ...(card === undefined ? {} : { reply_parameters: { message_id: card, allow_sending_without_reply: true } }),
    });
    deps.engine().linkTelegramMessage(orderId, { chatId: question.chat.id, messageId: question.message_id }, 'other');
  };

  composer.on('callback_query:data', async (ctx, next) => {
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
        await settleButtonMessage(ctx, cancelRequested({ orderId }));
        return;
      }
      case 'cancelBack':
        await answerCallback(ctx);
        await settleButtonMessage(ctx, cancelDropped({ orderId }));
        return;
      case 'deliver':
        // Its answer says nothing, so it need not wait for the step to open.
        await answerCallback(ctx);
        return next();
      case 'deliverWithoutValue':
      case 'deliverConfirm':
      case 'deliverBack':
        return next();
    }
  });

  return composer;
}

/** Deliver opens the delivery step; Deliver's own buttons reach here only when no step of this admin wants them. */
export function deliverButtons(deps: Pick<OrderButtonsDeps, 'codec'>) {
  const composer = new Composer<BotContext>();

  composer.on('callback_query:data', async (ctx, next) => {
    const action = await deps.codec.decode(ctx.callbackQuery.data);
    switch (action?.verb) {
      case 'deliver':
        // One step at a time per admin: a new Deliver replaces an unfinished one.
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(DELIVER_CONVERSATION, action.orderId);
        return;
      case 'deliverWithoutValue':
      case 'deliverConfirm':
      case 'deliverBack':
        return answerCallback(ctx, CALLBACK.staleStep);
      default:
        return next();
    }
  });

  return composer;
}
