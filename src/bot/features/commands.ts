/**
 * Admin commands: /orders [status], /order <id>, /reply <id>, /products, /status. They read what sync already
 * knows; only /products asks the store (one request, on demand).
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import { isSellerApiError } from '../../seller-api/errors.ts';
import type { Order, OrderId, Product } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { BotContext } from '../context.ts';
import { REPLY_CONVERSATION } from '../conversations/reply.ts';
import { describeError } from '../errors.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import {
  orderList,
  orderUnknown,
  orderUsage,
  productList,
  productsFailed,
  productsUnavailable,
  replyCommandUsage,
  statusText,
  TELEGRAM_TEXT_LIMIT,
  type OrderListEntry,
} from '../texts.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

/** Supergroup ids are -100<internal id>; their messages have t.me/c links (members only). */
export function messageLink(ref: TelegramRef): string | undefined {
  const id = String(ref.chatId);
  return id.startsWith('-100') ? `https://t.me/c/${id.slice(4)}/${ref.messageId}` : undefined;
}

const byCreation = (a: Order, b: Order) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id);

export interface CommandsDeps {
  engine: () => SyncForBot;
  cards: OrderCards;
  listProducts: (() => Promise<Product[]>) | undefined;
  logger: Logger;
  secrets: readonly string[];
  now: () => number;
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
    if (!order) return void (await ctx.reply(orderUnknown(id).html, html));
    const card = await deps.cards.post(order, ctx.chat.id, { replyTo: ctx.msg.message_id });
    deps.engine().linkTelegramMessage(order.id, card, 'card');
  });

  composer.command('reply', async (ctx) => {
    const id = ctx.match.trim();
    if (id === '') return void (await ctx.reply(replyCommandUsage));
    if (!deps.engine().findOrder(id as OrderId)) return void (await ctx.reply(orderUnknown(id).html, html));
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(REPLY_CONVERSATION, id);
  });

  composer.command('products', async (ctx) => {
    if (!deps.listProducts) return void (await ctx.reply(productsUnavailable));
    try {
      await ctx.reply(productList(await deps.listProducts()).html, html);
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'product list failed');
      await ctx.reply(productsFailed(isSellerApiError(error) ? error.hint : 'the store could not be asked'));
    }
  });

  composer.command('status', async (ctx) => {
    await ctx.reply(statusText(deps.engine().status(), deps.now()).html, html);
  });

  return composer;
}
