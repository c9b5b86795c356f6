/**
 * Context types. Outside conversations the context carries the conversations plugin's controls; inside a
 * conversation it is a plain grammY context (the plugin builds those from scratch on every replay), with the i18n
 * plugin installed again there (index.ts). Both carry `ctx.tr`: the texts in the language of whoever sent the update.
 * Dependencies reach handlers through closures (each feature is a factory), not through context properties.
 */
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nContext } from './i18n.ts';

export type BotContext = ConversationFlavor<I18nContext>;
export type ConversationContext = I18nContext;
