/** Alerts about the store's health, posted by the app's wiring through `postNotice`, and the offline summary. */
import { bold, italic, join, text, type Html } from '../helpers/html.ts';
import { count, formatMoment } from './format.ts';

export const ALERTS = {
  apiKeyRefused: (): Html =>
    join([
      '🔑 ',
      bold('The store refused the API key.'),
      ' Create a new key in the store settings and restart the bridge. Actions stay queued.',
    ]),
  storeDown: (minutes: number): Html =>
    join([
      '📡 ',
      bold(`The store has not answered for ${count(Math.max(1, minutes), 'minute')}.`),
      ' Orders and messages will arrive once it is back.',
    ]),
  storeBack: (): Html => join(['✅ ', bold('The store is back.'), ' Sync has resumed.']),
  whileAway: (summary: { orders: number; messages: number; since: number }): Html =>
    join([
      '👋 ',
      bold(`While you were away (since ${formatMoment(summary.since)}): `),
      `${count(summary.orders, 'new order')}, ${count(summary.messages, 'buyer message')}. They follow below.`,
    ]),
  /** Above a notice that could not be posted when it was raised (Telegram refused the chat, or could not be reached). */
  heldSince: ({ since }: { since: number }): Html => italic(`⏳ Held since ${formatMoment(since)}: Telegram did not take it then.`),
  /** Any other notice: the text is escaped. */
  plain: (raw: string): Html => text(raw),
};
