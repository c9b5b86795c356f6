/** The bot's texts in one language and zone, as the bot builds them (locales/ through @grammyjs/i18n), for tests. */
import { createBotI18n } from '../../src/bot/i18n.ts';
import type { Translator } from '../../src/bot/texts/translator.ts';
import { createStoreDirectory } from '../../src/core/store-ref.ts';

const i18n = createBotI18n();

export const textsIn = (language: string, timeZone = 'UTC'): Translator =>
  timeZone === 'UTC' ? i18n.translator(language) : createBotI18n({ timeZone }).translator(language);

/** Texts of a bot serving several stores: `keys` ("Game keys") and `subs` ("Подписки <VIP>", markup to escape). */
export const severalStoresIn = (language: string): Translator =>
  createBotI18n({
    stores: createStoreDirectory([
      { name: 'keys', title: 'Game keys' },
      { name: 'subs', title: 'Подписки <VIP>' },
    ]),
  }).translator(language);

/** English in UTC: the bot's defaults, what the e2e tests see. */
export const en = textsIn('en');
export const ru = textsIn('ru');
