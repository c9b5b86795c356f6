/** Topics mode (TELEGRAM_TOPICS=auto in a forum group): topic names, the General topic's line, the missing right. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { link, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import { storeTitleOf } from './stores.ts';
import type { Translator } from './translator.ts';

/** Telegram's limit for a topic name. */
const TOPIC_NAME_LIMIT = 128;

/** A topic's name: status emoji, order id, product title, within Telegram's limit (plain text, not HTML). */
export const topicName = (
  tr: Translator,
  { status, orderId, productTitle }: { status: string; orderId: OrderId; productTitle: string | undefined },
): string =>
  truncate(
    tr.text('topics-topic-name', {
      status,
      orderId,
      product: [storeTitleOf(tr, orderId), productTitle]
        .filter((part): part is string => part !== undefined && part !== '')
        .map((title) => tr.text('topics-topic-name-product', { title }))
        .join(''),
    }),
    TOPIC_NAME_LIMIT,
  );

/** The General topic's line for a new order, linking to the order's topic. */
export const newOrderInTopic = (
  tr: Translator,
  { orderId, productTitle, url }: { orderId: OrderId; productTitle: string | undefined; url: string },
): Html =>
  tr.html('topics-new-order-in-topic', {
    orderId: idCode(orderId),
    product: productTitle ? tr.html('topics-topic-name-product', { title: truncate(productTitle, 200) }) : '',
    link: link(url, tr.text('topics-open-its-topic')),
  });

/** Under an admin's plain text in an order's topic while a Deliver step of that order waits: it may be the key. */
export const topicTextDuringDeliver = (tr: Translator) => tr.text('topics-topic-text-during-deliver');

/** Said once when Telegram refuses to create a topic: the right to give, and what happens meanwhile. */
export const topicsRightMissing = (tr: Translator): Html => tr.html('topics-topics-right-missing');
