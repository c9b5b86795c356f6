/**
 * How the bot talks to Telegram, put together: pacing and bounded retries (api-transformers.ts), every button
 * answered within its deadline, whether the chat takes messages (chat-reachability.ts), a group upgraded to a
 * supergroup followed to its new id (chat-migration.ts), and long polling with the updates in flight tracked.
 */
import type { Bot, Middleware, Transformer } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext, ConversationContext } from '../context.ts';
import { createCallbackAnswerDeadline, type CallbackAnswerDeadline } from '../middlewares/callback-answer-deadline.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { createApiTransformers, DEFAULT_PACING, DEFAULT_RETRY, type TelegramPacing, type TelegramRetry } from './api-transformers.ts';
import { createChatMigration, type ChatMigration } from './chat-migration.ts';
import { createChatReachability, type ChatReachability } from './chat-reachability.ts';
import { createPolling, type Polling } from './polling.ts';

export interface TransportOptions {
  pacing?: Partial<TelegramPacing> | undefined;
  retry?: Partial<TelegramRetry> | undefined;
  pollingTimeoutSeconds: number;
  stopGraceMs?: number | undefined;
  callbackAnswerDeadlineMs?: number | undefined;
  onPollingStopped?: ((reason: string) => void) | undefined;
}

export interface Transport {
  answerDeadline: CallbackAnswerDeadline;
  chatMigration: ChatMigration;
  reachability: ChatReachability;
  polling: Polling;
  /** Conversations build their own Api objects: the same transformers go on them, or a 429 there would just fail. */
  onConversations: Middleware<ConversationContext>;
}

export function createTransport(deps: {
  bot: Bot<BotContext>;
  binding: ChatBinding;
  options: TransportOptions;
  /** Tells the seller in the new chat that the group moved; never throws. */
  announceMove: (move: { from: number; to: number }) => Promise<void>;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}): Transport {
  const { bot, options, logger, now } = deps;
  const answerDeadline = createCallbackAnswerDeadline({
    deadlineMs: options.callbackAnswerDeadlineMs ?? 1000,
    logger,
    secrets: deps.secrets,
  });
  const chatMigration = createChatMigration({ binding: deps.binding, announce: deps.announceMove, logger, now });
  const reachability = createChatReachability(now);
  const transformers: Transformer[] = [
    ...createApiTransformers({ ...DEFAULT_PACING, ...options.pacing }, { ...DEFAULT_RETRY, ...options.retry }),
    answerDeadline.transformer,
    // It sees each call's final answer, after auto-retry.
    reachability.transformer,
    // Outermost: a send moved to the new chat id goes through pacing, retries and reachability again.
    chatMigration.transformer,
  ];
  bot.api.config.use(...transformers);

  const polling = createPolling({
    bot,
    // Edited messages: an edited reply is answered (features/edited-replies.ts), never forwarded silently.
    allowedUpdates: ['message', 'edited_message', 'callback_query'],
    timeoutSeconds: options.pollingTimeoutSeconds,
    stopGraceMs: options.stopGraceMs ?? 10_000,
    onStopped: options.onPollingStopped,
    logger,
    secrets: deps.secrets,
  });

  return {
    answerDeadline,
    chatMigration,
    reachability,
    polling,
    onConversations: async (ctx, next) => {
      ctx.api.config.use(...transformers);
      await next();
    },
  };
}
