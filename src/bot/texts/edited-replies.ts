/** What the bot says when a seller edits a reply: edits never reach the buyer, the edited text can be sent anew. */
import type { OrderId } from '../../seller-api/schemas.ts';
import { join, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';

export const editOfferButton = 'Send the edited text';

export const editOffer = ({ orderId }: { orderId: OrderId }): Html =>
  join([
    '✏️ Edits do not reach the buyer: they have your message as you first sent it. Send the edited text to the buyer of order ',
    idCode(orderId),
    ' as a new message?',
  ]);

/** The edit cannot be sent either (`reason`: why, e.g. only a caption was removed). */
export const editNotForwarded = ({ reason }: { reason: string | undefined }): string =>
  reason === undefined
    ? '✏️ Edits do not reach the buyer: they have your message as you first sent it.'
    : `✏️ Edits do not reach the buyer: they have your message as you first sent it. ${reason}`;

export const editSending = ({ orderId }: { orderId: OrderId }): Html =>
  join(['✉️ The edited text goes to the buyer of order ', idCode(orderId), ' as a new message.']);

/** Callback answers, at most 200 characters. */
export const editSendingAnswer = 'Sending the edited text…';
export const editAlreadySent = 'Already sent.';
export const editOfferExpired = 'This offer has expired. Reply to the order card again with the text.';
