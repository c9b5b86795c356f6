/**
 * What a seller may send to a buyer (docs/api-assumptions.md: message text rules): trimmed non-empty, at most 4000
 * characters. Checked before anything is queued, so a refused text causes no store request and the seller learns
 * why at once. The store takes only text: of a photo, a file, a voice message… only the caption can be sent.
 */
import type { Message } from 'grammy/types';
import { replyRefusedEmpty, replyRefusedNotText, replyRefusedTooLong } from '../texts/prompts.ts';
import { mediaCaptionSent, mediaNotSent, type SellerMedia } from '../texts/seller-media.ts';
import type { Translator } from '../texts/translator.ts';

/** The store's limit (docs/api-assumptions.md: message text rules); longer is refused before any API call. */
const SELLER_TEXT_LIMIT = 4000;

type SellerTextCheck = { ok: true; text: string } | { ok: false; reason: string };

function checkSellerText(tr: Translator, raw: string): SellerTextCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: replyRefusedEmpty(tr) };
  if (text.length > SELLER_TEXT_LIMIT)
    return { ok: false, reason: replyRefusedTooLong(tr, { length: text.length, limit: SELLER_TEXT_LIMIT }) };
  return { ok: true, text };
}

/** Media a seller may answer with, in the order they are recognised (an animation also carries a `document`). */
const SELLER_MEDIA: readonly SellerMedia[] = ['photo', 'video', 'videoNote', 'voice', 'audio', 'animation', 'document', 'sticker'];

const MEDIA_FIELDS: Record<SellerMedia, keyof Message> = {
  photo: 'photo',
  video: 'video',
  videoNote: 'video_note',
  voice: 'voice',
  audio: 'audio',
  animation: 'animation',
  document: 'document',
  sticker: 'sticker',
};

/** What to do with a seller's message meant for the buyer: what to say under it first, and what to send. */
export interface SellerReplyPlan {
  say: string | undefined;
  send: string | undefined;
}

/** `tr`: the language of the seller who wrote it (what is said goes to them). */
export function planSellerReply(tr: Translator, message: Message): SellerReplyPlan {
  if (message.text !== undefined) {
    const checked = checkSellerText(tr, message.text);
    return checked.ok ? { say: undefined, send: checked.text } : { say: checked.reason, send: undefined };
  }
  const media = SELLER_MEDIA.find((kind) => message[MEDIA_FIELDS[kind]] !== undefined);
  if (media === undefined) return { say: replyRefusedNotText(tr), send: undefined };
  const caption = message.caption === undefined ? undefined : checkSellerText(tr, message.caption);
  return caption?.ok ? { say: mediaCaptionSent(tr, { media }), send: caption.text } : { say: mediaNotSent(tr, { media }), send: undefined };
}
