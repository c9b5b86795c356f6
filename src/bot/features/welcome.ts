/**
 * /start and /help, open to everyone (a new seller needs their ids before they can configure anything).
 * In trial mode, /start in a private chat binds that chat and user if nothing is bound yet.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import { join, lines, type Html } from '../helpers/html.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import {
  helpText,
  startChatConfigured,
  startChatOther,
  startChatUnset,
  startHowTo,
  startIntro,
  startTrialBound,
  startTrialUnbound,
  startUserAdmin,
  startUserNotAdmin,
  startUserUnknown,
} from '../texts/commands.ts';
import { startUserStaff } from '../texts/staff.ts';
import type { Translator } from '../texts/translator.ts';

interface StartFacts {
  chatId: number;
  userId: number | undefined;
  configuredChatId: number | undefined;
  isAdmin: boolean;
  /** In TELEGRAM_STAFF_IDS and not an admin. */
  isStaff: boolean;
  /** Trial mode just bound this chat. */
  boundNow: boolean;
  trial: boolean;
}

/** /start's answer: what the bridge does, then whether this chat and this user are set up to use it. */
function startAnswer(tr: Translator, facts: StartFacts): Html {
  const { chatId, userId } = facts;
  const chatLine =
    facts.configuredChatId === chatId
      ? startChatConfigured(tr, { chatId })
      : facts.configuredChatId === undefined
        ? startChatUnset(tr, { chatId })
        : startChatOther(tr, { chatId });
  const userLine =
    userId === undefined
      ? startUserUnknown(tr)
      : facts.isAdmin
        ? startUserAdmin(tr, { userId })
        : facts.isStaff
          ? startUserStaff(tr, { userId })
          : startUserNotAdmin(tr, { userId });
  const parts: Html[] = [startIntro(tr), startHowTo(tr)];
  if (facts.boundNow) parts.push(startTrialBound(tr));
  else if (facts.trial && facts.configuredChatId === undefined) parts.push(startTrialUnbound(tr));
  parts.push(lines([chatLine, userLine]));
  return join(parts, '\n\n');
}

export function welcomeFeature(deps: {
  binding: ChatBinding;
  /** Whether the orders chat gives each order a topic: /help then says so. */
  ordersInTopics: () => Promise<boolean>;
  logger: Logger;
  now: () => number;
}) {
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx) => {
    const userId = ctx.from?.id;
    let boundNow = false;
    if (deps.binding.trial && ctx.chat.type === 'private' && userId !== undefined) {
      boundNow = await deps.binding.bindTrial(ctx.chat.id, userId, deps.now());
      if (boundNow) deps.logger.info({ chatId: ctx.chat.id, userId }, 'trial mode: chat bound by /start');
    }
    const role = await deps.binding.roleOf(userId);
    const facts = {
      chatId: ctx.chat.id,
      userId,
      configuredChatId: await deps.binding.chatId(),
      isAdmin: role === 'admin',
      isStaff: role === 'staff',
      boundNow,
      trial: deps.binding.trial,
    };
    await ctx.reply(startAnswer(ctx.tr, facts).html, { parse_mode: 'HTML' });
  });

  composer.command('help', async (ctx) => {
    await ctx.reply(helpText(ctx.tr, { forum: await deps.ordersInTopics() }).html, { parse_mode: 'HTML' });
  });

  return composer;
}
