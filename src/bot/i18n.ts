/**
 * The bot's languages, the standard grammY way: `@grammyjs/i18n` (Fluent) over `locales/<language>/*.ftl`.
 * - The chat's language (`BOT_LANGUAGE`) is what everyone in the orders chat sees: cards, buttons on cards,
 *   relayed messages, alerts, the catch-up summary. The sink and the notices get it as `chat`.
 * - A user may pick a language for the bot's answers to them (/language, kept by a `UserLanguageStore`); the
 *   plugin's `localeNegotiator` finds it, and `ctx.tr` (and the plugin's own `ctx.t`) speak it.
 * No session: the choice lives in SQLite (migration 9), read per update.
 */
import { I18n, type I18nFlavor } from '@grammyjs/i18n';
import { Composer, type Context, type MiddlewareFn } from 'grammy';
import { localeTextOptions } from '../i18n/plain-texts.ts';
import { DEFAULT_LANGUAGE } from '../shared/locales.ts';
import type { StoreDirectory } from '../core/store-ref.ts';
import { createTranslator, type Translator } from './texts/translator.ts';

/** The language each user picked with /language (src/db's user-languages queries). */
export interface UserLanguageStore {
  languageOf(userId: number): string | undefined;
  setLanguage(userId: number, language: string, at: number): void;
}

export interface TranslatorFlavor {
  /** The texts in the language of whoever sent this update. */
  tr: Translator;
}
export type I18nContext = Context & I18nFlavor & TranslatorFlavor;

export interface BotI18n {
  /** Every language there is a file for, `en` first. */
  languages: readonly string[];
  /** The chat's language: cards, alerts, everything the shared chat sees. */
  chat: Translator;
  translator(language: string): Translator;
  /** For the bot and, again, for each conversation (they build fresh contexts). */
  middleware: MiddlewareFn<I18nContext>;
  languageStore: UserLanguageStore;
}

export interface BotI18nOptions {
  /** BOT_LANGUAGE; English by default. */
  chatLanguage?: string;
  /** BOT_TIMEZONE; UTC by default. */
  timeZone?: string;
  /** Without one (tests), choices are kept in memory. */
  languages?: UserLanguageStore;
  /** Several stores: the texts name each order's store. */
  stores?: StoreDirectory;
}

export function createBotI18n(options: BotI18nOptions = {}): BotI18n {
  const chatLanguage = options.chatLanguage ?? DEFAULT_LANGUAGE;
  const timeZone = options.timeZone ?? 'UTC';
  const store = options.languages ?? memoryLanguageStore();
  const i18n = new I18n<Context>({
    // The locale files, the English fallback and no bidi marks: the same as the shell commands' (i18n/plain-texts.ts).
    ...localeTextOptions(),
    useSession: false,
    // A user's own choice, else the chat's; the Telegram app's language is not used: the chat's setting decides.
    localeNegotiator: (ctx) => (ctx.from === undefined ? undefined : store.languageOf(ctx.from.id)) ?? chatLanguage,
  });
  const translators = new Map<string, Translator>();
  const translator = (language: string): Translator => {
    let found = translators.get(language);
    if (!found) {
      found = createTranslator((key, params) => i18n.t(language, key, params), language, timeZone, options.stores);
      translators.set(language, found);
    }
    return found;
  };
  const composer = new Composer<I18nContext>();
  composer.use(i18n.middleware());
  composer.use(async (ctx, next) => {
    ctx.tr = translator(await ctx.i18n.getLocale());
    await next();
  });
  return {
    languages: [...i18n.locales].sort((a, b) => (a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b))),
    chat: translator(chatLanguage),
    translator,
    middleware: composer.middleware(),
    languageStore: store,
  };
}

function memoryLanguageStore(): UserLanguageStore {
  const chosen = new Map<number, string>();
  return { languageOf: (userId) => chosen.get(userId), setLanguage: (userId, language) => void chosen.set(userId, language) };
}
