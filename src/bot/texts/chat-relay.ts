/** Store chat messages relayed into Telegram (laid out by sink/chat-message-parts.ts). */
import type { Message, OrderId } from '../../seller-api/schemas.ts';
import { bold, italic, join, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';

const ROLE_LABELS: Record<string, string> = {
  buyer: '💬 Buyer',
  system: 'ℹ️ System',
  seller: '🏪 Seller (on the store website)',
};

const roleLabel = (role: string) => ROLE_LABELS[role] ?? `❔ ${truncate(role, 40)}`;

interface ChatMessageHeaderParams {
  role: Message['senderRole'];
  orderId: OrderId;
  productTitle: string | undefined;
  /** Which part this is, for a message split over several. */
  part: { index: number; total: number } | undefined;
}

/** The first line of a relayed message: who wrote it and which order it belongs to. */
export function chatMessageHeader({ role, orderId, productTitle, part }: ChatMessageHeaderParams): Html {
  const pieces: (Html | string)[] = [bold(roleLabel(role)), ' · order ', idCode(orderId)];
  if (productTitle) pieces.push(` · ${truncate(productTitle, 60)}`);
  if (part) pieces.push(italic(` (part ${part.index} of ${part.total})`));
  return join(pieces);
}

/** The body of a message with nothing but whitespace in it. */
export const emptyMessageBody: Html = italic('(no text)');
