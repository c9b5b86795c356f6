/**
 * What the reminder pass says at once becomes ONE notice (a new message, so phones notify): a reply to the card or
 * buyer message when one thing is due, else a list that fits Telegram's limit with a Take button per takeable order.
 */
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import { aboutStore, storeTag, storeTitleOf } from '../texts/stores.ts';
import type { Notice } from '../sink/notices.ts';
import { groupedFooter, groupedHeader, groupedMore } from '../texts/reminders.ts';
import type { Translator } from '../texts/translator.ts';

/** One thing due, as an automation module words it. */
export interface DueItem {
  orderId: OrderId;
  /** It gets a Take button (the order waits to be taken). */
  takeable: boolean;
  /** Said alone, replying to what it is about. */
  single(tr: Translator, now: number): { html: Html; replyTo: TelegramRef | undefined };
  /** One line of a list; `url` links its order's message where the chat has links. */
  line(tr: Translator, now: number, url: string | undefined): Html;
  /** The message the line links to. */
  linkTo: TelegramRef | undefined;
}

/** Lines of one grouped message (the rest are counted): it stays readable and fits. */
const MAX_GROUPED_LINES = 30;
/** The lines of a grouped message stop here, leaving room for its header and footer within Telegram's limit. */
const GROUPED_TEXT_BUDGET = TELEGRAM_TEXT_LIMIT - 400;

/** Supergroup ids are -100<internal id>; their messages have t.me/c links (members only). */
const messageLink = (ref: TelegramRef | undefined): string | undefined => {
  const id = String(ref?.chatId ?? '');
  return ref !== undefined && id.startsWith('-100') ? `https://t.me/c/${id.slice(4)}/${ref.messageId}` : undefined;
};

function grouped(tr: Translator, all: readonly DueItem[], now: number): Html {
  const items: Html[] = [];
  let length = 0;
  for (const due of all.slice(0, MAX_GROUPED_LINES)) {
    const tag = storeTag(tr, due.orderId);
    const line = due.line(tr, now, messageLink(due.linkTo));
    const tagged = tag === undefined ? line : join([line, tag], '');
    if (length + tagged.length > GROUPED_TEXT_BUDGET) break;
    items.push(tagged);
    length += tagged.length + 1;
  }
  const more = all.length - items.length;
  return lines([
    groupedHeader(tr, { items: all.length }),
    ...items,
    ...(more > 0 ? [groupedMore(tr, { more })] : []),
    groupedFooter(tr, { withButtons: all.some((due) => due.takeable) }),
  ]);
}

export function dueNotice(tr: Translator, all: readonly DueItem[], now: number): Notice {
  const take = all.filter((due) => due.takeable).map((due) => due.orderId);
  const only = all.length === 1 ? all[0] : undefined;
  if (only === undefined) return { html: grouped(tr, all, now), take: { orderIds: take, named: true } };
  const { html, replyTo } = only.single(tr, now);
  // A reply to a one-order reminder reaches that order's buyer, like a reply to its card.
  return {
    html: aboutStore(tr, storeTitleOf(tr, only.orderId), html),
    replyTo,
    take: { orderIds: take, named: false },
    orderId: only.orderId,
  };
}
