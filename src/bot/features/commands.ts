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
  productsStoreFailed,
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
import type { Translator } from '../texts/translator.ts';
import { aboutStore, storeTitleNamed, whichOrder } from '../texts/stores.ts';
import { typedOrderIds } from '../helpers/typed-order-id.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

/** Supergroup ids are -100<internal id>; their messages have t.me/c links (members only). */
function messageLink(ref: TelegramRef): string | undefined {
  const id = String(ref.chatId);
  return id.startsWith('-100') ? `https://t.me/c/${id.slice(4)}/${ref.messageId}` : undefined;
}

/** The one order a typed id names, or undefined once the person was told it names none or several. */
async function oneTypedOrder(ctx: BotContext, typed: string, known: (id: OrderId) => boolean): Promise<OrderId | undefined> {
  const found = typedOrderIds(ctx.tr.stores, typed, known);
  if (found.length === 1) return found[0];
  const answer = found.length === 0 ? orderUnknown(ctx.tr, { orderId: typed }) : whichOrder(ctx.tr, typed, found);
  await ctx.reply(answer.html, { parse_mode: 'HTML' });
  return undefined;
}

const byCreation = (a: Order, b: Order) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id);

interface OrderListEntry {
  order: Order;
  cardUrl: string | undefined;
}

/** The open orders, one line each, with a link to each card where the chat has message links. */
function orderList(tr: Translator, entries: readonly OrderListEntry[], status: string | undefined): Html {
  if (entries.length === 0) return noOpenOrders(tr, { status });
  const items = entries.map(({ order, cardUrl }) =>
    orderListItem(tr, { orderId: order.id, productTitle: order.productTitle, status: order.status, cardUrl }),
  );
  const footer = orderListFooter(tr, { withLinks: entries.some((entry) => entry.cardUrl) });
  return join([openOrdersHeader(tr, { status, count: entries.length }), lines(items), footer], '\n\n');
}

/** As many products as one message holds, in the store's order; the header counts them all. */
function productList(tr: Translator, products: readonly Product[]): Html {
  if (products.length === 0) return noProducts(tr);
  const items = products.map((product) =>
    productItem(tr, {
      title: product.title ?? product.id,
      productId: product.id,
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
  return join(
    [productsHeader(tr, { count: products.length }), lines(shown), ...(more > 0 ? [productsMore(tr, { count: more })] : [])],
    '\n\n',
  );
}

function statusAnswer(tr: Translator, status: SyncStatus, now: number): Html {
  const rate = status.rateLimit;
  return lines([
    status.running ? statusRunning(tr) : statusStopped(tr),
    statusLastAnswer(tr, { at: status.lastSuccessfulPollAt, now }),
    statusErrorsInARow(tr, { count: status.errorsInARow }),
    status.lastError ? statusLastError(tr, { code: status.lastError.code, at: status.lastError.at, now }) : statusNoError(tr),
    statusOutbox(tr, { count: status.outboxDepth }),
    statusOpenOrders(tr, { count: status.knownOpenOrders }),
    statusChats(tr, { active: status.watchedChats.hot, quiet: status.watchedChats.quiet }),
    rate && rate.remaining !== undefined
      ? statusRateLimit(tr, { remaining: rate.remaining, limit: rate.limit, resetAt: rate.resetAt })
      : statusRateLimitUnknown(tr),
    statusRequests(tr, { count: status.requestsSent }),
  ]);
}

export interface CommandsDeps {
  engine: () => SyncForBot;
  cards: OrderCards;
  listProducts: ((store?: string) => Promise<Product[]>) | undefined;
  logger: Logger;
  secrets: readonly string[];
  now: () => number;
  /** The order's history (audit/order-history.ts) in `tr`'s language, sent by /order under the card; absent: the card alone. */
  history?: (tr: Translator, orderId: OrderId) => Html;
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
    let text = orderList(ctx.tr, entries, status);
    while (text.length > TELEGRAM_TEXT_LIMIT && shown > 1) {
      shown = Math.floor(shown * 0.8);
      text = orderList(ctx.tr, entries.slice(0, shown), status);
    }
    await ctx.reply(text.html, html);
  });

  composer.command('order', async (ctx) => {
    const typed = ctx.match.trim();
    if (typed === '') return void (await ctx.reply(orderUsage(ctx.tr)));
    const id = await oneTypedOrder(ctx, typed, (candidate) => deps.engine().lastSeenOrder(candidate) !== undefined);
    const order = id && deps.engine().lastSeenOrder(id);
    if (!order) return;
    const card = await deps.cards.post(order, ctx.chat.id, { replyTo: ctx.msg.message_id });
    deps.engine().linkTelegramMessage(order.id, card, 'card');
    const history = deps.history?.(ctx.tr, order.id);
    if (history)
      await ctx.reply(history.html, { ...html, reply_parameters: { message_id: card.messageId, allow_sending_without_reply: true } });
  });

  composer.command('reply', async (ctx) => {
    const typed = ctx.match.trim();
    if (typed === '') return void (await ctx.reply(replyCommandUsage(ctx.tr)));
    const id = await oneTypedOrder(ctx, typed, (candidate) => deps.engine().findOrder(candidate) !== undefined);
    if (id === undefined) return;
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(REPLY_CONVERSATION, id);
  });

  composer.command('products', async (ctx) => {
    const { tr } = ctx;
    const list = deps.listProducts;
    if (!list) return void (await ctx.reply(productsUnavailable(tr)));
    // Each store asked on its own: one that does not answer is named under the others' products.
    const stores = tr.stores.several ? tr.stores.stores : [undefined];
    const answers = await Promise.allSettled(stores.map((store) => list(store?.name)));
    const reasonOf = (error: unknown) => {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'product list failed');
      return isSellerApiError(error) ? error.hint : productsFailedUnasked(tr);
    };
    const failed = answers.flatMap((answer, i) =>
      answer.status === 'rejected' ? [{ store: stores[i], reason: reasonOf(answer.reason) }] : [],
    );
    const [first] = failed;
    if (first !== undefined && failed.length === answers.length) return void (await ctx.reply(productsFailed(tr, first)));
    const products = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
    const notes = failed.map(({ store, reason }) => productsStoreFailed(tr, { store: store?.title ?? '', reason }));
    await ctx.reply(join([productList(tr, products), ...notes], '\n\n').html, html);
  });

  composer.command('status', async (ctx) => {
    const { tr } = ctx;
    const each = tr.stores.several ? deps.engine().storeStatus?.() : undefined;
    const answer =
      each === undefined
        ? statusAnswer(tr, deps.engine().status(), deps.now())
        : join(
            each.map(({ name, status }) => aboutStore(tr, storeTitleNamed(tr, name) ?? name, statusAnswer(tr, status, deps.now()))),
            '\n\n',
          );
    await ctx.reply(answer.html, html);
  });

  return composer;
}
