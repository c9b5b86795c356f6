/**
 * Notices: what the bot says in the chat on its own (store alerts, stock alerts, reminders, auto-cancel news, the
 * daily and offline summaries). Each is one item of the Telegram queue, like a card or a buyer message: kept across
 * restarts and crashes, held while the chat refuses the bot, and sent at Telegram's pace in the live tier. Only the
 * answers to a seller's own tap or reply go directly (sink/action-outcomes.ts): the seller is waiting for them.
 */
import { z } from 'zod';
import { storeOfId } from '../../core/store-ref.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { text, type Html } from '../helpers/html.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';

export interface Notice {
  html: Html;
  /** Replied to when the chat can take the reply there (a reminder under its card); else sent plainly. */
  replyTo?: TelegramRef | undefined;
  /** Take buttons, one per order; `named`: each button says its order (a list of several). */
  take?: { orderIds: readonly OrderId[]; named: boolean } | undefined;
  /** The order a reply to this notice reaches, like a reply to its card. */
  orderId?: OrderId | undefined;
  /**
   * A chat message of `orderId`: the notice replies to the Telegram message it went out in, looked up when the notice
   * is sent (it went out before: the queue sends an order's items in order); `replyTo` when it is not known.
   */
  answers?: string | undefined;
  /** An alert about the bridge itself: when it goes out late, it says since when it waited. */
  alert?: boolean;
  /** The store it speaks of: it goes to that store's own chat when it has one (else to the shared chat). */
  store?: string | undefined;
  /** At most one notice per key, ever (a day's summary). */
  key?: string | undefined;
  /**
   * A sales chart instead of the text: the `days` local days up to `at`, drawn when it goes out (bot/stats/
   * sales-chart.ts) with the period's totals as its caption; nothing is sent when there is nothing to draw.
   */
  chart?: { at: number; days: number } | undefined;
}

/** The store whose chat a notice goes to: the one it names, else its order's. */
export const noticeStore = (notice: Notice): string | undefined => notice.store ?? (notice.orderId && storeOfId(notice.orderId));

/** Queues a notice; resolves once it is on disk. Never throws: a notice that cannot be kept is logged. */
export type QueueNotice = (notice: Notice) => Promise<void>;

/** Posts an alert (`string`: raw text, escaped here) through the queue; about `store`, into its chat. */
export type PostNotice = (notice: Html | string, store?: string) => Promise<void>;

export const alertNotice = (notice: Html | string): Notice => ({ html: typeof notice === 'string' ? text(notice) : notice, alert: true });

const HeldNoticesSchema = z.array(z.object({ html: z.string(), length: z.number(), raisedAt: z.number() }));

/**
 * Notices a version before the queue held in the key-value store: queued once, oldest first, with when they were
 * raised, then forgotten. Nothing an upgrade finds waiting is lost.
 */
export async function adoptHeldNotices(kv: BotKeyValueStore, queue: (notice: Notice, raisedAt: number) => Promise<void>): Promise<void> {
  const held = kvSlot(kv, 'held-notices', HeldNoticesSchema);
  const waiting = (await held.read()) ?? [];
  for (const notice of waiting) await queue({ html: { html: notice.html, length: notice.length }, alert: true }, notice.raisedAt);
  if (waiting.length > 0) await held.remove();
}
