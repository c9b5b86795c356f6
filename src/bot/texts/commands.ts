/** The command list and the answers of /start, /help, /orders, /order, /reply, /products, /status and /language (/stock's: stock.ts). */
import type { OrderId } from '../../seller-api/schemas.ts';
import { join, lines, link, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import { statusInWords } from './order-card.ts';
import type { Translator } from './translator.ts';

/** The commands in Telegram's menu, in this order; each has `commands-description-<command>` in every locale file. */
export const COMMAND_NAMES = [
  'start',
  'help',
  'orders',
  'order',
  'reply',
  'products',
  'status',
  'stock',
  'templates',
  'template',
  'untemplate',
  't',
  'autoreply',
  'away',
  'stats',
  'export',
  'autocancel',
  'backup',
  'language',
] as const;

export const commandList = (tr: Translator) =>
  COMMAND_NAMES.map((command) => ({ command, description: tr.text(`commands-description-${command}`) }));

// ---- /start ----

export const startIntro = (tr: Translator): Html => tr.html('commands-start-intro');
export const startHowTo = (tr: Translator): Html => tr.html('commands-start-how-to');
export const startTrialBound = (tr: Translator): Html => tr.html('commands-start-trial-bound');
export const startTrialUnbound = (tr: Translator): Html => tr.html('commands-start-trial-unbound');
// Ids go in as text: Fluent would group the digits of a number.
export const startChatConfigured = (tr: Translator, { chatId }: { chatId: number }): Html =>
  tr.html('commands-start-chat-configured', { chatId: String(chatId) });
export const startChatUnset = (tr: Translator, { chatId }: { chatId: number }): Html =>
  tr.html('commands-start-chat-unset', { chatId: String(chatId) });
export const startChatOther = (tr: Translator, { chatId }: { chatId: number }): Html =>
  tr.html('commands-start-chat-other', { chatId: String(chatId) });
export const startUserUnknown = (tr: Translator): Html => tr.html('commands-start-user-unknown');
export const startUserAdmin = (tr: Translator, { userId }: { userId: number }): Html =>
  tr.html('commands-start-user-admin', { userId: String(userId) });
export const startUserNotAdmin = (tr: Translator, { userId }: { userId: number }): Html =>
  tr.html('commands-start-user-not-admin', { userId: String(userId) });

// ---- /help ----

/** `forum`: the orders chat is a forum group where each order has its topic. */
export const helpText = (tr: Translator, { forum }: { forum: boolean } = { forum: false }): Html =>
  join(
    [
      tr.html('commands-help-text', { forum: forum ? 'yes' : 'no' }),
      lines(commandList(tr).map(({ command, description }) => tr.html('commands-help-command', { command, description }))),
    ],
    '\n\n',
  );

// ---- /orders, /order, /reply ----

/** `status` undefined: every open order. */
export const noOpenOrders = (tr: Translator, { status }: { status: string | undefined }): Html =>
  tr.html('commands-no-open-orders', { filtered: status === undefined ? 'no' : 'yes', status: status ?? '' });
export const openOrdersHeader = (tr: Translator, { status, count }: { status: string | undefined; count: number }): Html =>
  tr.html('commands-open-orders-header', { filtered: status === undefined ? 'no' : 'yes', status: status ?? '', count });
interface OrderListItemParams {
  orderId: OrderId;
  productTitle: string | undefined;
  status: string;
  /** A link to the order's card, when the chat has message links. */
  cardUrl: string | undefined;
}
export function orderListItem(tr: Translator, { orderId, productTitle, status, cardUrl }: OrderListItemParams): Html {
  const product = productTitle ? tr.html('commands-order-list-item-product', { title: truncate(productTitle, 60) }) : '';
  const label = tr.html('commands-order-list-item', { orderId: idCode(orderId), product, status: statusInWords(tr, status) });
  return cardUrl
    ? tr.html('commands-order-list-item-linked', { link: link(cardUrl, tr.text('commands-order-list-card')), label })
    : tr.html('commands-order-list-item-bullet', { label });
}
export const orderListFooter = (tr: Translator, { withLinks }: { withLinks: boolean }): Html =>
  tr.html('commands-order-list-footer', { withLinks: withLinks ? 'yes' : 'no' });
export const orderUsage = (tr: Translator) => tr.text('commands-order-usage');
export const orderUnknown = (tr: Translator, { orderId }: { orderId: string }): Html =>
  tr.html('commands-order-unknown', { orderId: idCode(orderId) });
export const replyCommandUsage = (tr: Translator) => tr.text('commands-reply-command-usage');

// ---- /products ----

export const noProducts = (tr: Translator): Html => tr.html('commands-no-products');
export const productsHeader = (tr: Translator, { count }: { count: number }): Html => tr.html('commands-products-header', { count });
interface ProductItemParams {
  title: string;
  /** Tap to copy: what `/stock <productId>` and `/autocancel` want. */
  productId: string;
  price: number | undefined;
  inactive: boolean;
  /** The labels of the fields a buyer fills in. */
  fields: readonly string[];
}
export function productItem(tr: Translator, { title, productId, price, inactive, fields }: ProductItemParams): Html {
  const fieldList = fields.map((field) => truncate(field, 40)).join(', ');
  return tr.html('commands-product-item', {
    title: truncate(title, 100),
    productId: truncate(productId, 80),
    price: price === undefined ? '' : tr.html('commands-product-item-price', { price: tr.format.number(price) }),
    inactive: inactive ? tr.html('commands-product-item-inactive') : '',
    fields: fieldList ? tr.html('commands-product-item-fields', { fields: truncate(fieldList, 300) }) : '',
  });
}
export const productsMore = (tr: Translator, { count }: { count: number }): Html => tr.html('commands-products-more', { count });
export const productsUnavailable = (tr: Translator) => tr.text('commands-products-unavailable');
export const productsFailed = (tr: Translator, { reason }: { reason: string }) => tr.text('commands-products-failed', { reason });
/** Under the products of the stores that answered: one that did not. */
export const productsStoreFailed = (tr: Translator, params: { store: string; reason: string }): Html =>
  tr.html('commands-products-store-failed', params);
/** The reason when the failure is not the store's answer. */
export const productsFailedUnasked = (tr: Translator) => tr.text('commands-products-failed-unasked');

// ---- /status ----

/** How long ago `at` was, in seconds, minutes or hours; `never` when it has not happened. */
function ago(tr: Translator, at: number | undefined, now: number): string {
  if (at === undefined) return tr.text('commands-ago', { unit: 'never', n: 0 });
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 120) return tr.text('commands-ago', { unit: 's', n: seconds });
  if (seconds < 7200) return tr.text('commands-ago', { unit: 'min', n: Math.round(seconds / 60) });
  return tr.text('commands-ago', { unit: 'h', n: Math.round(seconds / 3600) });
}

export const statusRunning = (tr: Translator): Html => tr.html('commands-status-running');
export const statusStopped = (tr: Translator): Html => tr.html('commands-status-stopped');
export const statusLastAnswer = (tr: Translator, { at, now }: { at: number | undefined; now: number }): Html =>
  tr.html('commands-status-last-answer', { ago: ago(tr, at, now) });
export const statusErrorsInARow = (tr: Translator, { count }: { count: number }): Html =>
  tr.html('commands-status-errors-in-a-row', { count });
export const statusLastError = (tr: Translator, { code, at, now }: { code: string; at: number; now: number }): Html =>
  tr.html('commands-status-last-error', { code, ago: ago(tr, at, now) });
export const statusNoError = (tr: Translator): Html => tr.html('commands-status-no-error');
export const statusOutbox = (tr: Translator, { count }: { count: number }): Html => tr.html('commands-status-outbox', { count });
export const statusOpenOrders = (tr: Translator, { count }: { count: number }): Html => tr.html('commands-status-open-orders', { count });
export const statusChats = (tr: Translator, { active, quiet }: { active: number; quiet: number }): Html =>
  tr.html('commands-status-chats', { active, quiet });
interface StatusRateLimitParams {
  remaining: number;
  limit: number | undefined;
  /** When the store resets the count (ms since the epoch). */
  resetAt: number | undefined;
}
export const statusRateLimit = (tr: Translator, { remaining, limit, resetAt }: StatusRateLimitParams): Html =>
  tr.html('commands-status-rate-limit', {
    remaining,
    limit: limit === undefined ? '' : tr.html('commands-status-rate-limit-of', { limit }),
    reset: resetAt === undefined ? '' : tr.html('commands-status-rate-limit-reset', { at: tr.format.moment(resetAt) }),
  });
export const statusRateLimitUnknown = (tr: Translator): Html => tr.html('commands-status-rate-limit-unknown');
export const statusRequests = (tr: Translator, { count }: { count: number }): Html => tr.html('commands-status-requests', { count });

// ---- /language ----

export const languageAsk = (tr: Translator): Html => tr.html('commands-language-ask');
/** Said in the language just chosen. */
export const languageChosen = (tr: Translator) => tr.text('commands-language-chosen');
/** A language's own name, for its button. */
export const languageName = (tr: Translator) => tr.text('language-name');
