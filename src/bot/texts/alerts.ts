/** Alerts about the store's health, posted by the app's wiring through `postNotice`, and the offline summary. */
import { text, type Html } from '../helpers/html.ts';
import { aboutStore } from './stores.ts';
import type { Translator } from './translator.ts';

/** `store`: the store's title with several stores, named above the alert; undefined with one. */
export const ALERTS = {
  apiKeyRefused: (tr: Translator, store?: string): Html => aboutStore(tr, store, tr.html('alerts-api-key-refused')),
  storeDown: (tr: Translator, minutes: number, store?: string): Html =>
    aboutStore(tr, store, tr.html('alerts-store-down', { minutes: Math.max(1, minutes) })),
  storeBack: (tr: Translator, store?: string): Html => aboutStore(tr, store, tr.html('alerts-store-back')),
  /** `inTopics`: the cards and messages follow in their orders' topics (a forum group), not below. */
  whileAway: (tr: Translator, summary: { orders: number; messages: number; since: number; inTopics?: boolean }): Html =>
    tr.html('alerts-while-away', {
      since: tr.format.moment(summary.since),
      orders: summary.orders,
      messages: summary.messages,
      where: summary.inTopics === true ? 'topics' : 'below',
    }),
  /** Scheduled backups failed (said once until one works again; `reason` is the backup's own sentence, escaped), or work again. */
  backup: (tr: Translator, alert: { kind: 'failed'; code: string; reason: string } | { kind: 'recovered' }): Html =>
    alert.kind === 'failed' ? tr.html('alerts-backup-failed', { code: alert.code, reason: alert.reason }) : tr.html('alerts-backup-back'),
  /** Above a notice that could not be posted when it was raised (Telegram refused the chat, or could not be reached). */
  heldSince: (tr: Translator, { since }: { since: number }): Html => tr.html('alerts-held-since', { since: tr.format.moment(since) }),
  /** Any other notice: the text is escaped. */
  plain: (_tr: Translator, raw: string): Html => text(raw),
};
