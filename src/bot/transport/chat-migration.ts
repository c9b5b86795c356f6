/**
 * A group upgraded to a supergroup gets a new chat id, and Telegram refuses every later call to the old one with
 * 400 and `parameters.migrate_to_chat_id`. Handled where every call passes (a transformer), and on the service
 * messages that announce the upgrade: the binding switches to the new id at once and persists it, the seller is
 * told in the new chat, and a send that failed is sent again there.
 * Message ids belong to their chat, so a call naming one (an edit, a reaction) is not moved: its caller sees the
 * failure (order cards then post a fresh card, in the new chat). A reply target is dropped from a moved send.
 */
import type { MiddlewareFn, Transformer } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';

export interface ChatMigration {
  transformer: Transformer;
  /** Goes before access control: the service messages come from whoever upgraded the group. */
  middleware: MiddlewareFn<BotContext>;
}

export function createChatMigration(deps: {
  binding: ChatBinding;
  /** Tells the seller in the new chat; never throws. */
  announce: (move: { from: number; to: number }) => Promise<void>;
  logger: Logger;
  now: () => number;
}): ChatMigration {
  const switchChat = async (from: number, to: number) => {
    if (!(await deps.binding.migrate(from, to, deps.now()))) return;
    deps.logger.warn({ from, to }, 'the orders group became a supergroup: using its new chat id; set TELEGRAM_CHAT_ID to it');
    await deps.announce({ from, to });
  };

  const transformer: Transformer = async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    const to = result.ok ? undefined : result.parameters?.migrate_to_chat_id;
    const from = (payload as { chat_id?: unknown }).chat_id;
    if (to === undefined || typeof from !== 'number') return result;
    await switchChat(from, to);
    if ('message_id' in payload) return result;
    const { reply_parameters: _target, reply_to_message_id: _legacyTarget, ...rest } = payload as Record<string, unknown>;
    return prev(method, { ...rest, chat_id: to } as typeof payload, signal);
  };

  const middleware: MiddlewareFn<BotContext> = async (ctx, next) => {
    const message = ctx.message;
    if (message?.migrate_to_chat_id !== undefined) return switchChat(message.chat.id, message.migrate_to_chat_id);
    if (message?.migrate_from_chat_id !== undefined) return switchChat(message.migrate_from_chat_id, message.chat.id);
    return next();
  };

  return { transformer, middleware };
}
