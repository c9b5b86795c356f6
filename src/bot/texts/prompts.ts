/** The steps of Cancel, Deliver and replies to buyers: questions, previews, what was done, and refused input. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { bold, code, join, lines, truncate, type Html } from '../helpers/html.ts';
import { BUTTONS } from './buttons.ts';
import { formatNumber, idCode } from './format.ts';
import { statusInWords } from './order-card.ts';

/** Names the refund when the order's amount is known. */
export const cancelQuestion = ({ orderId, amount }: { orderId: OrderId; amount: number | undefined }): Html =>
  join([
    '❓ Cancel order ',
    idCode(orderId),
    ' and refund ',
    amount === undefined ? 'the buyer' : bold(formatNumber(amount)),
    amount === undefined ? '' : ' to the buyer',
    '?',
  ]);
export const cancelRequested = ({ orderId }: { orderId: OrderId }): Html =>
  join(['⏳ Cancelling order ', idCode(orderId), ' and refunding…']);
export const cancelDropped = ({ orderId }: { orderId: OrderId }): Html => join(['Order ', idCode(orderId), ' was not cancelled.']);
/** Confirm on a question older than its lifetime (or one the bridge no longer knows). */
export const cancelExpired = ({ orderId }: { orderId: OrderId }): Html =>
  join(['⌛ This question about order ', idCode(orderId), ' expired, so nothing was cancelled. Tap Cancel on the card again.']);
/** Confirm on a question whose order changed status since it was asked; `now` undefined: the bridge no longer knows it. */
export const cancelOrderMoved = ({ orderId, was, now }: { orderId: OrderId; was: string; now: string | undefined }): Html =>
  join([
    '⚠️ Order ',
    idCode(orderId),
    ' is now ',
    now === undefined ? 'unknown to this bridge' : statusInWords(now),
    ` (it was ${statusInWords(was)} when you were asked), so it was not cancelled. Tap Cancel on the card again if you still want to.`,
  ]);

export const deliverAsk = ({ orderId }: { orderId: OrderId }): Html =>
  lines([
    join(['📦 Delivering order ', idCode(orderId), '.']),
    `Reply to this message with the issued value (a code, a link, a login…), or tap “${BUTTONS.deliverWithoutValue}”.`,
  ]);
export const deliverPreview = ({ orderId, value }: { orderId: OrderId; value: string | undefined }): Html =>
  value === undefined
    ? join(['Deliver order ', idCode(orderId), ' ', bold('without a value'), '?'])
    : lines([join(['Deliver order ', idCode(orderId), ' with this value?']), code(truncate(value, 3000))]);
export const deliverRequested = ({ orderId, value }: { orderId: OrderId; value: string | undefined }): Html =>
  join(['⏳ Delivering order ', idCode(orderId), value === undefined ? ' without a value…' : '…']);
export const deliverDropped = ({ orderId }: { orderId: OrderId }): Html => join(['Order ', idCode(orderId), ' was not delivered.']);
/** The prompt, refusals and preview of a Deliver step that waited too long are edited to this. */
export const deliverExpired = ({ orderId }: { orderId: OrderId }): Html =>
  join(['⌛ This Deliver step for order ', idCode(orderId), ' expired: nothing was delivered. Tap Deliver on the card again.']);
/** Answers to a reply to a message of a Deliver step that is not taken as its value. */
export const deliverReplyExpired =
  'This Deliver prompt expired, so your reply was neither used as the value nor sent to the buyer. Tap Deliver on the order card again.';
export const deliverReplyOthers =
  'This Deliver step belongs to another admin, so your reply was not sent to the buyer. To deliver yourself, tap Deliver on the order card.';
export const deliverReplyWaiting =
  'Not sent to the buyer: this Deliver step is waiting for Confirm or Back. To change the value, tap Back, then Deliver again.';
export const deliverValueEmpty = 'The value is empty. Reply with the issued value, or tap the button.';
export const deliverValueTooLong = ({ length, limit }: { length: number; limit: number }) =>
  `The value is ${length} characters long; at most ${limit} are accepted. Send a shorter value.`;

export const replyAsk = ({ orderId }: { orderId: OrderId }): Html =>
  join(['✍️ Reply to this message with your text for the buyer of order ', idCode(orderId), '.']);
/** Shown in the input field while /reply waits for the text. */
export const replyPlaceholder = 'Text for the buyer';
export const replyRefusedEmpty = 'Not sent: the message is empty.';
export const replyRefusedTooLong = ({ length, limit }: { length: number; limit: number }) =>
  `Not sent: the message is ${length} characters long; the store accepts at most ${limit}. Split it and send again.`;
export const replyRefusedNotText = 'Not sent: only text can be sent to the buyer.';
export const replyNotLinked = 'This message is not linked to an order. Reply to an order card or to a buyer message.';
