/**
 * A store chat message as Telegram messages: a header (who wrote it, which order) and the text, split so every part
 * stays within Telegram's 4096 characters after entity parsing. Nothing is dropped: the parts' bodies concatenated
 * are the original text. Each body is escaped on its own (split first, escape after), so no entity is cut.
 */
import type { Message, OrderId } from '../../seller-api/schemas.ts';
import { chatMessageHeader, chatMessagePart, TELEGRAM_TEXT_LIMIT } from '../texts.ts';
import { italic, join, type Html } from '../helpers/html.ts';
import { splitText } from '../helpers/split-text.ts';

/** The blank line between header and body. */
const SEPARATOR_LENGTH = 2;

export function chatMessageParts(order: { id: OrderId; productTitle?: string | undefined }, message: Message): Html[] {
  const header = (part?: { index: number; total: number }) => chatMessageHeader(message.senderRole, order.id, order.productTitle, part);
  if (message.text.trim() === '') return [join([header(), italic('(no text)')], '\n\n')];
  // The longest header any part can get, so the split does not depend on the part count it produces.
  const budget = TELEGRAM_TEXT_LIMIT - header({ index: 999, total: 999 }).length - SEPARATOR_LENGTH;
  const bodies = splitText(message.text, budget);
  return bodies.map((body, index) => chatMessagePart(header({ index: index + 1, total: bodies.length }), body));
}
