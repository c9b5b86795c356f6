/**
 * Deliver: ask for the issued value (or "Deliver without value"), show a preview, and only on Confirm queue the
 * delivery. The function is replayed from the top on every update (conversations v2): everything that is not a
 * ctx.api call — the engine, the key-value store behind callback data and step records, the clock — goes through
 * `conversation.external`. Updates that are not for this step (another order's buttons, a reply to a buyer) are
 * passed on, not swallowed.
 *
 * While the step waits, its messages are recorded as the step's (storage/deliver-steps.ts), never as the order's: a
 * reply to them is the value, or is answered, but is never relayed to the buyer. A step that waits longer than its
 * timeout expires: the next update is passed on (a reply to the prompt is then answered "expired") and upkeep edits
 * its messages to say so. Only a step ended on purpose (Back, Confirm) links its messages to the order.
 */
import type { Conversation } from '@grammyjs/conversations';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { DELIVER_VALUE_MAX_LENGTH } from '../../seller-api/spec-gaps.ts';
import type { SyncCommands } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import type { BotContext, ConversationContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { isCommand } from '../helpers/is-command.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { deliverConfirmKeyboard, deliverPromptKeyboard } from '../keyboards/confirmations.ts';
import type { DeliverSteps } from '../storage/deliver-steps.ts';
import type { ProgressLines } from '../sink/progress-lines.ts';
import { CALLBACK } from '../texts/callbacks.ts';
import { deliverAsk, deliverDropped, deliverPreview, deliverRequested, deliverValueEmpty, deliverValueTooLong } from '../texts/prompts.ts';

export const DELIVER_CONVERSATION = 'deliver';

/** The longest issued value the step accepts: the bridge's one limit (seller-api/spec-gaps.ts). */
const DELIVER_VALUE_LIMIT = DELIVER_VALUE_MAX_LENGTH;

type DeliverConversation = Conversation<BotContext, ConversationContext>;

export interface DeliverDeps {
  engine: () => SyncCommands;
  codec: OrderActionCodec;
  steps: DeliverSteps;
  /** The "⏳ Delivering…" line Confirm leaves, closed by the action's outcome. */
  progress: ProgressLines;
  /** How long the step waits for the next update (the plugin's `maxMillisecondsToWait` is the same). */
  timeoutMs: number;
  now: () => number;
}

const refOf = (message: { chat: { id: number }; message_id: number }): TelegramRef => ({
  chatId: message.chat.id,
  messageId: message.message_id,
});

export function createDeliverConversation(deps: DeliverDeps) {
  /** The verb of a button of this order's flow, or undefined for anything else. */
  const verbFor = async (conversation: DeliverConversation, ctx: ConversationContext, orderId: OrderId) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return undefined;
    const action = await conversation.external(() => deps.codec.decode(data));
    return action?.orderId === orderId ? action.verb : undefined;
  };

  /**
   * A text from the same admin as a reply to the prompt or to one of its refusals, or typed plainly in a private
   * chat. In a group a plain message is ordinary talk (and with privacy mode on the bot would not even see it).
   */
  const valueText = (ctx: ConversationContext, userId: number, asking: ReadonlySet<number>) => {
    const message = ctx.message;
    if (message?.text === undefined || isCommand(message) || ctx.from?.id !== userId) return undefined;
    const repliedTo = message.reply_to_message?.message_id;
    if (repliedTo !== undefined && asking.has(repliedTo)) return message.text;
    return repliedTo === undefined && ctx.chat?.type === 'private' ? message.text : undefined;
  };

  const keyboard = (
    conversation: DeliverConversation,
    build: () => Promise<{ inline_keyboard: InlineKeyboardMarkup['inline_keyboard'] }>,
  ) => conversation.external(async (): Promise<InlineKeyboardMarkup> => ({ inline_keyboard: (await build()).inline_keyboard }));

  return async function deliver(conversation: DeliverConversation, ctx: ConversationContext, rawOrderId: string) {
    const orderId = rawOrderId as OrderId;
    const userId = ctx.from?.id;
    if (userId === undefined) return;
    const card = ctx.callbackQuery?.message?.message_id;
    /** The step's messages so far: the prompt, its refusals, the preview. */
    const messages: TelegramRef[] = [];

    /** Records the step's messages as waiting for the next update; returns when that wait times out. */
    const waitingUntil = () =>
      conversation.external(async () => {
        const expiresAt = deps.now() + deps.timeoutMs;
        await deps.steps.wait(messages, { orderId, userId, expiresAt });
        return expiresAt;
      });
    /** Timed out, or closed from outside (a newer Deliver, its order moved on): the record says so. */
    const expired = (deadline: number) =>
      conversation.external(async () => {
        const now = deps.now();
        const record = messages[0] && (await deps.steps.find(messages[0]));
        return now >= deadline || (record !== undefined && record.expiresAt <= now);
      });

    /** The step ended on purpose: a reply to its messages now goes to the buyer, like a reply to any of the order's. */
    const end = () =>
      conversation.external(async () => {
        for (const message of messages) deps.engine().linkTelegramMessage(orderId, message, 'other');
        await deps.steps.end(messages);
      });

    const stop = async (next: ConversationContext) => {
      await answerCallback(next);
      await settleButtonMessage(next, deliverDropped(next.tr, { orderId }));
      await end();
    };

    /** A timed-out step passes the update on: a reply is answered "expired", a button "expired" too. */
    const leave = () => conversation.halt({ next: true });

    const passOn = async (next: ConversationContext): Promise<never> => {
      // A command ends the flow and still runs; anything else goes to the rest of the bot while we keep waiting.
      if (!isCommand(next.message)) return conversation.skip({ next: true });
      await conversation.external(() => deps.steps.expire(messages, deps.now()));
      return conversation.halt({ next: true });
    };

    const prompt = await ctx.reply(deliverAsk(ctx.tr, { orderId }).html, {
      parse_mode: 'HTML',
      reply_markup: await keyboard(conversation, () => deliverPromptKeyboard(ctx.tr, orderId, deps.codec)),
      ...(card === undefined ? {} : { reply_parameters: { message_id: card, allow_sending_without_reply: true } }),
    });
    messages.push(refOf(prompt));
    const asking = new Set([prompt.message_id]);

    let value: string | undefined;
    let deadline = await waitingUntil();
    for (;;) {
      const next = await conversation.wait();
      if (await expired(deadline)) return leave();
      const verb = await verbFor(conversation, next, orderId);
      if (verb === 'deliverBack') return stop(next);
      if (verb === 'deliverWithoutValue') {
        await answerCallback(next);
        break;
      }
      const typed = valueText(next, userId, asking);
      if (typed === undefined) return passOn(next);
      const candidate = typed.trim();
      if (candidate !== '' && candidate.length <= DELIVER_VALUE_LIMIT) {
        value = candidate;
        break;
      }
      const refusal = await next.reply(
        candidate === ''
          ? deliverValueEmpty(next.tr)
          : deliverValueTooLong(next.tr, { length: candidate.length, limit: DELIVER_VALUE_LIMIT }),
      );
      // "Reply with the issued value": a reply to the refusal is the value too.
      messages.push(refOf(refusal));
      asking.add(refusal.message_id);
      deadline = await waitingUntil();
    }

    const preview = await ctx.reply(deliverPreview(ctx.tr, { orderId, value }).html, {
      parse_mode: 'HTML',
      reply_markup: await keyboard(conversation, () => deliverConfirmKeyboard(ctx.tr, orderId, deps.codec)),
      reply_parameters: { message_id: prompt.message_id, allow_sending_without_reply: true },
    });
    messages.push(refOf(preview));
    deadline = await waitingUntil();

    for (;;) {
      const next = await conversation.wait();
      if (await expired(deadline)) return leave();
      const verb = await verbFor(conversation, next, orderId);
      if (verb === 'deliverBack') return stop(next);
      if (verb === 'deliverConfirm') {
        const ticket = await conversation.external(() =>
          deps.engine().enqueue(value === undefined ? { kind: 'deliver', orderId } : { kind: 'deliver', orderId, value }),
        );
        await answerCallback(next, ticket.deduplicated ? CALLBACK.alreadyInProgress(next.tr) : CALLBACK.delivering(next.tr));
        const progress = deliverRequested(next.tr, { orderId, value });
        await conversation.external(() =>
          deps.progress.show(ticket, { message: refOf(preview), orderId, kind: 'deliver', tr: next.tr, progress }),
        );
        await end();
        return;
      }
      return passOn(next);
    }
  };
}
