/**
 * The guard of admin-only features (stock, template changes, autocancel, settings); who is what is in roles.ts.
 * Access control lets in whoever may use the bridge at all, staff included; this refuses staff here, politely and
 * before any handler runs, so a refused step makes no store request.
 */
import type { MiddlewareFn } from 'grammy';
import type { Logger } from 'pino';
import type { RecordStep } from '../audit/recording.ts';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { staffRefused } from '../texts/staff.ts';

export function adminOnly(deps: {
  binding: ChatBinding;
  logger: Logger;
  /** Where a refusal is recorded, with who tried; absent: only logged. */
  recordStep?: RecordStep | undefined;
  /** The step refused, as the audit names it (`template-delete`); it may read the update (a button's verb). */
  step?: (ctx: BotContext) => string | Promise<string>;
}): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if ((await deps.binding.roleOf(ctx.from?.id)) === 'admin') return next();
    deps.logger.info({ userId: ctx.from?.id, chatId: ctx.chat?.id, updateId: ctx.update.update_id }, 'admin-only update refused');
    if (deps.recordStep && deps.step) deps.recordStep(ctx, await deps.step(ctx), 'refused');
    if (ctx.callbackQuery) return answerCallback(ctx, staffRefused(ctx.tr));
    const message = ctx.message;
    if (message) {
      await ctx.reply(staffRefused(ctx.tr), { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } });
    }
  };
}
