/**
 * The chats the fake knows and their messages. Message ids count per chat, as on Telegram; a deleted message stays
 * in the history, marked, so tests can see what was removed.
 */
import type { Chat, Message, User } from 'grammy/types';
import { ApiError, badRequest } from './errors.ts';
import { commandEntities, parseTelegramHtml } from './html.ts';
import type { ChatMessage, FakeTelegramOptions, FakeUser } from './types.ts';

export function createChats(botUser: User, groups: FakeTelegramOptions['groups'] = [], recorded: FakeTelegramOptions['history'] = []) {
  const chats = new Map<number, Chat>();
  /** Users who never opened a private chat with the bot: Telegram refuses the bot's first message to them. */
  const notStarted = new Set<number>();
  const history = new Map<number, ChatMessage[]>();
  const nextMessageId = new Map<number, number>();

  for (const group of groups) {
    chats.set(group.id, { id: group.id, type: group.type, title: group.title, ...(group.isForum ? { is_forum: true } : {}) } as Chat);
  }
  for (const message of recorded) {
    history.set(message.chatId, [...(history.get(message.chatId) ?? []), structuredClone(message)]);
    nextMessageId.set(message.chatId, Math.max(nextMessageId.get(message.chatId) ?? 1, message.messageId + 1));
  }

  /** A known chat; a user's private chat is created on first use, an unknown group is "chat not found". */
  const chatOf = (chatId: number, user?: FakeUser): Chat => {
    const known = chats.get(chatId);
    if (known) return known;
    if (chatId < 0) throw badRequest('chat not found');
    const chat = { id: chatId, type: 'private', first_name: user?.first_name ?? `user${chatId}` } as Chat;
    chats.set(chatId, chat);
    return chat;
  };

  const messagesOf = (chatId: number): ChatMessage[] => {
    let list = history.get(chatId);
    if (!list) {
      list = [];
      history.set(chatId, list);
    }
    return list;
  };

  const findMessage = (chatId: number, messageId: number) =>
    messagesOf(chatId).find((message) => message.messageId === messageId && !message.deleted);

  const allocateMessageId = (chatId: number): number => {
    const id = nextMessageId.get(chatId) ?? 1;
    nextMessageId.set(chatId, id + 1);
    return id;
  };

  /**
   * Stores a new message at the end of its chat: dated now, with no reactions or edits yet, under the chat's next
   * message id unless `messageId` was already allocated.
   */
  const addMessage = ({
    messageId,
    ...fields
  }: Omit<ChatMessage, 'messageId' | 'reactions' | 'edits' | 'deleted' | 'date'> & { messageId?: number }): ChatMessage => {
    const message: ChatMessage = {
      messageId: messageId ?? allocateMessageId(fields.chatId),
      ...fields,
      reactions: [],
      edits: 0,
      deleted: false,
      date: Math.floor(Date.now() / 1000),
    };
    messagesOf(fields.chatId).push(message);
    return message;
  };

  /** The Bot API's Message for a stored one; a reply carries the message it answers, one level deep. */
  const toTelegramMessage = (message: ChatMessage, withReply = true): Message => {
    const from: User = message.fromBot ? botUser : { id: message.fromId, is_bot: false, first_name: `user${message.fromId}` };
    const result: Record<string, unknown> = {
      message_id: message.messageId,
      date: message.date,
      chat: chatOf(message.chatId),
      from,
    };
    if (message.topicCreated !== undefined) result.forum_topic_created = { name: message.topicCreated, icon_color: 7322096 };
    else if (message.media === undefined) result.text = message.text;
    else Object.assign(result, { caption: message.text, [message.media.kind]: mediaOf(message.media) });
    if (message.threadId !== undefined) Object.assign(result, { message_thread_id: message.threadId, is_topic_message: true });
    const entities = message.parseMode === 'HTML' ? parseTelegramHtml(message.source).entities : commandEntities(message.text);
    if (entities.length > 0) result.entities = entities;
    if (message.replyMarkup) result.reply_markup = message.replyMarkup;
    // In a topic, a message that answers nothing names the topic's service message as its reply, as on Telegram.
    const topicStart = message.topicCreated === undefined ? message.threadId : undefined;
    const repliedId = message.replyToMessageId ?? topicStart;
    if (withReply && repliedId !== undefined) {
      const replied = findMessage(message.chatId, repliedId);
      if (replied) result.reply_to_message = toTelegramMessage(replied, false);
    }
    return result as unknown as Message;
  };

  /** A bot's send to a user who never wrote to it fails as on Telegram; writing to the bot opens the chat. */
  const requireWritable = (chatId: number): void => {
    if (notStarted.has(chatId)) throw new ApiError(403, "Forbidden: bot can't initiate conversation with a user");
  };
  const neverStarted = (userId: number) => notStarted.add(userId);
  const started = (userId: number) => notStarted.delete(userId);

  return { chatOf, messagesOf, findMessage, allocateMessageId, addMessage, toTelegramMessage, requireWritable, neverStarted, started };
}

/** A sent photo or document as the Bot API describes it (one size of a photo). */
const mediaOf = ({ kind, file }: NonNullable<ChatMessage['media']>) => {
  const described = { file_id: `sent-${file.fileName}`, file_unique_id: `u-${file.fileName}`, file_size: file.bytes.byteLength };
  return kind === 'photo' ? [{ ...described, width: 1, height: 1 }] : { ...described, file_name: file.fileName };
};

export type Chats = ReturnType<typeof createChats>;
