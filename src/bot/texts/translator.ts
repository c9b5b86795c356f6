/**
 * `Translator` (`tr`): how the modules of `texts/` turn a message of `locales/<language>.ftl` into what Telegram is
 * sent, in one language and time zone. Handlers get theirs from the context (`ctx.tr`, the user's language); the
 * sink, cards and notices get the chat's (`BOT_LANGUAGE`) from the bot's wiring (i18n.ts).
 *
 * Escaping stays outside Fluent: in `html`, every string parameter is escaped before Fluent sees it, and `Html`
 * parameters (already escaped pieces such as `idCode(orderId)`) go in as they are. Fluent itself never escapes or
 * unescapes, and its bidi isolation marks are off (i18n.ts), so what the .ftl file says is what Telegram gets.
 */
import { escapeHtml, type Html } from '../helpers/html.ts';
import { createStoreDirectory, type StoreDirectory } from '../../core/store-ref.ts';
import { createFormat, type Format } from './format.ts';

/** One store: texts name none. */
const ONE_STORE = createStoreDirectory([]);

/** Numbers stay numbers, so Fluent picks the plural form (`1 заказ`, `2 заказа`, `5 заказов`). */
export type PlainParams = Readonly<Record<string, string | number>>;
export type HtmlParams = Readonly<Record<string, string | number | Html>>;

export interface Translator {
  readonly locale: string;
  readonly format: Format;
  /** The stores the bot serves: with several, a text names the store of the order it speaks of. */
  readonly stores: StoreDirectory;
  /** Plain text (buttons, callback answers, topic names, command descriptions): nothing is escaped. */
  text(key: string, params?: PlainParams): string;
  /** Telegram HTML: the message's own markup as written in the .ftl file, string parameters escaped. */
  html(key: string, params?: HtmlParams): Html;
}

/** `translate` is the plugin's `i18n.t` bound to the language; Fluent throws on a parameter the message lacks. */
export function createTranslator(
  translate: (key: string, params: Record<string, string | number>) => string,
  locale: string,
  timeZone: string,
  stores: StoreDirectory = ONE_STORE,
): Translator {
  return {
    locale,
    format: createFormat(locale, timeZone),
    stores,
    text: (key, params = {}) => translate(key, { ...params }),
    html(key, params = {}) {
      const filled: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(params))
        filled[name] = typeof value === 'string' ? escapeHtml(value) : typeof value === 'number' ? value : value.html;
      const html = translate(key, filled);
      return { html, length: textLength(html) };
    },
  };
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"' };

/** What Telegram counts of an HTML message: its text without tags, entities as one character each. */
function textLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|quot);/g, (entity) => ENTITIES[entity] ?? entity).length;
}
