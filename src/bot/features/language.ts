/**
 * /language: a user picks the language of the bot's answers to them (buttons, one per language there is a folder
 * for). Kept per user (src/db's user_languages, migration 9); what the shared chat sees (cards, alerts) stays in
 * BOT_LANGUAGE, since everyone there reads it.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import { decodeLanguage, encodeLanguage } from '../callback-data/language.ts';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { text } from '../helpers/html.ts';
import type { BotI18n } from '../i18n.ts';
import { languageAsk, languageChosen, languageName } from '../texts/commands.ts';

export function languageFeature(deps: { i18n: BotI18n; logger: Logger; now: () => number }) {
  const composer = new Composer<BotContext>();
  const { i18n } = deps;

  composer.command('language', async (ctx) => {
    const keyboard = new InlineKeyboard();
    // Each language's name in its own words, so a user who cannot read the current one still finds theirs.
    for (const language of i18n.languages) keyboard.text(languageName(i18n.translator(language)), encodeLanguage(language));
    await ctx.reply(languageAsk(ctx.tr).html, { parse_mode: 'HTML', reply_markup: keyboard });
  });

  composer.on('callback_query:data', async (ctx, next) => {
    const language = decodeLanguage(ctx.callbackQuery.data, i18n.languages);
    if (language === undefined) return next();
    i18n.languageStore.setLanguage(ctx.from.id, language, deps.now());
    deps.logger.info({ userId: ctx.from.id, language }, 'user language set');
    // Said in the new language at once: this update was negotiated before the choice.
    const tr = i18n.translator(language);
    await answerCallback(ctx, languageChosen(tr));
    await settleButtonMessage(ctx, text(languageChosen(tr)));
  });

  return composer;
}
