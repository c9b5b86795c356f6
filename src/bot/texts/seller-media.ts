/** What the bot says when a seller answers a buyer with something other than text: the store takes only text. */
/** How each kind of media is called in the texts (helpers/seller-text.ts recognises them). */
const MEDIA_NAMES = {
  photo: 'photo',
  video: 'video',
  videoNote: 'video message',
  voice: 'voice message',
  audio: 'audio file',
  animation: 'GIF',
  document: 'file',
  sticker: 'sticker',
} as const;

export type SellerMedia = keyof typeof MEDIA_NAMES;

export const mediaNotSent = ({ media }: { media: SellerMedia }) =>
  `Not sent: the store takes only text, so this ${MEDIA_NAMES[media]} cannot reach the buyer. Write your answer as text.`;

/** Said before the caption goes out. */
export const mediaCaptionSent = ({ media }: { media: SellerMedia }) =>
  `The store takes only text: this ${MEDIA_NAMES[media]} does not reach the buyer. Its caption is sent as text.`;
