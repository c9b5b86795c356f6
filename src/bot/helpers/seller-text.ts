/**
 * What a seller may send to a buyer (README "API assumptions": message text rules): trimmed non-empty, at most 4000
 * characters. Checked before anything is queued, so a refused text causes no store request and the seller learns
 * why at once.
 */
import { replyRefusedEmpty, replyRefusedTooLong } from '../texts/prompts.ts';

/** The store's limit (README, "API assumptions": message text rules); longer is refused before any API call. */
const SELLER_TEXT_LIMIT = 4000;

export type SellerTextCheck = { ok: true; text: string } | { ok: false; reason: string };

export function checkSellerText(raw: string): SellerTextCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: replyRefusedEmpty };
  if (text.length > SELLER_TEXT_LIMIT) return { ok: false, reason: replyRefusedTooLong({ length: text.length, limit: SELLER_TEXT_LIMIT }) };
  return { ok: true, text };
}
