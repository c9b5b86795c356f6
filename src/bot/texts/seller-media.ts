/** What the bot says when a seller answers a buyer with something other than text: the store takes only text. */
import type { Translator } from './translator.ts';

/** The kinds of media helpers/seller-text.ts recognises; each has its name in `seller-media-name`. */
export type SellerMedia = 'photo' | 'video' | 'videoNote' | 'voice' | 'audio' | 'animation' | 'document' | 'sticker';

export const mediaNotSent = (tr: Translator, { media }: { media: SellerMedia }) => tr.text('seller-media-media-not-sent', { media });

/** Said before the caption goes out. */
export const mediaCaptionSent = (tr: Translator, { media }: { media: SellerMedia }) =>
  tr.text('seller-media-media-caption-sent', { media });
