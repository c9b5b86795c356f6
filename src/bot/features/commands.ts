/**
 * Commands: /orders [status], /order <id> (the card and its history), /reply <id>, /products, /status. They read what sync already
 * knows; only /products asks the store (one request, on demand).
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import { isSellerApiError } from '../../seller-api/errors.ts';
import type { Order, OrderId, Product } from '../../seller-api/schemas.ts';
import type { SyncForBot, SyncStatus } from '../../sync/contract.ts';
import type { BotContext } from '../context.ts';
import { REPLY_CONVERSATION } from '../conversations/reply.ts';
import { describeError } from '../errors.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import {
  noOpenOrders,
  noProducts,
  openOrdersHeader,
  orderListFooter,
  orderListItem,
  orderUnknown,
  orderUsage,
  productItem,
  productsFailed,
  productsFailedUnasked,
  productsHeader,
  productsMore,
  productsUnavailable,
  replyCommandUsage,
  statusChats,
  statusErrorsInARow,
  statusLastAnswer,
  statusLastError,
  statusNoError,
  statusOpenOrders,
  statusOutbox,
  statusRateLimit,
  statusRateLimitUnknown,
  statusRequests,
  statusRunning,
  statusStopped,
} from '../texts/commands.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

/** Supergroup ids are -100<internal id>; their messages have t.me/c links (members only). */
function messageLink(ref: TelegramRef): string | undefined {
  const id = String(ref.chatId);
  return id.startsWith('-100') ? `https://t.me/c/${id.slice(4)}/${ref.messageId}` : undefined;
}

const byCreation = (a: Order, b: Order) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id);

interface OrderListEntry {
  order: Order;
  cardUrl: string | undefined;
}

/** The open orders, one line each, with a link to each card where the chat has message links. */
function orderList(entries: readonly OrderListEntry[], status: string | undefined): Html {
  if (entries.length === 0) return noOpenOrders({ status });
  const items = entries.map(({ order, cardUrl }) =>
    orderListItem({ orderId: order.id, productTitle: order.productTitle, status: order.status, cardUrl }),
  );
  const footer = orderListFooter({ withLinks: entries.some((entry) => entry.cardUrl) });
  return join([openOrdersHeader({ status, count: entries.length }), lines(items), footer], '\n\n');
}

/** As many products as one message holds, in the store's order; the header counts them all. */
function productList(products: readonly Product[]): Html {
  if (products.length === 0) return noProducts;
  const items = products.map((product) =>
    productItem({
      title: product.title ?? product.id,
      price: product.price,
      inactive: product.active === false,
      fields: (product.fields ?? []).map((field) => field.label ?? field.id),
    }),
  );
  const shown: Html[] = [];
  // Room for the header and the "…and N more" line.
  let used = 100;
  for (const item of items) {
    if (used + item.length + 1 > TELEGRAM_TEXT_LIMIT) break;
    shown.push(item);
    used += item.length + 1;
  }
  const more = items.length - shown.length;
  return join([productsHeader({ count: products.length }), lines(shown), ...(more > 0 ? [productsMore({ count: more })] : [])], '\n\n');
}

function statusAnswer(status: SyncStatus, now: number): Html {
  const rate = status.rateLimit;
  return lines([
    status.running ? statusRunning : statusStopped,
    statusLastAnswer({ at: status.lastSuccessfulPollAt, now }),
    statusErrorsInARow({ count: status.errorsInARow }),
    status.lastError ? statusLastError({ code: status.lastError.code, at: status.lastError.at, now }) : statusNoError,
    statusOutbox({ count: status.outboxDepth }),
    statusOpenOrders({ count: status.knownOpenOrders }),
    statusChats({ active: status.watchedChats.hot, quiet: status.watchedChats.quiet }),
    rate && rate.remaining !== undefined
      ? statusRateLimit({ remaining: rate.remaining, limit: rate.limit, resetAt: rate.resetAt })
      : statusRateLimitUnknown,
    statusRequests({ count: status.requestsSent }),
  ]);
}

export interface CommandsDeps {
  engine: () => SyncForBot;
  cards: OrderCards;
  listProducts: (() => Promise<Product[]>) | undefined;
  logger: Logger;
  secrets: readonly string[];
  now: () => number;
  /** The order's history (audit/order-history.ts), sent by /order under the card; absent: the card alone. */
  history?: (orderId: OrderId) => Html;
}

export function commandsFeature(deps: CommandsDeps) {
  const composer = new Composer<BotContext>();
  const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

  composer.command('orders', async (ctx) => {
    const status = ctx.match.trim() || undefined;
    const orders = [...deps.engine().openOrders(status)].sort(byCreation);
    const entries: OrderListEntry[] = [];
    for (const order of orders) {
      const card = await deps.cards.latest(order.id);
      entries.push({ order, cardUrl: card && messageLink(card) });
    }
    // A long list is cut to what one message holds; the count in the header stays the full one.
    let shown = entries.length;
    let text = orderList(entries, status);
    while (text.length > TELEGRAM_TEXT_LIMIT && shown > 1) {
      shown = Math.floor(shown * 0.8);
      text = orderList(entries.slice(0, shown), status);
    }
    await ctx.reply(text.html, html);
  });

  composer.command('order', async (ctx) => {
    const id = ctx.match.trim();
    if (id === '') return void (await ctx.reply(orderUsage));
    const order = deps.engine().lastSeenOrder(id as OrderId);
    if (!order) return void (await ctx.reply(orderUnknown({ orderId: id }).html, html));
    const card = await deps.cards.post(order, ctx.chat.id, { replyTo: ctx.msg.message_id });
    deps.engine().linkTelegramMessage(order.id, card, 'card');
    const history = deps.history?.(order.id);
    if (history)
      await ctx.reply(history.html, { ...html, reply_parameters: { message_id: card.messageId, allow_sending_without_reply: true } });
  });

  composer.command('reply', async (ctx) => {
    const id = ctx.match.trim();
    if (id === '') return void (await ctx.reply(replyCommandUsage));
    if (!deps.engine().findOrder(id as OrderId)) return void (await ctx.reply(orderUnknown({ orderId: id }).html, html));
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(REPLY_CONVERSATION, id);
  });

  composer.command('products', async (ctx) => {
    if (!deps.listProducts) return void (await ctx.reply(productsUnavailable));
    try {
      await ctx.reply(productList(await deps.listProducts()).html, html);
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'product list failed');
      await ctx.reply(productsFailed({ reason: isSellerApiError(error) ? error.hint : productsFailedUnasked }));
    }
  });

  composer.command('status', async (ctx) => {
    await ctx.reply(statusAnswer(deps.engine().status(), deps.now()).html, html);
  });

  return composer;
}
