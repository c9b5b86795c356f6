/**
 * The order card's layout: the head (what the order is), the buyer's fields, the tail (what was delivered), within
 * Telegram's length limit whatever the store sent: every head and tail line is cut to a bounded length
 * (texts/order-card.ts), and fields that do not fit give way to an "…and N more fields" line.
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
import { storeLine, storeTitleOf } from '../texts/stores.ts';
import type { Translator } from '../texts/translator.ts';

/** The blank line between two sections. */
const SECTION_BREAK = '\n\n';

/** Lines another part of the card adds under it (auto-delivery), and whether they already show the delivered value. */
export interface CardExtra {
  lines: readonly Html[];
  showsValue: boolean;
  /** Who did what lately ("taken by Anna · 14:02", audit/card-lines.ts), last on the card. */
  audit?: readonly Html[];
}

/**
 * Somebody performs the order once it was taken: the store names an assignee (`user`) on a paid order nobody took,
 * which would read "performed by a person on the store website" on a new order's card.
 */
const isPerformed = (order: Order): boolean => order.takenAt !== undefined || (order.status !== 'paid' && order.status !== 'cancelled');

/** The order card: what a seller needs to act, in the chat's language (`tr`). */
export function orderCard(tr: Translator, order: Order, extra: CardExtra = { lines: [], showsValue: false }): Html {
  const head: Html[] = [cardTitle(tr, { orderId: order.id })];
  const store = storeTitleOf(tr, order.id);
  if (store !== undefined) head.push(storeLine(tr, store));
  if (order.productTitle || order.productId)
    head.push(cardProduct(tr, { title: order.productTitle || undefined, productId: order.productId }));
  if (order.quantity !== undefined) head.push(cardQuantity(tr, { quantity: order.quantity }));
  if (order.amount !== undefined) head.push(cardAmount(tr, { amount: order.amount }));
  if (order.createdAt) head.push(cardCreated(tr, { createdAt: order.createdAt }));
  head.push(cardStatus(tr, { status: order.status }));
  if (order.assigneeType && isPerformed(order)) head.push(cardPerformedBy(tr, { assignee: order.assigneeType }));

  const tail: Html[] = [];
  if (extra.showsValue) tail.push(...extra.lines);
  else if (order.deliveredValue !== undefined && order.deliveredValue !== '')
    tail.push(cardDeliveredValue(tr, { value: order.deliveredValue }));
  else if (order.deliveredAt) tail.push(cardDeliveredWithoutValue(tr));
  if (!extra.showsValue) tail.push(...extra.lines);
  tail.push(...(extra.audit ?? []));

  const fields = (order.fieldValues ?? []).map((field) => fieldLine(tr, field));
  const card = layout(head, fittingFields(tr, fields, roomForFields(head, tail)), tail);
  // The rule above keeps every card within the limit; should a text ever outgrow its bound, the order still shows.
  return card.length <= TELEGRAM_TEXT_LIMIT
    ? card
    : layout(head, fields.length > 0 ? [cardMoreFields(tr, { fields: fields.length })] : [], tail);
}

const fieldLine = (tr: Translator, field: FieldValue): Html =>
  cardField(tr, { label: field.label ?? field.fieldId ?? unnamedField(tr), value: field.value ?? '' });

function layout(head: readonly Html[], fields: readonly Html[], tail: readonly Html[]): Html {
  const sections = [lines(head)];
  if (fields.length > 0) sections.push(lines(fields));
  if (tail.length > 0) sections.push(lines(tail));
  return join(sections, SECTION_BREAK);
}

/** What the field lines may take, with their newlines and the blank line before them, beside the head and the tail. */
function roomForFields(head: readonly Html[], tail: readonly Html[]): number {
  const fixed = layout(head, [], tail).length + SECTION_BREAK.length;
  return TELEGRAM_TEXT_LIMIT - fixed;
}

/**
 * The field lines that fit in `room`, in order. A field goes in only if, after it, there is still room for the
 * line that would name the fields after it; the first that does not fit is replaced by that line, so the card
 * never goes over, whichever field is the last.
 */
function fittingFields(tr: Translator, fields: readonly Html[], room: number): Html[] {
  const shown: Html[] = [];
  let used = 0;
  for (const [index, field] of fields.entries()) {
    const after = fields.length - index - 1;
    const moreAfter = after > 0 ? 1 + cardMoreFields(tr, { fields: after }).length : 0;
    const newline = shown.length > 0 ? 1 : 0;
    if (used + newline + field.length + moreAfter > room) {
      shown.push(cardMoreFields(tr, { fields: fields.length - index }));
      break;
    }
    shown.push(field);
    used += newline + field.length;
  }
  return shown;
}
