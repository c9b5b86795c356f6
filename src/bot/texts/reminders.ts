/** Reminders (untaken orders, unanswered buyers, the auto-cancel warning), auto-cancel notices and `/autocancel`. */
import type { OrderId, ProductId } from '../../seller-api/schemas.ts';
import { lines, link, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import type { Translator } from './translator.ts';

/** Whole minutes waited, at least 1: "0 min" would read as a mistake. */
const minutes = (tr: Translator, ms: number): string => tr.format.number(Math.max(1, Math.round(ms / 60_000)));

/** Time left until something happens, true to the second under a minute ("in 1 min" with 10 s left is not). */
const timeLeft = (tr: Translator, ms: number): string =>
  ms < 59_500
    ? tr.text('reminders-in-seconds', { seconds: tr.format.number(Math.max(1, Math.ceil(ms / 1000))) })
    : tr.text('reminders-in-minutes', { minutes: minutes(tr, ms) });

const product = (tr: Translator, title: string | undefined): Html | string =>
  title ? tr.html('reminders-product', { title: truncate(title, 60) }) : '';

/** How an item of a grouped reminder points at its order: a link to its card where the chat has links. */
const orderRef = (orderId: OrderId, url: string | undefined): Html => (url === undefined ? idCode(orderId) : link(url, idCode(orderId)));

interface OrderParams {
  orderId: OrderId;
  productTitle: string | undefined;
}

// ---- one reminder, replying to what it is about ----

export const untakenReminder = (
  tr: Translator,
  { orderId, productTitle, waitedMs, nth, of }: OrderParams & { waitedMs: number; nth: number; of: number },
): Html =>
  tr.html('reminders-untaken-reminder', {
    orderId: idCode(orderId),
    product: product(tr, productTitle),
    minutes: minutes(tr, waitedMs),
    nth,
    of,
  });

export const unansweredReminder = (tr: Translator, { orderId, productTitle, waitedMs }: OrderParams & { waitedMs: number }): Html =>
  tr.html('reminders-unanswered-reminder', {
    orderId: idCode(orderId),
    product: product(tr, productTitle),
    minutes: minutes(tr, waitedMs),
  });

export const autoCancelWarning = (tr: Translator, { orderId, productTitle, inMs }: OrderParams & { inMs: number }): Html =>
  tr.html('reminders-auto-cancel-warning', { orderId: idCode(orderId), product: product(tr, productTitle), in: timeLeft(tr, inMs) });

// ---- several due at once: one message ----

type GroupedParams = OrderParams & { url: string | undefined };

export const groupedHeader = (tr: Translator, { items }: { items: number }): Html => tr.html('reminders-grouped-header', { items });
export const groupedUntaken = (tr: Translator, { orderId, productTitle, waitedMs, url }: GroupedParams & { waitedMs: number }): Html =>
  tr.html('reminders-grouped-untaken', {
    order: orderRef(orderId, url),
    product: product(tr, productTitle),
    minutes: minutes(tr, waitedMs),
  });
export const groupedUnanswered = (tr: Translator, { orderId, productTitle, waitedMs, url }: GroupedParams & { waitedMs: number }): Html =>
  tr.html('reminders-grouped-unanswered', {
    order: orderRef(orderId, url),
    product: product(tr, productTitle),
    minutes: minutes(tr, waitedMs),
    orderId,
  });
export const groupedAutoCancel = (tr: Translator, { orderId, productTitle, inMs, url }: GroupedParams & { inMs: number }): Html =>
  tr.html('reminders-grouped-auto-cancel', {
    order: orderRef(orderId, url),
    product: product(tr, productTitle),
    in: timeLeft(tr, inMs),
  });
export const groupedMore = (tr: Translator, { more }: { more: number }): Html => tr.html('reminders-grouped-more', { more });
export const groupedFooter = (tr: Translator, { withButtons }: { withButtons: boolean }): Html =>
  tr.html('reminders-grouped-footer', { withButtons: withButtons ? 'yes' : 'no' });
/** A Take button of a grouped reminder names its order. */
export const takeOrderButton = (tr: Translator, { orderId }: { orderId: OrderId }): string =>
  tr.text('reminders-take-order-button', { orderId: truncate(orderId, 40) });

// ---- auto-cancel outcomes (notices) ----

export const autoCancelled = (
  tr: Translator,
  { orderId, productTitle, minutesSet, sorrySent }: OrderParams & { minutesSet: number; sorrySent: boolean },
): Html =>
  tr.html('reminders-auto-cancelled', {
    orderId: idCode(orderId),
    product: product(tr, productTitle),
    minutes: tr.format.number(minutesSet),
    sorrySent: sorrySent ? 'yes' : 'no',
  });
/** A select on the store's code: an order no longer waiting is said in words, any other code is shown. */
export const autoCancelFailed = (tr: Translator, { orderId, code }: { orderId: OrderId; code: string | undefined }): Html =>
  tr.html('reminders-auto-cancel-failed', { orderId: idCode(orderId), code: code ?? 'unknown' });

// ---- /autocancel ----

export const autocancelUnavailable = (tr: Translator) => tr.text('reminders-autocancel-unavailable');
export const autocancelUsage = (tr: Translator): Html => tr.html('reminders-autocancel-usage');
/** `max`: the most minutes a rule may have. */
export const autocancelBadMinutes = (tr: Translator, { max }: { max: number }): Html =>
  tr.html('reminders-autocancel-bad-minutes', { max });
export const autocancelNone = (tr: Translator): Html => tr.html('reminders-autocancel-none');
export const autocancelListHeader = (tr: Translator, { products }: { products: number }): Html =>
  tr.html('reminders-autocancel-list-header', { products });
export const autocancelListItem = (tr: Translator, { productId, minutesSet }: { productId: ProductId; minutesSet: number }): Html =>
  tr.html('reminders-autocancel-list-item', { productId: idCode(productId), minutes: tr.format.number(minutesSet) });
export const autocancelSet = (
  tr: Translator,
  { productId, minutesSet, unchecked }: { productId: string; minutesSet: number; unchecked: boolean },
): Html =>
  lines([
    tr.html('reminders-autocancel-set', { productId: idCode(productId), minutes: tr.format.number(minutesSet) }),
    ...(unchecked ? [tr.html('reminders-autocancel-set-unchecked')] : []),
  ]);
export const autocancelUnknownProduct = (tr: Translator, { productId }: { productId: string }): Html =>
  tr.html('reminders-autocancel-unknown-product', { productId: idCode(productId) });
export const autocancelOff = (tr: Translator, { productId, wasOn }: { productId: string; wasOn: boolean }): Html =>
  tr.html('reminders-autocancel-off', { productId: idCode(productId), wasOn: wasOn ? 'yes' : 'no' });
