/** Store chat messages relayed into Telegram (laid out by sink/chat-message-parts.ts). */
import type { Message, OrderId } from '../../seller-api/schemas.ts';
import { join, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import { storeTag } from './stores.ts';
import type { Translator } from './translator.ts';

interface ChatMessageHeaderParams {
  role: Message['senderRole'];
  orderId: OrderId;
  productTitle: string | undefined;
  /** Which part this is, for a message split over several. */
  part: { index: number; total: number } | undefined;
}

/** The first line of a relayed message: who wrote it and which order it belongs to. An unknown role is shown, cut. */
export function chatMessageHeader(tr: Translator, { role, orderId, productTitle, part }: ChatMessageHeaderParams): Html {
  const pieces = [tr.html('chat-relay-header', { role: truncate(role, 40), orderId: idCode(orderId) })];
  if (productTitle) pieces.push(tr.html('chat-relay-header-product', { title: truncate(productTitle, 60) }));
  const store = storeTag(tr, orderId);
  if (store) pieces.push(store);
  if (part) pieces.push(tr.html('chat-relay-header-part', { index: part.index, total: part.total }));
  return join(pieces);
}

/** The body of a message with nothing but whitespace in it. */
export const emptyMessageBody = (tr: Translator): Html => tr.html('chat-relay-empty-message-body');
