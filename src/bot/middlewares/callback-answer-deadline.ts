/**
 * Every callback query is answered within a deadline, whatever its handler waits for. Updates of one chat and
 * user are handled in order (index.ts), so a tap can wait behind an earlier update whose reply sits in the pacing
 * queue for up to a minute; past the deadline the query is answered without text, so the button stops spinning.
 * Telegram takes one answer per query: the handler's own answer, when it comes, is then dropped as done.
 *
 * The transformer must be on every Api that answers queries — bot.api (every update's ctx.api copies it) and the
 * conversations' own Api objects — so that an answer given anywhere counts.
 */
import type { MiddlewareFn, Transformer } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import { describeError } from '../errors.ts';

export interface CallbackAnswerDeadline {
  /** Goes before anything that can make an update wait. */
  middleware: MiddlewareFn<BotContext>;
  transformer: Transformer;
}

export function createCallbackAnswerDeadline(deps: {
  deadlineMs: number;
  logger: Logger;
  secrets: readonly string[];
}): CallbackAnswerDeadline {
  /** Queries being handled, and whether they were answered yet. */
  const answered = new Map<string, boolean>();

  const transformer: Transformer = async (prev, method, payload, signal) => {
    if (method !== 'answerCallbackQuery') return prev(method, payload, signal);
    const id = (payload as { callback_query_id: string }).callback_query_id;
    const tracked = answered.has(id);
    if (answered.get(id) === true) return { ok: true, result: true } as Awaited<ReturnType<typeof prev>>;
    if (tracked) answered.set(id, true);
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok && answered.has(id)) answered.set(id, false);
      return result;
    } catch (error) {
      if (answered.has(id)) answered.set(id, false);
      throw error;
    }
  };

  const middleware: MiddlewareFn<BotContext> = async (ctx, next) => {
    const id = ctx.callbackQuery?.id;
    if (id === undefined) return next();
    answered.set(id, false);
    const timer = setTimeout(() => {
      if (answered.get(id) !== false) return;
      ctx.api.answerCallbackQuery(id).catch((error: unknown) => {
        deps.logger.debug({ err: describeError(error, deps.secrets) }, 'late callback query not answered');
      });
    }, deps.deadlineMs);
    try {
      await next();
    } finally {
      clearTimeout(timer);
      answered.delete(id);
    }
  };

  return { middleware, transformer };
}
