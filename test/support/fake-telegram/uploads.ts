/**
 * Photos the bot sends: sendPhoto with an uploaded file (multipart, server.ts; documents are files.ts's). The message keeps the
 * file's bytes, so a test reads the picture or the document the user would get; its caption is its text, parsed
 * like a message's and held to Telegram's 1024 characters.
 */
import type { User } from 'grammy/types';
import type { Chats } from './chats.ts';
import { badRequest } from './errors.ts';
import { parseTelegramHtml } from './html.ts';
import { requireNumber } from './params.ts';
import type { Methods } from './server.ts';
import type { UploadedFile } from './types.ts';

const MAX_CAPTION_LENGTH = 1024;

const isUpload = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).bytes);

export function uploadMethods(botUser: User, chats: Chats): Methods {
  const send = (kind: 'photo') => (params: Record<string, unknown>) => {
    const chatId = requireNumber(params, 'chat_id');
    chats.chatOf(chatId);
    const file = params[kind];
    if (!isUpload(file)) throw badRequest(`${kind} must be an uploaded file in this fake`);
    if (file.bytes.byteLength === 0) throw badRequest('file must be non-empty');
    const source = typeof params.caption === 'string' ? params.caption : '';
    const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
    const text = parseMode === 'HTML' ? parseTelegramHtml(source).text : source;
    if (text.length > MAX_CAPTION_LENGTH) throw badRequest('message caption is too long');
    const message = chats.addMessage({
      chatId,
      fromId: botUser.id,
      fromBot: true,
      text,
      source,
      parseMode,
      replyMarkup: undefined,
      replyToMessageId: undefined,
      media: { kind, file },
    });
    return chats.toTelegramMessage(message);
  };
  // sendDocument is files.ts's: a document sent can also be downloaded again, as a user would.
  return { sendPhoto: send('photo') };
}
