/** What tests do as users: write in a chat and tap buttons. Each action queues the update the bot will poll. */
import type { Message, Update, User } from 'grammy/types';
import type { CallbackQueries } from './callbacks.ts';
import type { Chats } from './chats.ts';
import type { Forum } from './forum.ts';
import type { Updates } from './updates.ts';
import type { FakeTelegram, FakeUser } from './types.ts';

type UserActions = Pick<FakeTelegram, 'sendText' | 'tapButton' | 'tapLabel' | 'sendCallback'>;

/** A user's message in a chat's history, and the Bot API's Message for it (text and command entities). */
export function userMessage(chats: Chats, from: FakeUser, text: string, chatId: number, replyTo?: number, threadId?: number): Message {
  const { chatOf, findMessage, addMessage, toTelegramMessage } = chats;
  chatOf(chatId, from);
  if (chatId === from.id) chats.started(from.id);
  if (replyTo !== undefined && !findMessage(chatId, replyTo)) throw new Error(`no message ${replyTo} in chat ${chatId}`);
  const message = addMessage({
    chatId,
    fromId: from.id,
    fromBot: false,
    text,
    source: text,
    parseMode: undefined,
    replyMarkup: undefined,
    replyToMessageId: replyTo,
    threadId,
  });
  const telegramMessage = toTelegramMessage(message);
  (telegramMessage as { from: User }).from = {
    id: from.id,
    is_bot: false,
    first_name: from.first_name,
    ...(from.username ? { username: from.username } : {}),
  };
  return telegramMessage;
}

export function userActions(chats: Chats, updates: Updates, queries: CallbackQueries, forum: Forum): UserActions {
  const { findMessage, toTelegramMessage } = chats;

  const callback = (from: FakeUser, messageId: number, data: string, chatId: number, checkButton: boolean): string => {
    const message = findMessage(chatId, messageId);
    if (!message) throw new Error(`no message ${messageId} in chat ${chatId}`);
    if (checkButton) {
      const buttons = message.replyMarkup?.inline_keyboard.flat() ?? [];
      if (!buttons.some((button) => 'callback_data' in button && button.callback_data === data)) {
        throw new Error(`message ${messageId} has no button with data ${data}`);
      }
    }
    const id = queries.open();
    updates.push({
      callback_query: {
        id,
        from: { id: from.id, is_bot: false, first_name: from.first_name },
        chat_instance: `instance${chatId}`,
        message: toTelegramMessage(message) as never,
        data,
      },
    });
    return id;
  };

  return {
    sendText(from, text, options = {}) {
      const chatId = options.chatId ?? from.id;
      const threadId = forum.threadOfUserMessage(chatId, options.threadId, options.replyTo);
      const message = userMessage(chats, from, text, chatId, options.replyTo, threadId);
      updates.push({ message: message as Update['message'] & object });
      return message;
    },
    tapButton: (from, messageId, data, options = {}) => callback(from, messageId, data, options.chatId ?? from.id, true),
    tapLabel(from, messageId, label, options = {}) {
      const chatId = options.chatId ?? from.id;
      const button = findMessage(chatId, messageId)
        ?.replyMarkup?.inline_keyboard.flat()
        .find((item) => item.text === label);
      if (!button || !('callback_data' in button)) throw new Error(`message ${messageId} has no button labelled ${label}`);
      return callback(from, messageId, button.callback_data, chatId, true);
    },
    sendCallback: (from, messageId, data, options = {}) => callback(from, messageId, data, options.chatId ?? from.id, false),
  };
}
