/** The steps of Cancel, Deliver and replies to buyers: questions, previews, what was done, and refused input. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import { statusInWords } from './order-card.ts';
import type { Translator } from './translator.ts';

/** Names the refund when the order's amount is known. */
export const cancelQuestion = (tr: Translator, { orderId, amount }: { orderId: OrderId; amount: number | undefined }): Html =>
  tr.html('prompts-cancel-question', { orderId: idCode(orderId), amount: amount === undefined ? 'none' : tr.format.number(amount) });
export const cancelRequested = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-cancel-requested', { orderId: idCode(orderId) });
/** The line of a Cancel once the store cancelled the order. */
export const cancelDone = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-cancel-done', { orderId: idCode(orderId) });
export const cancelDropped = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-cancel-dropped', { orderId: idCode(orderId) });
/** Confirm on a question older than its lifetime (or one the bridge no longer knows). */
export const cancelExpired = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-cancel-expired', { orderId: idCode(orderId) });
/** Confirm on a question whose order changed status since it was asked; `now` undefined: the bridge no longer knows it. */
export const cancelOrderMoved = (tr: Translator, { orderId, was, now }: { orderId: OrderId; was: string; now: string | undefined }): Html =>
  tr.html('prompts-cancel-order-moved', {
    orderId: idCode(orderId),
    now: now === undefined ? 'none' : statusInWords(tr, now),
    was: statusInWords(tr, was),
  });

export const deliverAsk = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-deliver-ask', { orderId: idCode(orderId) });
export const deliverPreview = (tr: Translator, { orderId, value }: { orderId: OrderId; value: string | undefined }): Html =>
  value === undefined
    ? tr.html('prompts-deliver-preview-without-value', { orderId: idCode(orderId) })
    : tr.html('prompts-deliver-preview', { orderId: idCode(orderId), value: truncate(value, 3000) });
export const deliverRequested = (tr: Translator, { orderId, value }: { orderId: OrderId; value: string | undefined }): Html =>
  tr.html('prompts-deliver-requested', { orderId: idCode(orderId), withValue: value === undefined ? 'no' : 'yes' });
/** The line of a Deliver once the store took the delivery. */
export const deliverDone = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-deliver-done', { orderId: idCode(orderId) });
export const deliverDropped = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-deliver-dropped', { orderId: idCode(orderId) });
/** The prompt, refusals and preview of a Deliver step that waited too long are edited to this. */
export const deliverExpired = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-deliver-expired', { orderId: idCode(orderId) });
/** The messages of a Deliver step whose order moved on (delivered elsewhere, cancelled) are edited to this. */
export const deliverMovedOn = (tr: Translator, { orderId, status }: { orderId: OrderId; status: string }): Html =>
  tr.html('prompts-deliver-moved-on', { orderId: idCode(orderId), status });
/** Answers to a reply to a message of a Deliver step that is not taken as its value. */
export const deliverReplyExpired = (tr: Translator) => tr.text('prompts-deliver-reply-expired');
export const deliverReplyMovedOn = (tr: Translator) => tr.text('prompts-deliver-reply-moved-on');
export const deliverReplyOthers = (tr: Translator) => tr.text('prompts-deliver-reply-others');
export const deliverReplyWaiting = (tr: Translator) => tr.text('prompts-deliver-reply-waiting');
export const deliverValueEmpty = (tr: Translator) => tr.text('prompts-deliver-value-empty');
export const deliverValueTooLong = (tr: Translator, { length, limit }: { length: number; limit: number }) =>
  tr.text('prompts-deliver-value-too-long', { length, limit });

export const replyAsk = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('prompts-reply-ask', { orderId: idCode(orderId) });
/** Shown in the input field while /reply waits for the text. */
export const replyPlaceholder = (tr: Translator) => tr.text('prompts-reply-placeholder');
export const replyRefusedEmpty = (tr: Translator) => tr.text('prompts-reply-refused-empty');
export const replyRefusedTooLong = (tr: Translator, { length, limit }: { length: number; limit: number }) =>
  tr.text('prompts-reply-refused-too-long', { length, limit });
export const replyRefusedNotText = (tr: Translator) => tr.text('prompts-reply-refused-not-text');
export const replyNotLinked = (tr: Translator) => tr.text('prompts-reply-not-linked');
