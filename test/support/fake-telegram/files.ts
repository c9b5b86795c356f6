/**
 * Files users send: a document or a photo with a caption, `getFile`, and the download at `GET /file/bot<token>/<path>`.
 * The bot's own `sendDocument` with an uploaded file (multipart.ts): kept in the chat with its bytes, so a test reads
 * what the recipient would download; a caption over 1024 characters after entity parsing fails, as on Telegram.
 * A file may announce another size than it has (`announcedSize`), as a test of a bot that trusts `file_size`; the
 * download is streamed without a Content-Length, so only counting the bytes that arrive can cap it.
 */
import type { Message, Update, User } from 'grammy/types';
import type { Chats } from './chats.ts';
import { badRequest } from './errors.ts';
import { commandEntities, parseTelegramHtml } from './html.ts';
import type { UploadedFile } from './types.ts';
import { requireNumber } from './params.ts';
import type { Methods } from './server.ts';
import type { FakeTelegram, FakeUser, SentDocument } from './types.ts';
import type { Updates } from './updates.ts';
import { userMessage } from './users.ts';

interface StoredFile {
  fileId: string;
  path: string;
  bytes: Buffer;
  /** What `file_size` says; absent when undefined. */
  size: number | undefined;
}

type FileActions = Pick<FakeTelegram, 'sendDocument' | 'sendPhoto'>;

const MAX_CAPTION_LENGTH = 1024;

export function createFiles(botUser: User, chats: Chats, updates: Updates) {
  const files = new Map<string, StoredFile>();
  let next = 1;

  const store = (bytes: Buffer, extension: string, announcedSize: number | null | undefined): StoredFile => {
    const n = next++;
    const file = {
      fileId: `file-${n}`,
      path: `documents/file_${n}.${extension}`,
      bytes,
      size: announcedSize === null ? undefined : (announcedSize ?? bytes.byteLength),
    };
    files.set(file.fileId, file);
    return file;
  };

  /** A captioned message: the caption stands in the chat's history as its text. */
  const captioned = (from: FakeUser, caption: string, chatId: number, media: Record<string, unknown>): Message => {
    const message = userMessage(chats, from, caption, chatId) as unknown as Record<string, unknown>;
    delete message.text;
    delete message.entities;
    const entities = commandEntities(caption);
    Object.assign(message, media, caption === '' ? {} : { caption }, entities.length > 0 ? { caption_entities: entities } : {});
    updates.push({ message: message as unknown as Update['message'] & object });
    return message as unknown as Message;
  };

  const methods: Methods = {
    sendDocument: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      chats.chatOf(chatId);
      chats.requireWritable(chatId);
      const upload = params.document as UploadedFile | undefined;
      if (!upload || !Buffer.isBuffer(upload.bytes)) throw badRequest('there is no document in the request');
      const source = typeof params.caption === 'string' ? params.caption : '';
      const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
      const caption = parseMode === 'HTML' ? parseTelegramHtml(source).text : source;
      if (caption.length > MAX_CAPTION_LENGTH) throw badRequest('message caption is too long');
      const file = store(upload.bytes, upload.fileName?.split('.').pop() ?? 'bin', undefined);
      const message = chats.addMessage({
        chatId,
        fromId: botUser.id,
        fromBot: true,
        text: caption,
        source,
        parseMode,
        replyMarkup: undefined,
        replyToMessageId: undefined,
        document: { fileName: upload.fileName, bytes: upload.bytes },
        media: { kind: 'document', file: { fileName: upload.fileName, bytes: upload.bytes } },
      });
      const sent = chats.toTelegramMessage(message) as unknown as Record<string, unknown>;
      delete sent.text;
      return { ...sent, caption, document: { file_id: file.fileId, file_unique_id: `u${file.fileId}`, file_name: upload.fileName } };
    },
    getFile: (params) => {
      const file = files.get(String(params.file_id ?? ''));
      if (!file) throw badRequest('invalid file_id');
      return {
        file_id: file.fileId,
        file_unique_id: `u${file.fileId}`,
        file_path: file.path,
        ...(file.size === undefined ? {} : { file_size: file.size }),
      };
    },
  };

  const actions: FileActions = {
    sendDocument(from, document: SentDocument, options = {}) {
      const bytes = Buffer.from(document.content);
      const file = store(bytes, document.fileName?.split('.').pop() ?? 'bin', document.announcedSize);
      const media = {
        document: {
          file_id: file.fileId,
          file_unique_id: `u${file.fileId}`,
          ...(document.fileName === undefined ? {} : { file_name: document.fileName }),
          ...(document.mimeType === undefined ? {} : { mime_type: document.mimeType }),
          ...(file.size === undefined ? {} : { file_size: file.size }),
        },
      };
      return captioned(from, document.caption ?? '', options.chatId ?? from.id, media);
    },
    sendPhoto(from, caption, options = {}) {
      const file = store(Buffer.from('\xff\xd8\xff\xe0 not really a jpeg', 'latin1'), 'jpg', undefined);
      const photo = [{ file_id: file.fileId, file_unique_id: `u${file.fileId}`, width: 90, height: 90, file_size: file.size }];
      return captioned(from, caption, options.chatId ?? from.id, { photo });
    },
  };

  return {
    methods,
    actions,
    /** The bytes at a download path, or undefined for a path no getFile gave out. */
    bytesAt: (path: string) => [...files.values()].find((file) => file.path === path)?.bytes,
  };
}
