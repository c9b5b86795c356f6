/**
 * The order card's layout: the head (what the order is), the buyer's fields, the tail (what was delivered), within
 * Telegram's length limit whatever the buyer typed: fields that do not fit give way to an "…and N more fields" line.
 */
import type { FieldValue, Order } from '../../seller-api/schemas.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import {
  cardAmount,
  cardCreated,
  cardDeliveredValue,
  cardDeliveredWithoutValue,
  cardField,
  cardMoreFields,
  cardPerformedBy,
  cardProduct,
  cardQuantity,
  cardStatus,
  cardTitle,
  unnamedField,
} from '../texts/order-card.ts';

/** Room kept for the "…and N more fields" line, in case a later field does not fit. */
const MORE_FIELDS_ROOM = 40;

/** Lines another part of the card adds under it (auto-delivery), and whether they already show the delivered value. */
export interface CardExtra {
  lines: readonly Html[];
  showsValue: boolean;
}

/** The order card: what a seller needs to act. */
export function orderCard(order: Order, extra: CardExtra = { lines: [], showsValue: false }): Html {
  const head: Html[] = [cardTitle({ orderId: order.id })];
  if (order.productTitle) head.push(cardProduct({ title: order.productTitle }));
  if (order.quantity !== undefined) head.push(cardQuantity({ quantity: order.quantity }));
  if (order.amount !== undefined) head.push(cardAmount({ amount: order.amount }));
  if (order.createdAt) head.push(cardCreated({ createdAt: order.createdAt }));
  head.push(cardStatus({ status: order.status }));
  if (order.assigneeType) head.push(cardPerformedBy({ assignee: order.assigneeType }));

  const tail: Html[] = [];
  if (extra.showsValue) tail.push(...extra.lines);
  else if (order.deliveredValue !== undefined && order.deliveredValue !== '')
    tail.push(cardDeliveredValue({ value: order.deliveredValue }));
  else if (order.deliveredAt) tail.push(cardDeliveredWithoutValue);
  if (!extra.showsValue) tail.push(...extra.lines);

  // The head and tail with the blank lines around the fields.
  const fixed = lines([...head, ...tail]).length + 2;
  const shown = fittingFields((order.fieldValues ?? []).map(fieldLine), fixed);
  const sections = [lines(head)];
  if (shown.length > 0) sections.push(lines(shown));
  if (tail.length > 0) sections.push(lines(tail));
  return join(sections, '\n\n');
}

const fieldLine = (field: FieldValue): Html => cardField({ label: field.label ?? field.fieldId ?? unnamedField, value: field.value ?? '' });

/** The fields that fit after `used` characters; when some do not, the "…and N more fields" line takes their place. */
function fittingFields(fields: readonly Html[], fixed: number): Html[] {
  const shown: Html[] = [];
  let used = fixed;
  for (const [index, field] of fields.entries()) {
    const more = fields.length - index;
    if (used + field.length + 1 + MORE_FIELDS_ROOM > TELEGRAM_TEXT_LIMIT && more > 1) {
      shown.push(cardMoreFields({ count: more }));
      break;
    }
    shown.push(field);
    used += field.length + 1;
  }
  return shown;
}
