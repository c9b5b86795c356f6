/**
 * The framework-free half of the bot's texts: the locale files (`locales/<language>/*.ftl`) loaded once, and a
 * message rendered in a language as plain text. The bot builds its Translator (HTML, ctx.tr) on the same options;
 * the shell commands (`npm run doctor`, `npm run stock`), which have no grammY context, use `plainTexts` directly.
 */
import { I18n, type I18nConfig } from '@grammyjs/i18n';
import { availableLanguages, DEFAULT_LANGUAGE, localesDirectory } from '../shared/locales.ts';

/** Numbers stay numbers, so Fluent picks the plural form (`добавлено 3 ключа`). */
export type TextParams = Readonly<Record<string, string | number>>;

export interface PlainTexts {
  readonly locale: string;
  text(key: string, params?: TextParams): string;
}

/** What every I18n of ours is built with: the bot's (with its middleware) and the shell commands' alike. */
export function localeTextOptions(): Pick<I18nConfig, 'defaultLocale' | 'directory' | 'fluentBundleOptions'> {
  return {
    // The fallback for a message missing in some file; test/bot/locales.test.ts keeps the files complete.
    defaultLocale: DEFAULT_LANGUAGE,
    directory: localesDirectory(),
    // Bidi isolation marks (U+2068/U+2069) around every parameter would reach Telegram (or a terminal) and break
    // copy-paste of ids.
    fluentBundleOptions: { useIsolating: false },
  };
}

/**
 * `raw` (BOT_LANGUAGE as written) if there is a folder for it, else English. For commands that do not validate the
 * whole configuration (npm run stock): a wrong language there is not worth refusing to work over.
 */
export function languageOrDefault(raw: string | undefined): string {
  const language = raw?.trim().toLowerCase() ?? '';
  return availableLanguages().includes(language) ? language : DEFAULT_LANGUAGE;
}

let loaded: I18n | undefined;

/** The texts in `language` (one of availableLanguages()); the files are read on first use, once per process. */
export function plainTexts(language: string = DEFAULT_LANGUAGE): PlainTexts {
  loaded ??= new I18n({ ...localeTextOptions(), useSession: false });
  const i18n = loaded;
  return { locale: language, text: (key, params = {}) => i18n.t(language, key, { ...params }) };
}
