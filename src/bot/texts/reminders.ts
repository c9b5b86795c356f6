/** Reminders (untaken orders, unanswered buyers, the auto-cancel warning), auto-cancel notices and `/autocancel`. */
import type { OrderId, ProductId } from '../../seller-api/schemas.ts';
import { bold, italic, join, lines, link, truncate, type Html } from '../helpers/html.ts';
import { BUTTONS } from './buttons.ts';
import { count, formatNumber, idCode } from './format.ts';

export const autocancelCommandDescription = 'Cancel untaken orders of a product automatically: /autocancel <productId> <minutes|off>';

/** Whole minutes waited, at least 1: "0 min" would read as a mistake. */
const minutes = (ms: number): string => `${Math.max(1, Math.round(ms / 60_000))} min`;

const product = (title: string | undefined): string => (title ? ` · ${truncate(title, 60)}` : '');

/** How an item of a grouped reminder points at its order: a link to its card where the chat has links. */
const orderRef = (orderId: OrderId, url: string | undefined): Html => (url === undefined ? idCode(orderId) : link(url, idCode(orderId)));

interface OrderParams {
  orderId: OrderId;
  productTitle: string | undefined;
}

// ---- one reminder, replying to what it is about ----

export const untakenReminder = ({
  orderId,
  productTitle,
  waitedMs,
  nth,
  of,
}: OrderParams & { waitedMs: number; nth: number; of: number }): Html =>
  lines([
    join(['⏰ Order ', idCode(orderId), product(productTitle), ` is still waiting to be taken (${minutes(waitedMs)}).`]),
    italic(`Reminder ${nth} of ${of}. Tap “${BUTTONS.take}” below or on the card.`),
  ]);

export const unansweredReminder = ({ orderId, productTitle, waitedMs }: OrderParams & { waitedMs: number }): Html =>
  lines([
    join(['⏰ The buyer of order ', idCode(orderId), product(productTitle), ` is waiting for an answer (${minutes(waitedMs)}).`]),
    italic('Reply to their message, or to this one, to answer.'),
  ]);

export const autoCancelWarning = ({ orderId, productTitle, inMs }: OrderParams & { inMs: number }): Html =>
  lines([
    join(['⚠️ Order ', idCode(orderId), product(productTitle), ` will be cancelled and refunded automatically in ${minutes(inMs)}.`]),
    italic(`Nobody has taken it yet. Tap “${BUTTONS.take}” to keep it.`),
  ]);

// ---- several due at once: one message ----

export const groupedHeader = ({ items }: { items: number }): Html => bold(`⏰ ${count(items, 'thing')} waiting for you`);
export const groupedUntaken = ({
  orderId,
  productTitle,
  waitedMs,
  url,
}: OrderParams & { waitedMs: number; url: string | undefined }): Html =>
  join(['• 🟢 ', orderRef(orderId, url), product(productTitle), ` — not taken for ${minutes(waitedMs)}`]);
export const groupedUnanswered = ({
  orderId,
  productTitle,
  waitedMs,
  url,
}: OrderParams & { waitedMs: number; url: string | undefined }): Html =>
  join(['• 💬 ', orderRef(orderId, url), product(productTitle), ` — buyer waiting ${minutes(waitedMs)}: reply, or /reply ${orderId}`]);
export const groupedAutoCancel = ({ orderId, productTitle, inMs, url }: OrderParams & { inMs: number; url: string | undefined }): Html =>
  join(['• ⚠️ ', orderRef(orderId, url), product(productTitle), ` — cancelled automatically in ${minutes(inMs)}`]);
export const groupedMore = ({ more }: { more: number }): Html => italic(`…and ${more} more.`);
export const groupedFooter = ({ withButtons }: { withButtons: boolean }): Html =>
  italic(
    withButtons
      ? `“${BUTTONS.take}” buttons below take the orders; answer a buyer by replying to their message.`
      : 'Answer a buyer by replying to their message.',
  );
/** A Take button of a grouped reminder names its order. */
export const takeOrderButton = ({ orderId }: { orderId: OrderId }): string => `${BUTTONS.take} ${truncate(orderId, 40)}`;

// ---- auto-cancel outcomes (notices) ----

export const autoCancelled = ({
  orderId,
  productTitle,
  minutesSet,
  sorrySent,
}: OrderParams & { minutesSet: number; sorrySent: boolean }): Html =>
  lines([
    join([
      '✖️ Order ',
      idCode(orderId),
      product(productTitle),
      ` was cancelled automatically: nobody took it within ${formatNumber(minutesSet)} min.`,
    ]),
    sorrySent ? 'The buyer is refunded, and your “sorry” message is being sent to them.' : 'The buyer is refunded.',
  ]);
export const autoCancelFailed = ({ orderId, code }: { orderId: OrderId; code: string | undefined }): Html =>
  join([
    '⚠️ Order ',
    idCode(orderId),
    code === 'ORDER_INVALID_STATUS'
      ? ' was not cancelled automatically: it is no longer waiting to be taken.'
      : ` was not cancelled automatically: the store refused (${code ?? 'unknown'}).`,
  ]);

// ---- /autocancel ----

export const autocancelUnavailable = 'Auto-cancel is not available in this setup.';
export const autocancelUsage: Html = lines([
  bold('Auto-cancel'),
  '/autocancel — list the products with auto-cancel',
  '/autocancel <productId> <minutes> — cancel (and refund) its paid orders nobody took within that time; a warning comes halfway',
  '/autocancel <productId> off — stop it',
  italic('Off for every product unless you turn it on. /products lists the product ids.'),
]);
export const autocancelBadMinutes: Html = join([
  'The time must be a number of minutes greater than 0 and at most 10080 (a week), or ',
  bold('off'),
  '. ',
  italic('Example: /autocancel <productId> 30'),
]);
export const autocancelNone: Html = join(['No product has auto-cancel. ', italic('Turn it on with /autocancel <productId> <minutes>.')]);
export const autocancelListHeader = ({ products }: { products: number }): Html => bold(`Auto-cancel: ${count(products, 'product')}`);
export const autocancelListItem = ({ productId, minutesSet }: { productId: ProductId; minutesSet: number }): Html =>
  join(['• ', idCode(productId), ` — after ${formatNumber(minutesSet)} min`]);
export const autocancelSet = ({ productId, minutesSet, unchecked }: { productId: string; minutesSet: number; unchecked: boolean }): Html =>
  lines([
    join([
      '✓ Paid orders of product ',
      idCode(productId),
      ` nobody takes within ${formatNumber(minutesSet)} min will be cancelled and refunded.`,
    ]),
    italic('A warning comes halfway. Orders waiting now count from now. /autocancel <productId> off stops it.'),
    ...(unchecked ? [italic('The product id could not be checked (the store did not answer): compare it with /products.')] : []),
  ]);
export const autocancelUnknownProduct = ({ productId }: { productId: string }): Html =>
  join(['No product ', idCode(productId), ' among the products with automation, so nothing changed. ', italic('/products lists them.')]);
export const autocancelOff = ({ productId, wasOn }: { productId: string; wasOn: boolean }): Html =>
  wasOn
    ? join(['✓ Auto-cancel is off for product ', idCode(productId), '.'])
    : join(['Product ', idCode(productId), ' had no auto-cancel.']);
