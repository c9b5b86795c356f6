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
import { cancelDropped, cancelExpired, cancelOrderMoved, cancelQuestion, cancelRequested } from '../texts/prompts.ts';
import type { CancelQuestion, CancelQuestions } from '../storage/cancel-questions.ts';
import type { DeliverSteps } from '../storage/deliver-steps.ts';
import type { ProgressLines } from '../sink/progress-lines.ts';
import type { Html } from '../helpers/html.ts';
import type { Translator } from '../texts/translator.ts';
import type { ActionTicket, SellerAction } from '../../core/actions.ts';

/** What to tell the person who tapped, given what the engine did with the action. */
function ticketAnswer(tr: Translator, ticket: ActionTicket, fresh: string): string {
  if (!ticket.deduplicated) return fresh;
  return ticket.state === 'succeeded' ? CALLBACK.alreadyDone(tr) : CALLBACK.alreadyInProgress(tr);
}

/** A Cancel question is answered within this, or its Confirm only says it expired: an old question must not refund. */
export const CANCEL_QUESTION_TTL_MS = 5 * 60_000;

export interface OrderButtonsDeps {
  engine: () => SyncForBot;
  codec: OrderActionCodec;
  logger: Logger;
  /** What each Cancel question was asked about. */
  questions: CancelQuestions;
  /** The "⏳ Cancelling…" line a Confirm leaves, closed by the action's outcome. */
  progress: ProgressLines;
  now: () => number;
}

/**
 * Why a Confirm must not cancel, if it must not: the question expired (or is unknown), or the order's status is no
 * longer the one the question was asked about.
 */
function cancelRefusal(
  tr: Translator,
  asked: CancelQuestion | undefined,
  orderId: OrderId,
  status: string | undefined,
  now: number,
): { answer: string; text: Html } | undefined {
  if (asked === undefined || asked.orderId !== orderId || now - asked.askedAt > CANCEL_QUESTION_TTL_MS) {
    return { answer: CALLBACK.cancelExpired(tr), text: cancelExpired(tr, { orderId }) };
  }
  if (status !== asked.status)
    return { answer: CALLBACK.cancelOrderMoved(tr), text: cancelOrderMoved(tr, { orderId, was: asked.status, now: status }) };
  return undefined;
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

  const statusOf = (orderId: OrderId) => deps.engine().lastSeenOrder(orderId)?.status ?? deps.engine().findOrder(orderId)?.status;

  /**
   * Questions being sent, by chat and order: a Confirm can arrive before the question's record is written (the
   * seller sees the question as soon as Telegram has it), so a Confirm without a record waits for these first.
   */
  const asking = new Map<string, Promise<void>>();
  const askingKey = (chatId: number | undefined, orderId: OrderId) => `${chatId}:${orderId}`;

  const askCancel = async (ctx: BotContext, orderId: OrderId) => {
    await answerCallback(ctx);
    // What the question is about, as of now: the moment it is asked.
    const askedAt = deps.now();
    const status = statusOf(orderId);
    const card = ctx.callbackQuery?.message?.message_id;
    const ask = async () => {
      const question = await ctx.reply(cancelQuestion(ctx.tr, { orderId, amount: deps.engine().lastSeenOrder(orderId)?.amount }).html, {
        parse_mode: 'HTML',
        reply_markup: await cancelConfirmKeyboard(ctx.tr, orderId, deps.codec),
        ...(card === undefined ? {} : { reply_parameters: { message_id: card, allow_sending_without_reply: true } }),
      });
      const ref = { chatId: question.chat.id, messageId: question.message_id };
      deps.engine().linkTelegramMessage(orderId, ref, 'other');
      if (status !== undefined) await deps.questions.asked(ref, orderId, status, askedAt);
    };
    const key = askingKey(ctx.chat?.id, orderId);
    const sending = ask();
    asking.set(key, sending);
    try {
      await sending;
    } finally {
      if (asking.get(key) === sending) asking.delete(key);
    }
  };

  /** Cancels only on a question that is fresh and still about the order as it is; a repeated tap is deduplicated. */
  const confirmCancel = async (ctx: BotContext, orderId: OrderId) => {
    const message = ctx.callbackQuery?.message;
    const ref = message && { chatId: message.chat.id, messageId: message.message_id };
    const find = async () => (ref === undefined ? undefined : await deps.questions.find(ref));
    let asked = await find();
    if (asked === undefined) {
      await asking.get(askingKey(ctx.chat?.id, orderId))?.catch(() => undefined);
      asked = await find();
    }
    if (!asked?.confirmed) {
      const status = statusOf(orderId);
      const refusal = cancelRefusal(ctx.tr, asked, orderId, status, deps.now());
      if (refusal) {
        deps.logger.info({ orderId, userId: ctx.from?.id, asked: asked?.status, status }, 'cancel not confirmed: the question is stale');
        await answerCallback(ctx, refusal.answer);
        await settleButtonMessage(ctx, refusal.text);
        return;
      }
      if (ref) await deps.questions.confirmed(ref);
    }
    const ticket = enqueue(ctx, { kind: 'cancel', orderId });
    await answerCallback(ctx, ticketAnswer(ctx.tr, ticket, CALLBACK.cancelling(ctx.tr)));
    const progress = cancelRequested(ctx.tr, { orderId });
    if (ref === undefined) return settleButtonMessage(ctx, progress);
    await deps.progress.show(ticket, { message: ref, orderId, kind: 'cancel', tr: ctx.tr, progress });
  };

  composer.on('callback_query:data', async (ctx, next) => {
    const action = await deps.codec.decode(ctx.callbackQuery.data);
    if (!action) return answerCallback(ctx, CALLBACK.stale(ctx.tr));
    const { verb, orderId } = action;
    if (!deps.engine().findOrder(orderId)) return answerCallback(ctx, CALLBACK.unknownOrder(ctx.tr));

    switch (verb) {
      case 'take':
        return answerCallback(ctx, ticketAnswer(ctx.tr, enqueue(ctx, { kind: 'take', orderId }), CALLBACK.taking(ctx.tr)));
      case 'cancel':
        return askCancel(ctx, orderId);
      case 'cancelConfirm':
        return confirmCancel(ctx, orderId);
      case 'cancelBack':
        await answerCallback(ctx);
        await settleButtonMessage(ctx, cancelDropped(ctx.tr, { orderId }));
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
export function deliverButtons(deps: Pick<OrderButtonsDeps, 'codec' | 'now'> & { steps: DeliverSteps }) {
  const composer = new Composer<BotContext>();

  composer.on('callback_query:data', async (ctx, next) => {
    const action = await deps.codec.decode(ctx.callbackQuery.data);
    switch (action?.verb) {
      case 'deliver':
        // One step at a time per admin: a new Deliver replaces an unfinished one, whose messages then say it expired.
        await deps.steps.expireAllOf(ctx.chat?.id ?? ctx.from.id, ctx.from.id, deps.now());
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(DELIVER_CONVERSATION, action.orderId);
        return;
      case 'deliverWithoutValue':
      case 'deliverConfirm':
      case 'deliverBack':
        return answerCallback(ctx, CALLBACK.staleStep(ctx.tr));
      default:
        return next();
    }
  });

  return composer;
}
