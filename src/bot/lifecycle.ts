/**
 * The bot's start and stop. Start: the chat id a group upgrade left behind, the command lists (best effort, each on
 * its own: the bot works without them), the topics check, polling, then the services in order. Stop: the services in
 * the same order (the timers first, so nothing new is queued while the queue finishes its step), then polling, which
 * waits for the updates in flight.
 */
import type { Bot } from 'grammy';
import type { Logger } from 'pino';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import type { BotContext } from './context.ts';
import { describeError } from './errors.ts';
import type { BotI18n } from './i18n.ts';
import type { ChatBinding } from './storage/chat-binding.ts';
import { commandList } from './texts/commands.ts';
import type { OrderTopics } from './topics/order-topics.ts';
import type { Polling } from './transport/polling.ts';

/** Something that runs beside polling: a timer, the queue's drainer. */
export interface BotService {
  start(): unknown;
  stop(budget?: ShutdownBudget): unknown;
}

export function createLifecycle(deps: {
  bot: Bot<BotContext>;
  i18n: BotI18n;
  binding: ChatBinding;
  topics: OrderTopics;
  polling: Polling;
  services: readonly BotService[];
  logger: Logger;
  secrets: readonly string[];
}) {
  const { bot, i18n, logger } = deps;
  let started = false;

  /** Once without a language (what Telegram shows a user whose app language has no list: the chat's), then per language. */
  const registerCommands = async () => {
    const sets = [
      { tr: i18n.chat, languageCode: undefined },
      ...i18n.languages.map((language) => ({ tr: i18n.translator(language), languageCode: language })),
    ];
    for (const { tr, languageCode } of sets) {
      try {
        await bot.api.setMyCommands(
          commandList(tr),
          languageCode === undefined ? {} : ({ language_code: languageCode } as Parameters<typeof bot.api.setMyCommands>[1]),
        );
      } catch (error) {
        logger.warn({ err: describeError(error, deps.secrets), languageCode }, 'commands not registered (the bot works without them)');
      }
    }
  };

  return {
    async start() {
      if (started) return;
      const move = await deps.binding.move();
      if (move) logger.warn(move, 'TELEGRAM_CHAT_ID names a group that became a supergroup: using its new id; set TELEGRAM_CHAT_ID to it');
      await registerCommands();
      for (const chatId of await deps.binding.chats()) await deps.topics.check(chatId);
      await deps.polling.start();
      started = true;
      for (const service of deps.services) await service.start();
    },
    async stop(budget?: ShutdownBudget) {
      if (!started) return;
      started = false;
      for (const service of deps.services) await service.stop(budget);
      await deps.polling.stop(budget);
    },
  };
}
