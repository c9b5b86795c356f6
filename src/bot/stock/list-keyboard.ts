/** The buttons under `/stock`'s list: one row per product shown, Pause when it is delivered automatically, Resume when paused. */
import { InlineKeyboard } from 'grammy';
import type { StockActionCodec } from './stock-action-data.ts';
import type { ProductStock } from '../../core/stock/stock-plan.ts';
import { stockPauseButton, stockResumeButton } from '../texts/stock.ts';
import type { Translator } from '../texts/translator.ts';

export async function stockListKeyboard(
  tr: Translator,
  products: readonly ProductStock[],
  codec: StockActionCodec,
): Promise<InlineKeyboard> {
  const keyboard = new InlineKeyboard();
  for (const { productId, title, paused } of products) {
    const product = title ?? productId;
    const label = paused ? stockResumeButton(tr, { product }) : stockPauseButton(tr, { product });
    keyboard.text(label, await codec.encode(paused ? 'resume' : 'pause', productId)).row();
  }
  return keyboard;
}
