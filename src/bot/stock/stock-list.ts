/**
 * `/stock`'s message: every product with its counts and a Pause/Resume button. As many products as one message holds
 * (Telegram's text limit, and at most 100 buttons); the header counts them all and the rest is pointed to the CLI.
 */
import type { InlineKeyboard } from 'grammy';
import type { StockActionCodec } from './stock-action-data.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import { stockListKeyboard } from './list-keyboard.ts';
import { stockEmpty, stockFooter, stockHeader, stockItem, stockMore } from '../texts/stock.ts';
import type { ProductStock } from '../../core/stock/stock-plan.ts';
import type { Translator } from '../texts/translator.ts';

/** Telegram refuses an inline keyboard with more buttons than this. */
const MAX_BUTTONS = 100;
/** Room for the "…and N more" line. */
const MORE_ROOM = 80;

export interface StockListMessage {
  text: Html;
  keyboard: InlineKeyboard | undefined;
}

export async function renderStockList(
  tr: Translator,
  products: readonly ProductStock[],
  codec: StockActionCodec,
): Promise<StockListMessage> {
  if (products.length === 0) return { text: stockEmpty(tr), keyboard: undefined };
  const header = stockHeader(tr, { products: products.length });
  let used = header.length + stockFooter(tr).length + MORE_ROOM;
  const shown: ProductStock[] = [];
  const items: Html[] = [];
  for (const product of products.slice(0, MAX_BUTTONS)) {
    const item = stockItem(tr, product);
    if (used + item.length + 1 > TELEGRAM_TEXT_LIMIT) break;
    used += item.length + 1;
    shown.push(product);
    items.push(item);
  }
  const more = products.length - shown.length;
  const text = join([header, lines(items), ...(more > 0 ? [stockMore(tr, { count: more })] : []), stockFooter(tr)], '\n\n');
  return { text, keyboard: await stockListKeyboard(tr, shown, codec) };
}
