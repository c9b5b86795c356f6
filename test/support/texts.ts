/** The bot's texts in one language and zone, as the bot builds them (locales/ through @grammyjs/i18n), for tests. */
import { createBotI18n } from '../../src/bot/i18n.ts';
import type { Translator } from '../../src/bot/texts/translator.ts';

const i18n = createBotI18n();

export const textsIn = (language: string, timeZone = 'UTC'): Translator =>
  timeZone === 'UTC' ? i18n.translator(language) : createBotI18n({ timeZone }).translator(language);

/** English in UTC: the bot's defaults, what the e2e tests see. */
export const en = textsIn('en');
export const ru = textsIn('ru');
