/**
 * The buttons under `/stock`'s list: one row per product shown, Pause when it is delivered automatically, Resume when
 * paused; then one row per order holding items, Release, which becomes Confirm and Back while it is being confirmed.
 */
import { InlineKeyboard } from 'grammy';
import type { StockActionCodec } from './stock-action-data.ts';
import type { HeldOrder, ProductStock } from '../../core/stock/stock-plan.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import {
  stockPauseButton,
  stockReleaseBackButton,
  stockReleaseButton,
  stockReleaseConfirmButton,
  stockResumeButton,
} from '../texts/stock.ts';
import type { Translator } from '../texts/translator.ts';

export interface StockListButtons {
  products: readonly ProductStock[];
  held: readonly HeldOrder[];
  confirming: OrderId | undefined;
}

export async function stockListKeyboard(
  tr: Translator,
  { products, held, confirming }: StockListButtons,
  codec: StockActionCodec,
): Promise<InlineKeyboard> {
  const keyboard = new InlineKeyboard();
  for (const { productId, title, paused } of products) {
    const product = title ?? productId;
    const label = paused ? stockResumeButton(tr, { product }) : stockPauseButton(tr, { product });
    keyboard.text(label, await codec.encode(paused ? 'resume' : 'pause', productId)).row();
  }
  for (const { orderId, items } of held) {
    if (orderId === confirming) {
      keyboard
        .text(stockReleaseConfirmButton(tr, { orderId, count: items }), await codec.encodeHeld('releaseConfirm', orderId))
        .text(stockReleaseBackButton(tr), await codec.encodeHeld('releaseBack', orderId));
    } else keyboard.text(stockReleaseButton(tr, { orderId }), await codec.encodeHeld('release', orderId));
    keyboard.row();
  }
  return keyboard;
}
