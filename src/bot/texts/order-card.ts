/** The lines of an order card (laid out by cards/render-card.ts). Each value is cut to what a card line may show. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { truncate, type Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

/** Known statuses in words; an unknown one raw, so nothing the store says is hidden (a Fluent select). */
export const statusInWords = (tr: Translator, status: string): string => tr.text('order-card-status-in-words', { status });

// A time that cannot be read, an unknown status or assignee is shown as the store sent it: cut, like every value here.
export const cardTitle = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('order-card-title', { orderId: truncate(orderId, 200) });
/** The product's title and its id (tap to copy: what `/stock <productId>` wants), compact; either may be absent. */
export function cardProduct(tr: Translator, { title, productId }: { title: string | undefined; productId: string | undefined }): Html {
  const id = productId === undefined ? undefined : truncate(productId, 80);
  if (title === undefined) return tr.html('order-card-product-without-title', { productId: id ?? '' });
  return tr.html('order-card-product', {
    title: truncate(title, 200),
    productId: id === undefined ? '' : tr.html('order-card-product-id', { productId: id }),
  });
}
export const cardQuantity = (tr: Translator, { quantity }: { quantity: number }): Html =>
  tr.html('order-card-quantity', { quantity: tr.format.number(quantity) });
export const cardAmount = (tr: Translator, { amount }: { amount: number }): Html =>
  tr.html('order-card-amount', { amount: tr.format.number(amount) });
export const cardCreated = (tr: Translator, { createdAt }: { createdAt: string }): Html =>
  tr.html('order-card-created', { createdAt: truncate(tr.format.time(createdAt), 100) });
export const cardStatus = (tr: Translator, { status }: { status: string }): Html =>
  tr.html('order-card-status', { status: truncate(statusInWords(tr, status), 200) });
export const cardPerformedBy = (tr: Translator, { assignee }: { assignee: string }): Html =>
  tr.html('order-card-performed-by', { assignee: truncate(tr.text('order-card-assignee-in-words', { assignee }), 200) });

export const cardDeliveredValue = (tr: Translator, { value }: { value: string }): Html =>
  tr.html('order-card-delivered-value', { value: truncate(value, 1000) });
export const cardDeliveredWithoutValue = (tr: Translator): Html => tr.html('order-card-delivered-without-value');

/** A field the buyer filled in. */
export const cardField = (tr: Translator, { label, value }: { label: string; value: string }): Html =>
  tr.html('order-card-field', { label: truncate(label, 100), value: truncate(value, 500) });
/** The label of a field the store sent without label or id. */
export const unnamedField = (tr: Translator) => tr.text('order-card-unnamed-field');
export const cardMoreFields = (tr: Translator, { fields }: { fields: number }): Html => tr.html('order-card-more-fields', { fields });
