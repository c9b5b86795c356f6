/**
 * Updates as Telegram delivers them, for `bot.handleUpdate` in tests that do not poll: a user's message (text, or a
 * photo, document, sticker, voice or video with an optional caption), an edit of it, a button tap, and the service
 * messages of a group upgraded to a supergroup.
 */
import type { Message, Update } from 'grammy/types';

export interface UpdateUser {
  id: number;
  first_name: string;
}

export type MediaKind = 'photo' | 'document' | 'sticker' | 'voice' | 'video';

let nextUpdateId = 1;
let nextQueryId = 1;
const date = () => Math.floor(Date.now() / 1000);
const chatOf = (chatId: number) =>
  chatId < 0
    ? { id: chatId, type: 'supergroup' as const, title: 'Store orders' }
    : { id: chatId, type: 'private' as const, first_name: 'User' };
const userOf = (from: UpdateUser) => ({ id: from.id, is_bot: false, first_name: from.first_name });

/** The message replied to, as Telegram embeds it (the bot's own message). */
const repliedTo = (chatId: number, messageId: number, botId: number) =>
  ({
    message_id: messageId,
    date: date(),
    chat: chatOf(chatId),
    from: { id: botId, is_bot: true, first_name: 'Bot' },
    text: '…',
  }) as Message;

const MEDIA: Record<MediaKind, Record<string, unknown>> = {
  photo: { photo: [{ file_id: 'photo-1', file_unique_id: 'p1', width: 90, height: 90 }] },
  document: { document: { file_id: 'doc-1', file_unique_id: 'd1', file_name: 'invoice.pdf' } },
  sticker: {
    sticker: { file_id: 'st-1', file_unique_id: 's1', type: 'regular', width: 512, height: 512, is_animated: false, is_video: false },
  },
  voice: { voice: { file_id: 'voice-1', file_unique_id: 'v1', duration: 3 } },
  video: { video: { file_id: 'video-1', file_unique_id: 'vd1', width: 640, height: 480, duration: 5 } },
};

export interface MessageInput {
  from: UpdateUser;
  chatId: number;
  messageId: number;
  /** A reply to this message of the bot. */
  replyTo?: { messageId: number; botId: number };
  text?: string;
  media?: MediaKind;
  caption?: string;
}

function message(input: MessageInput): Message {
  return {
    message_id: input.messageId,
    date: date(),
    chat: chatOf(input.chatId),
    from: userOf(input.from),
    ...(input.replyTo ? { reply_to_message: repliedTo(input.chatId, input.replyTo.messageId, input.replyTo.botId) } : {}),
    ...(input.text === undefined ? {} : { text: input.text }),
    ...(input.text?.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: input.text.split(' ')[0]!.length }] } : {}),
    ...(input.media === undefined ? {} : MEDIA[input.media]),
    ...(input.caption === undefined ? {} : { caption: input.caption }),
  } as Message;
}

type UserMessage = Update['message'] & object;

export const messageUpdate = (input: MessageInput): Update => ({ update_id: nextUpdateId++, message: message(input) as UserMessage });

/** The same message edited: Telegram sends it whole, with `edit_date`. */
export const editedMessageUpdate = (input: MessageInput, editDate = date()): Update => ({
  update_id: nextUpdateId++,
  edited_message: { ...message(input), edit_date: editDate } as Update['edited_message'] & object,
});

export const callbackUpdate = (input: { from: UpdateUser; chatId: number; messageId: number; data: string; botId: number }): Update => ({
  update_id: nextUpdateId++,
  callback_query: {
    id: `query-${nextQueryId++}`,
    from: userOf(input.from),
    chat_instance: `instance${input.chatId}`,
    message: { ...repliedTo(input.chatId, input.messageId, input.botId) } as never,
    data: input.data,
  },
});

/** The service message in the old group: it became the supergroup `to`. */
export const migratedToUpdate = (input: { from: UpdateUser; chatId: number; to: number; messageId: number }): Update => ({
  update_id: nextUpdateId++,
  message: {
    message_id: input.messageId,
    date: date(),
    chat: { id: input.chatId, type: 'group', title: 'Store orders' },
    from: userOf(input.from),
    migrate_to_chat_id: input.to,
  } as UserMessage,
});
