/** What tests see of the fake Telegram Bot API: its handle, the chats as users see them, and the faults it can inject. */
import type { InlineKeyboardMarkup, Message, Update, User } from 'grammy/types';

export interface FakeUser {
  id: number;
  first_name: string;
  username?: string;
}

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  /** Whether the fake answered ok (a programmed fault or a validation error records false). */
  ok: boolean;
  at: number;
}

/** A message as a chat member would see it. */
export interface ChatMessage {
  chatId: number;
  messageId: number;
  /** The bot or the user who wrote it. */
  fromId: number;
  fromBot: boolean;
  /** Text after entity parsing: what a person reads. */
  text: string;
  /** The raw text the bot sent (HTML source when parse_mode was HTML). */
  source: string;
  parseMode: string | undefined;
  replyMarkup: InlineKeyboardMarkup | undefined;
  replyToMessageId: number | undefined;
  reactions: string[];
  edits: number;
  deleted: boolean;
  date: number;
  /** The forum topic it is in; undefined: General, or not a forum. */
  threadId?: number | undefined;
  /** A document the bot sent, with the bytes the recipient downloads; its caption is the message's text. */
  document?: { fileName: string | undefined; bytes: Buffer };
  /** The topic's "topic created" service message (its id is the topic's id), with the topic's first name. */
  topicCreated?: string;
  pinned?: boolean;
  /** A photo or document the bot sent; `text` is then its caption. */
  media?: { kind: 'photo' | 'document'; file: UploadedFile };
}

/** A file the bot uploaded, as the multipart body carried it. */
export interface UploadedFile {
  fileName: string | undefined;
  bytes: Buffer;
}

/** A forum topic as members see it. */
export interface FakeTopic {
  threadId: number;
  name: string;
  closed: boolean;
  /** Deleted by a person, with its messages. */
  deleted: boolean;
}

export type Fault =
  | {
      error_code: number;
      description?: string;
      retry_after?: number;
    }
  /** The connection is cut before any answer: the client sees a network error (grammY's HttpError). */
  | { network: 'reset' };

/** A file a user sends as a document. */
export interface SentDocument {
  content: string | Uint8Array;
  fileName?: string;
  mimeType?: string;
  caption?: string;
  /** The `file_size` Telegram reports (default: the real size); null: none reported. */
  announcedSize?: number | null;
}

export interface CallbackAnswer {
  text: string | undefined;
  showAlert: boolean;
}

export interface FakeTelegramOptions {
  token?: string;
  bot?: { id?: number; username?: string; first_name?: string };
  /** Chats the fake knows besides private chats of users (which are created on first use). */
  groups?: { id: number; title: string; type: 'group' | 'supergroup'; isForum?: boolean }[];
  /** Messages the chats already hold, as an earlier fake's `chat()` gave them (a recorded history): new ones follow. */
  history?: readonly ChatMessage[];
}

export interface FakeTelegram {
  /** For grammY's `client.apiRoot`. */
  apiRoot: string;
  token: string;
  botUser: User;
  /** Every API call the bot made, in order; a file download is recorded as `downloadFile` with its `path`. */
  calls: RecordedCall[];
  callsOf(method: string): RecordedCall[];
  /** Messages of a chat in order, deleted ones included (marked). */
  chat(chatId: number): ChatMessage[];
  /** Messages the bot posted in a chat. */
  botMessages(chatId: number): ChatMessage[];
  message(chatId: number, messageId: number): ChatMessage | undefined;
  /** A user writes in a chat (their private chat with the bot unless `chatId` is given). */
  sendText(from: FakeUser, text: string, options?: { chatId?: number; replyTo?: number; threadId?: number }): Message;
  /** A user sends a file as a document, with a caption (their private chat with the bot unless `chatId` is given). */
  sendDocument(from: FakeUser, document: SentDocument, options?: { chatId?: number }): Message;
  /** A user sends a photo with this caption. */
  sendPhoto(from: FakeUser, caption: string, options?: { chatId?: number }): Message;
  /** A user taps an inline button of a message; throws if the message has no button with that data. */
  tapButton(from: FakeUser, messageId: number, data: string, options?: { chatId?: number }): string;
  /** A user taps the button with this label. */
  tapLabel(from: FakeUser, messageId: number, label: string, options?: { chatId?: number }): string;
  /** A forged or stale callback: sent whatever buttons the message has. */
  sendCallback(from: FakeUser, messageId: number, data: string, options?: { chatId?: number }): string;
  /** The bot's answer to a callback query, once given. */
  callbackAnswer(queryId: string): CallbackAnswer | undefined;
  /** The next call(s) of this method fail as given. */
  failNext(method: string, fault: Fault, times?: number): void;
  /** Until cleared with undefined, every call naming the chat meets the fault (the bot blocked or kicked there). */
  refuseChat(chatId: number, fault: Fault | undefined): void;
  /** Someone deletes a message (the bot can no longer edit it). */
  deleteMessage(chatId: number, messageId: number): void;
  /** The forum topics of a chat, deleted ones included (marked). */
  topics(chatId: number): FakeTopic[];
  /** A person deletes a topic, and with it every message in it. */
  deleteTopic(chatId: number, threadId: number): void;
  /** A person closes a topic. */
  closeTopic(chatId: number, threadId: number): void;
  /** The bot loses (or, with false, gets back) the admin right "Manage topics" in this chat. */
  refuseTopicRights(chatId: number, refuse?: boolean): void;
  /** The user never opened a private chat with the bot: the bot's messages to them fail with 403 until they write. */
  neverStarted(userId: number): void;
  /** Updates queued and not yet confirmed by an offset. */
  pendingUpdates(): Update[];
  close(): Promise<void>;
}
