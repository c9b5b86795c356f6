/** What the bot says when the orders group became a supergroup and its chat id changed. */
import type { Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

// Ids go in as text: Fluent would group the digits of a number.
export const chatMoved = (tr: Translator, { from, to }: { from: number; to: number }): Html =>
  tr.html('chat-migration-chat-moved', { from: String(from), to: String(to) });
