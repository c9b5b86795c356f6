/**
 * Only admins and staff (middlewares/roles.ts) act, and only in the configured chat or in a private chat with the bot. Everyone else gets a short
 * refusal and goes no further: no handler behind this middleware runs, so a stranger causes no enqueue and no store
 * request. In a group, ordinary chatter is ignored silently; only what was aimed at the bot (a command, a reply to
 * the bot, a button) is refused.
 */
import type { MiddlewareFn } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { refusedMessage } from '../texts/access.ts';
import { CALLBACK } from '../texts/callbacks.ts';

export function accessControl(deps: { binding: ChatBinding; logger: Logger }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const userId = ctx.from?.id;
    const chat = ctx.chat;
    const role = await deps.binding.roleOf(userId);
    const allowedChat = chat !== undefined && (chat.type === 'private' || (await deps.binding.chats()).includes(chat.id));
    if (role !== undefined && allowedChat) return next();

    deps.logger.info({ userId, chatId: chat?.id, role, allowedChat, updateId: ctx.update.update_id }, 'update refused');
    if (ctx.callbackQuery) {
      await answerCallback(ctx, role !== undefined ? CALLBACK.notHere(ctx.tr) : CALLBACK.refused(ctx.tr));
      return;
    }
    const message = ctx.message;
    if (!message || !chat) return;
    const aimedAtBot =
      chat.type === 'private' ||
      // A command in a caption too: a stock file is sent with `/stock <productId>` as its caption.
      [...(message.entities ?? []), ...(message.caption_entities ?? [])].some(
        (entity) => entity.type === 'bot_command' && entity.offset === 0,
      ) ||
      message.reply_to_message?.from?.id === ctx.me.id;
    if (aimedAtBot) {
      await ctx.reply(refusedMessage(ctx.tr), { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } });
    }
  };
}
