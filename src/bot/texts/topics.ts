/** Topics mode (TELEGRAM_TOPICS=auto in a forum group): topic names, the General topic's line, the missing right. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { bold, join, link, lines, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';

/** Telegram's limit for a topic name. */
const TOPIC_NAME_LIMIT = 128;

const STATUS_EMOJI: Record<string, string> = {
  paid: '🟢',
  processing: '🛠',
  awaiting_confirmation: '📦',
  cancelled: '✖️',
  completed: '✅',
};

/** A topic's name: status emoji, order id, product title, within Telegram's limit (plain text, not HTML). */
export const topicName = ({
  status,
  orderId,
  productTitle,
}: {
  status: string;
  orderId: OrderId;
  productTitle: string | undefined;
}): string => truncate(`${STATUS_EMOJI[status] ?? '❔'} ${orderId}${productTitle ? ` · ${productTitle}` : ''}`, TOPIC_NAME_LIMIT);

/** The General topic's line for a new order, linking to the order's topic. */
export const newOrderInTopic = ({
  orderId,
  productTitle,
  url,
}: {
  orderId: OrderId;
  productTitle: string | undefined;
  url: string;
}): Html =>
  join(['🛒 New order ', idCode(orderId), productTitle ? ` · ${truncate(productTitle, 200)}` : '', ' → ', link(url, 'open its topic')]);

/** Under an admin's plain text in an order's topic while a Deliver step of that order waits: it may be the key. */
export const topicTextDuringDeliver =
  'Not sent to the buyer: a Deliver step of this order is waiting, and this text may be the issued value. Reply to the Deliver prompt to use it as the value, or finish the step first.';

/** Said once when Telegram refuses to create a topic: the right to give, and what happens meanwhile. */
export const topicsRightMissing: Html = lines([
  join(['⚠️ ', bold('The bot cannot create topics in this forum group.')]),
  join([
    'Give it the admin right ',
    bold('Manage topics'),
    ' (group settings → Administrators → the bot). Until then orders are posted in the General topic, as cards, and nothing is lost.',
  ]),
]);
