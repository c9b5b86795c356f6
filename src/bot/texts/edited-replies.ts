/** What the bot says when a seller edits a reply: edits never reach the buyer, the edited text can be sent anew. */
import type { OrderId } from '../../seller-api/schemas.ts';
import type { Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import type { Translator } from './translator.ts';

export const editOfferButton = (tr: Translator) => tr.text('edited-replies-edit-offer-button');

export const editOffer = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('edited-replies-edit-offer', { orderId: idCode(orderId) });

/** The edit cannot be sent either (`reason`: why, e.g. only a caption was removed, already in the same language). */
export const editNotForwarded = (tr: Translator, { reason }: { reason: string | undefined }): string => {
  const said = tr.text('edited-replies-edit-not-forwarded');
  return reason === undefined ? said : `${said} ${reason}`;
};

export const editSending = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('edited-replies-edit-sending', { orderId: idCode(orderId) });

/** Callback answers, at most 200 characters. */
export const editSendingAnswer = (tr: Translator) => tr.text('edited-replies-edit-sending-answer');
export const editAlreadySent = (tr: Translator) => tr.text('edited-replies-edit-already-sent');
export const editOfferExpired = (tr: Translator) => tr.text('edited-replies-edit-offer-expired');
