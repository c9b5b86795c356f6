/**
 * Context types. Outside conversations the context carries the conversations plugin's controls; inside a
 * conversation it is a plain grammY context (the plugin builds those from scratch on every replay).
 * Dependencies reach handlers through closures (each feature is a factory), not through context properties.
 */
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Context } from 'grammy';

export type BotContext = ConversationFlavor<Context>;
export type ConversationContext = Context;
