/**
 * The one place that says who may use an admin-only feature (stock now; settings and templates later). Access control
 * lets in whoever may use the bridge at all; once staff exist they get through it too, and this refuses them here,
 * politely and before any handler runs.
 */
import type { MiddlewareFn } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { refusedMessage } from '../texts/access.ts';
import { CALLBACK } from '../texts/callbacks.ts';

export function adminOnly(deps: { binding: ChatBinding; logger: Logger }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (await deps.binding.isAdmin(ctx.from?.id)) return next();
    deps.logger.info({ userId: ctx.from?.id, chatId: ctx.chat?.id, updateId: ctx.update.update_id }, 'admin-only update refused');
    if (ctx.callbackQuery) return answerCallback(ctx, CALLBACK.refused(ctx.tr));
    const message = ctx.message;
    if (message) {
      await ctx.reply(refusedMessage(ctx.tr), { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } });
    }
  };
}
