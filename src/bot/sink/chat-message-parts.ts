/**
 * A store chat message as Telegram messages: a header (who wrote it, which order) and the text, split so every part
 * stays within Telegram's 4096 characters after entity parsing. Nothing is dropped: the parts' bodies concatenated
 * are the original text. Each body is escaped on its own (split first, escape after), so no entity is cut.
 */
import type { Message, OrderId } from '../../seller-api/schemas.ts';
import { join, TELEGRAM_TEXT_LIMIT, text, type Html } from '../helpers/html.ts';
import { splitText } from '../helpers/split-text.ts';
import { chatMessageHeader, emptyMessageBody } from '../texts/chat-relay.ts';
import type { Translator } from '../texts/translator.ts';

/** The blank line between header and body. */
const SEPARATOR = '\n\n';

export function chatMessageParts(tr: Translator, order: { id: OrderId; productTitle?: string | undefined }, message: Message): Html[] {
  const header = (part?: { index: number; total: number }) =>
    chatMessageHeader(tr, {
      role: message.senderRole,
      orderId: order.id,
      productTitle: order.productTitle,
      // A message that fits in one part is not numbered.
      part: part && part.total > 1 ? part : undefined,
    });
  if (message.text.trim() === '') return [join([header(), emptyMessageBody(tr)], SEPARATOR)];
  // The longest header any part can get, so the split does not depend on the part count it produces.
  const budget = TELEGRAM_TEXT_LIMIT - header({ index: 999, total: 999 }).length - SEPARATOR.length;
  const bodies = splitText(message.text, budget);
  return bodies.map((body, index) => join([header({ index: index + 1, total: bodies.length }), text(body)], SEPARATOR));
}
