/**
 * A seller's Telegram message on its way to the buyer, however it was addressed (a reply, or plain text in the
 * order's topic): what cannot go is said (and linked to the order, so a reply to it still reaches the buyer), what
 * can goes to the outbox, deduplicated by the message it came from.
 */
import type { Message } from 'grammy/types';
import type { Logger } from 'pino';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncCommands } from '../../sync/contract.ts';
import type { BotContext } from '../context.ts';
import { planSellerReply } from './seller-text.ts';

export async function sendSellerText(
  ctx: BotContext,
  message: Message,
  orderId: OrderId,
  deps: { engine: () => SyncCommands; logger: Logger },
  logLine: string,
): Promise<void> {
  const replyOptions = { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } };
  const plan = planSellerReply(ctx.tr, message);
  if (plan.say !== undefined) {
    const said = await ctx.reply(plan.say, replyOptions);
    deps.engine().linkTelegramMessage(orderId, { chatId: said.chat.id, messageId: said.message_id }, 'other');
  }
  if (plan.send === undefined) return;
  const origin = { chatId: message.chat.id, messageId: message.message_id };
  const ticket = deps.engine().enqueue({ kind: 'message', orderId, text: plan.send, origin });
  deps.logger.info({ orderId, actionId: ticket.actionId, deduplicated: ticket.deduplicated }, logLine);
}
