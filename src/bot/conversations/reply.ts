/**
 * /reply <order id>: the admin's next text goes to that order's buyer. The same checks as a native Telegram reply
 * (helpers/seller-text.ts); the engine call is wrapped in `conversation.external` so a replay never queues twice.
 * The prompt is linked to the order, so replying to it later still reaches the buyer through the relay.
 */
import type { Conversation } from '@grammyjs/conversations';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncCommands } from '../../sync/contract.ts';
import type { BotContext, ConversationContext } from '../context.ts';
import { isCommand } from '../helpers/is-command.ts';
import { planSellerReply } from '../helpers/seller-text.ts';
import { replyAsk, replyPlaceholder } from '../texts/prompts.ts';

export const REPLY_CONVERSATION = 'reply';

type ReplyConversation = Conversation<BotContext, ConversationContext>;

export function createReplyConversation(deps: { engine: () => SyncCommands }) {
  return async function reply(conversation: ReplyConversation, ctx: ConversationContext, rawOrderId: string) {
    const orderId = rawOrderId as OrderId;
    const userId = ctx.from?.id;
    const prompt = await ctx.reply(replyAsk(ctx.tr, { orderId }).html, {
      parse_mode: 'HTML',
      reply_markup: { force_reply: true, selective: true, input_field_placeholder: replyPlaceholder(ctx.tr) },
    });
    const promptRef = { chatId: prompt.chat.id, messageId: prompt.message_id };
    await conversation.external(() => deps.engine().linkTelegramMessage(orderId, promptRef, 'other'));

    for (;;) {
      const next = await conversation.wait();
      const message = next.message;
      // A command ends this step and still runs; anything else not for us goes on to the rest of the bot.
      if (isCommand(message)) return conversation.halt({ next: true });
      if (message === undefined || next.from?.id !== userId) return conversation.skip({ next: true });
      const repliedTo = message.reply_to_message?.message_id;
      const forUs = repliedTo === prompt.message_id || (repliedTo === undefined && next.chat?.type === 'private');
      if (!forUs) return conversation.skip({ next: true });

      const plan = planSellerReply(ctx.tr, message);
      if (plan.say !== undefined) {
        const said = await next.reply(plan.say, {
          reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
        });
        // Linked like the prompt: a reply to the refusal (the text, shortened) still reaches the buyer.
        const saidRef = { chatId: said.chat.id, messageId: said.message_id };
        await conversation.external(() => deps.engine().linkTelegramMessage(orderId, saidRef, 'other'));
      }
      const text = plan.send;
      if (text === undefined) continue;
      const origin = { chatId: message.chat.id, messageId: message.message_id };
      // The outcome is acknowledged on the seller's message by the sink (actionSettled).
      await conversation.external(() => deps.engine().enqueue({ kind: 'message', orderId, text, origin }));
      return;
    }
  };
}
