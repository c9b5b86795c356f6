/**
 * Buyer messages of one order that wait together go out as few Telegram messages as fit: each message keeps its own
 * header (who wrote it) and its own parts (chat-message-parts.ts), and consecutive parts are packed, in order, into
 * one Telegram message while it stays within 4096 characters. A part is never cut again, so each part lands whole.
 */
import { join, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';

/** The blank line between two relayed messages packed together. */
const BETWEEN = '\n\n';

export interface Block<K> {
  /** Whose part this is (the queue item). */
  owner: K;
  part: Html;
}

export interface Packed<K> {
  html: Html;
  /** The blocks in it, in order. */
  blocks: Block<K>[];
}

/** The first Telegram message of `blocks`: as many leading blocks as fit, at least one. */
export function packFirst<K>(blocks: readonly Block<K>[], limit = TELEGRAM_TEXT_LIMIT): Packed<K> {
  const first = blocks[0];
  if (first === undefined) throw new RangeError('packFirst: nothing to pack');
  const taken = [first];
  let length = first.part.length;
  for (const block of blocks.slice(1)) {
    const grown = length + BETWEEN.length + block.part.length;
    if (grown > limit) break;
    taken.push(block);
    length = grown;
  }
  return {
    html: join(
      taken.map((block) => block.part),
      BETWEEN,
    ),
    blocks: taken,
  };
}
