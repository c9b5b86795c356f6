/**
 * Deliver: ask for the issued value (or "Deliver without value"), show a preview, and only on Confirm queue the
 * delivery. The function is replayed from the top on every update (conversations v2): everything that is not a
 * ctx.api call — the engine, the key-value store behind callback data — goes through `conversation.external`.
 * Updates that are not for this step (another order's buttons, a reply to a buyer) are passed on, not swallowed.
 */
import type { Conversation } from '@grammyjs/conversations';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncCommands } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import type { BotContext, ConversationContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { isCommand } from '../helpers/is-command.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { deliverConfirmKeyboard, deliverPromptKeyboard } from '../keyboards/confirmations.ts';
import { CALLBACK } from '../texts/callbacks.ts';
import { deliverAsk, deliverDropped, deliverPreview, deliverRequested, deliverValueEmpty, deliverValueTooLong } from '../texts/prompts.ts';

export const DELIVER_CONVERSATION = 'deliver';

/** The longest issued value the step accepts. */
const DELIVER_VALUE_LIMIT = 4000;

type DeliverConversation = Conversation<BotContext, ConversationContext>;

export function createDeliverConversation(deps: { engine: () => SyncCommands; codec: OrderActionCodec }) {
  /** The verb of a button of this order's flow, or undefined for anything else. */
  const verbFor = async (conversation: DeliverConversation, ctx: ConversationContext, orderId: OrderId) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return undefined;
    const action = await conversation.external(() => deps.codec.decode(data));
    return action?.orderId === orderId ? action.verb : undefined;
  };

  /**
   * A text from the same admin as a reply to the prompt, or typed plainly in a private chat. In a group a plain
   * message is ordinary talk (and with privacy mode on the bot would not even see it).
   */
  const valueText = (ctx: ConversationContext, userId: number | undefined, promptId: number) => {
    const message = ctx.message;
    if (message?.text === undefined || isCommand(message) || ctx.from?.id !== userId) return undefined;
    const repliedTo = message.reply_to_message?.message_id;
    if (repliedTo === promptId) return message.text;
    return repliedTo === undefined && ctx.chat?.type === 'private' ? message.text : undefined;
  };

  const passOn = async (conversation: DeliverConversation, ctx: ConversationContext): Promise<never> => {
    // A command ends the flow and still runs; anything else goes to the rest of the bot while we keep waiting.
    if (isCommand(ctx.message)) return conversation.halt({ next: true });
    return conversation.skip({ next: true });
  };

  const keyboard = (
    conversation: DeliverConversation,
    build: () => Promise<{ inline_keyboard: InlineKeyboardMarkup['inline_keyboard'] }>,
  ) => conversation.external(async (): Promise<InlineKeyboardMarkup> => ({ inline_keyboard: (await build()).inline_keyboard }));

  /** Every message of the step belongs to the order: a Telegram reply to it later goes to the buyer. */
  const link = (conversation: DeliverConversation, orderId: OrderId, message: { chat: { id: number }; message_id: number }) =>
    conversation.external(() =>
      deps.engine().linkTelegramMessage(orderId, { chatId: message.chat.id, messageId: message.message_id }, 'other'),
    );

  const stop = async (ctx: ConversationContext, orderId: OrderId) => {
    await answerCallback(ctx);
    await settleButtonMessage(ctx, deliverDropped({ orderId }));
  };

  return async function deliver(conversation: DeliverConversation, ctx: ConversationContext, rawOrderId: string) {
    const orderId = rawOrderId as OrderId;
    const userId = ctx.from?.id;
    const card = ctx.callbackQuery?.message?.message_id;

    const prompt = await ctx.reply(deliverAsk({ orderId }).html, {
      parse_mode: 'HTML',
      reply_markup: await keyboard(conversation, () => deliverPromptKeyboard(orderId, deps.codec)),
      ...(card === undefined ? {} : { reply_parameters: { message_id: card, allow_sending_without_reply: true } }),
    });
    await link(conversation, orderId, prompt);

    let value: string | undefined;
    for (;;) {
      const next = await conversation.wait();
      const verb = await verbFor(conversation, next, orderId);
      if (verb === 'deliverBack') return stop(next, orderId);
      if (verb === 'deliverWithoutValue') {
        await answerCallback(next);
        break;
      }
      const typed = valueText(next, userId, prompt.message_id);
      if (typed === undefined) return passOn(conversation, next);
      const candidate = typed.trim();
      if (candidate !== '' && candidate.length <= DELIVER_VALUE_LIMIT) {
        value = candidate;
        break;
      }
      const refusal = await next.reply(
        candidate === '' ? deliverValueEmpty : deliverValueTooLong({ length: candidate.length, limit: DELIVER_VALUE_LIMIT }),
      );
      await link(conversation, orderId, refusal);
    }

    const preview = await ctx.reply(deliverPreview({ orderId, value }).html, {
      parse_mode: 'HTML',
      reply_markup: await keyboard(conversation, () => deliverConfirmKeyboard(orderId, deps.codec)),
      reply_parameters: { message_id: prompt.message_id, allow_sending_without_reply: true },
    });
    await link(conversation, orderId, preview);

    for (;;) {
      const next = await conversation.wait();
      const verb = await verbFor(conversation, next, orderId);
      if (verb === 'deliverBack') return stop(next, orderId);
      if (verb === 'deliverConfirm') {
        const ticket = await conversation.external(() =>
          deps.engine().enqueue(value === undefined ? { kind: 'deliver', orderId } : { kind: 'deliver', orderId, value }),
        );
        await answerCallback(next, ticket.deduplicated ? CALLBACK.alreadyInProgress : CALLBACK.delivering);
        await settleButtonMessage(next, deliverRequested({ orderId, value }));
        return;
      }
      return passOn(conversation, next);
    }
  };
}
