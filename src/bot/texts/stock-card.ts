/** What an order card and the chat say about auto-delivery from stock. Items only ever appear behind a spoiler. */
import { truncate, type Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

// `count` is the number of items in every message that says "N items" (stock-card-items).
export const stockDelivering = (tr: Translator, { quantity }: { quantity: number }): Html =>
  tr.html('stock-card-stock-delivering', { count: quantity });
export const stockDelivered = (tr: Translator): Html => tr.html('stock-card-stock-delivered');
export const stockItems = (tr: Translator, { values }: { values: readonly string[] }): Html =>
  tr.html('stock-card-stock-items', { values: truncate(values.join('\n'), 1000) });
export const stockReplaced = (tr: Translator, { count }: { count: number }): Html => tr.html('stock-card-stock-replaced', { count });
export const stockDeliverFailed = (tr: Translator): Html => tr.html('stock-card-stock-deliver-failed');
export const stockShort = (tr: Translator, { needed, inStock }: { needed: number; inStock: number }): Html =>
  tr.html('stock-card-stock-short', { count: needed, inStock });
export const stockPaused = (tr: Translator): Html => tr.html('stock-card-stock-paused');
export const stockBadQuantity = (tr: Translator): Html => tr.html('stock-card-stock-bad-quantity');
export const stockTooMany = (tr: Translator, { quantity }: { quantity: number }): Html =>
  tr.html('stock-card-stock-too-many', { count: quantity });

/** Which of an order's items: its line on the card (from 1) and its mask. */
export const itemHint = (tr: Translator, { number, hint }: { number: number; hint: string }) =>
  tr.text('stock-card-item-hint', { number, hint });

/** Telegram's answer to a Replace tap, then the confirmation question on the card. */
export const replaceAsk = (tr: Translator, { hint }: { hint: string }): Html => tr.html('stock-card-replace-ask', { hint });
export const replaceDone = (tr: Translator) => tr.text('stock-card-replace-done');
export const replaceEmpty = (tr: Translator) => tr.text('stock-card-replace-empty');
export const replaceNotThisOrder = (tr: Translator) => tr.text('stock-card-replace-not-this-order');
export const replaceKept = (tr: Translator) => tr.text('stock-card-replace-kept');

/** The chat message to the buyer carrying the replacement (its text goes to the store as the seller). */
export const replacementForBuyer = (tr: Translator, { item }: { item: string }): string =>
  tr.text('stock-card-replacement-for-buyer', { item });

interface StockAlertParams {
  productId: string;
  title: string | undefined;
  inStock: number;
}
const alertProduct = (tr: Translator, { productId, title }: { productId: string; title: string | undefined }): Html =>
  tr.html('stock-card-stock-alert-product', {
    productId: truncate(productId, 80),
    title: title ? tr.html('stock-card-stock-alert-title', { title: truncate(title, 100) }) : '',
  });
export const stockAlertLow = (tr: Translator, params: StockAlertParams): Html =>
  tr.html('stock-card-stock-alert-low', { product: alertProduct(tr, params), count: params.inStock });
export const stockAlertEmpty = (tr: Translator, params: Omit<StockAlertParams, 'inStock'>): Html =>
  tr.html('stock-card-stock-alert-empty', { product: alertProduct(tr, params) });
