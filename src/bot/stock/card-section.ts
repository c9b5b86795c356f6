/**
 * The auto-delivery part of an order card: what the bot is doing or did with the order's stock, and which buttons a
 * person still needs. Items are shown only behind a spoiler; a card being delivered automatically offers no Take.
 */
import { InlineKeyboard } from 'grammy';
import type { OrderStock, StockPlan } from '../../core/stock/stock-plan.ts';
import { isOpenStatus } from '../../core/order-status.ts';
import { maskItems } from '../../core/stock/stock-input.ts';
import type { Order } from '../../seller-api/schemas.ts';
import { encodeStockItem } from './stock-item-data.ts';
import type { Html } from '../helpers/html.ts';
import { BUTTONS } from '../texts/buttons.ts';
import {
  itemHint,
  stockBadQuantity,
  stockDeliverFailed,
  stockDelivered,
  stockDelivering,
  stockItems,
  stockPaused,
  stockReplaced,
  stockShort,
  stockTooMany,
} from '../texts/stock-card.ts';
import type { Translator } from '../texts/translator.ts';

/** What the card knows of the order's stock: the plan (only when the card is first posted) and what it got. */
export interface CardStock {
  plan?: StockPlan | undefined;
  got?: OrderStock | undefined;
}

export interface StockSection {
  lines: Html[];
  /** The order's value is shown (behind a spoiler) by these lines: the plain "Delivered value" line would repeat it. */
  showsValue: boolean;
  /** The buttons for this state: `undefined` keeps the order's usual buttons, an empty keyboard removes them. */
  keyboard: InlineKeyboard | undefined;
}

const values = (got: OrderStock) => got.items.map((item) => item.item);

/** Telegram shows this many Replace buttons at most under a card; the seller replaces the others one by one. */
const MAX_REPLACE_BUTTONS = 8;

/**
 * What each Replace button (and its question) says of its item: its masked ends, told apart from the order's other
 * items, and, when the order has several, its line on the card, so two alike keys never get two alike buttons.
 */
export function replaceHints(tr: Translator, items: readonly string[]): string[] {
  const masks = maskItems(items);
  return masks.map((hint, i) => (items.length > 1 ? itemHint(tr, { number: i + 1, hint }) : hint));
}

export function stockSection(tr: Translator, order: Order, stock: CardStock): StockSection {
  const { got, plan } = stock;
  if (got?.state === 'delivered') {
    const lines = [stockDelivered(tr), stockItems(tr, { values: values(got) })];
    if (got.replaced > 0) lines.push(stockReplaced(tr, { count: got.replaced }));
    const keyboard = new InlineKeyboard();
    const hints = replaceHints(tr, values(got));
    for (const [i, item] of got.items.slice(0, MAX_REPLACE_BUTTONS).entries())
      keyboard.text(BUTTONS.replaceItem(tr, { hint: hints[i] ?? '' }), encodeStockItem('replace', item.id)).row();
    return { lines, showsValue: true, keyboard };
  }
  if (got?.state === 'failed')
    return { lines: [stockDeliverFailed(tr), stockItems(tr, { values: values(got) })], showsValue: true, keyboard: undefined };
  if (got?.state === 'reserved' && isOpenStatus(order.status)) {
    return { lines: [stockDelivering(tr, { quantity: got.items.length })], showsValue: false, keyboard: new InlineKeyboard() };
  }
  if (got !== undefined) return { lines: [], showsValue: false, keyboard: undefined };
  switch (plan?.kind) {
    case 'auto':
      return { lines: [stockDelivering(tr, { quantity: plan.quantity })], showsValue: false, keyboard: new InlineKeyboard() };
    case 'short':
      return { lines: [stockShort(tr, { needed: plan.needed, inStock: plan.inStock })], showsValue: false, keyboard: undefined };
    case 'paused':
      return { lines: [stockPaused(tr)], showsValue: false, keyboard: undefined };
    case 'bad-quantity':
      return { lines: [stockBadQuantity(tr)], showsValue: false, keyboard: undefined };
    case 'too-many':
      return { lines: [stockTooMany(tr, { quantity: plan.quantity })], showsValue: false, keyboard: undefined };
    default:
      return { lines: [], showsValue: false, keyboard: undefined };
  }
}
