/**
 * /start and /help, open to everyone (a new seller needs their ids before they can configure anything).
 * In trial mode, /start in a private chat binds that chat and user if nothing is bound yet.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { helpText, startText } from '../texts.ts';

export function welcomeFeature(deps: { binding: ChatBinding; logger: Logger; now: () => number }) {
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx) => {
    const userId = ctx.from?.id;
    let boundNow = false;
    if (deps.binding.trial && ctx.chat.type === 'private' && userId !== undefined) {
      boundNow = await deps.binding.bindTrial(ctx.chat.id, userId, deps.now());
      if (boundNow) deps.logger.info({ chatId: ctx.chat.id, userId }, 'trial mode: chat bound by /start');
    }
    const facts = {
      chatId: ctx.chat.id,
      userId,
      configuredChatId: await deps.binding.chatId(),
      isAdmin: await deps.binding.isAdmin(userId),
      boundNow,
      trial: deps.binding.trial,
    };
    await ctx.reply(startText(facts).html, { parse_mode: 'HTML' });
  });

  composer.command('help', async (ctx) => {
    await ctx.reply(helpText().html, { parse_mode: 'HTML' });
  });

  return composer;
}
