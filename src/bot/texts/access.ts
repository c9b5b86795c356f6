/** What the bot says to those it does not act for, and in a private chat to what nothing else handled (plain text). */
import type { Translator } from './translator.ts';

export const refusedMessage = (tr: Translator) => tr.text('access-refused-message');

export const privateHint = (tr: Translator) => tr.text('access-private-hint');
