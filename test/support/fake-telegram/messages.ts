/**
 * The bot's messages: send, edit, delete, react. They fail where Telegram fails: text over 4096 characters after
 * entity parsing, an edit to the same content ("message is not modified"), a reply to a missing message unless
 * `allow_sending_without_reply`, callback data outside 1-64 bytes.
 */
import type { InlineKeyboardMarkup, User } from 'grammy/types';
import type { Chats } from './chats.ts';
import { badRequest } from './errors.ts';
import { parseTelegramHtml } from './html.ts';
import { asNumber, requireNumber } from './params.ts';
import type { Methods } from './server.ts';
import type { Forum } from './forum.ts';

const MAX_TEXT_LENGTH = 4096;
const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function renderText(params: Record<string, unknown>): { text: string; source: string; parseMode: string | undefined } {
  const source = params.text;
  if (typeof source !== 'string') throw badRequest('message text is empty');
  const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
  if (parseMode !== undefined && parseMode !== 'HTML') throw badRequest(`unsupported parse_mode ${parseMode} in this fake`);
  const text = parseMode === 'HTML' ? parseTelegramHtml(source).text : source;
  if (text.trim() === '') throw badRequest('message text is empty');
  if (text.length > MAX_TEXT_LENGTH) throw badRequest('message is too long');
  return { text, source, parseMode };
}

function validateMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  if (markup === undefined || markup === null) return undefined;
  const keyboard = (markup as InlineKeyboardMarkup).inline_keyboard;
  if (!Array.isArray(keyboard)) return undefined; // force_reply and friends: not kept
  if (keyboard.every((row) => row.length === 0)) return undefined; // an empty keyboard is no keyboard
  for (const row of keyboard) {
    for (const button of row) {
      if ('callback_data' in button) {
        const bytes = Buffer.byteLength(button.callback_data, 'utf8');
        if (bytes < 1 || bytes > 64) throw badRequest('BUTTON_DATA_INVALID');
      }
    }
  }
  return markup as InlineKeyboardMarkup;
}

export function messageMethods(botUser: User, chats: Chats, forum: Forum): Methods {
  const { chatOf, findMessage, allocateMessageId, addMessage, toTelegramMessage } = chats;
  return {
    sendMessage: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      chatOf(chatId);
      chats.requireWritable(chatId);
      const { text, source, parseMode } = renderText(params);
      const replyParameters = params.reply_parameters as { message_id?: number; allow_sending_without_reply?: boolean } | undefined;
      const replyToId = asNumber(replyParameters?.message_id) ?? asNumber(params.reply_to_message_id);
      let replyToMessageId: number | undefined;
      if (replyToId !== undefined) {
        if (findMessage(chatId, replyToId)) replyToMessageId = replyToId;
        else if (!replyParameters?.allow_sending_without_reply) throw badRequest('message to be replied not found');
      }
      const threadId = forum.threadOfSend(
        chatId,
        params,
        replyToMessageId === undefined ? undefined : findMessage(chatId, replyToMessageId),
      );
      const message = addMessage({
        chatId,
        messageId: allocateMessageId(chatId),
        fromId: botUser.id,
        fromBot: true,
        text,
        source,
        parseMode,
        replyMarkup: validateMarkup(params.reply_markup),
        replyToMessageId,
        threadId,
      });
      return toTelegramMessage(message);
    },
    editMessageText: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      const message = findMessage(chatId, requireNumber(params, 'message_id'));
      if (!message) throw badRequest('message to edit not found');
      if (!message.fromBot) throw badRequest("message can't be edited");
      const { text, source, parseMode } = renderText(params);
      const markup = validateMarkup(params.reply_markup);
      const sameContent = message.source === source && message.parseMode === parseMode;
      if (sameContent && sameJson(message.replyMarkup, markup)) throw badRequest(NOT_MODIFIED);
      Object.assign(message, { text, source, parseMode, replyMarkup: markup, edits: message.edits + 1 });
      return toTelegramMessage(message);
    },
    editMessageReplyMarkup: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      const message = findMessage(chatId, requireNumber(params, 'message_id'));
      if (!message) throw badRequest('message to edit not found');
      const markup = validateMarkup(params.reply_markup);
      if (sameJson(message.replyMarkup, markup)) throw badRequest(NOT_MODIFIED);
      Object.assign(message, { replyMarkup: markup, edits: message.edits + 1 });
      return toTelegramMessage(message);
    },
    deleteMessage: (params) => {
      const message = findMessage(requireNumber(params, 'chat_id'), requireNumber(params, 'message_id'));
      if (!message) throw badRequest('message to delete not found');
      message.deleted = true;
      return true;
    },
    setMessageReaction: (params) => {
      const message = findMessage(requireNumber(params, 'chat_id'), requireNumber(params, 'message_id'));
      if (!message) throw badRequest('message to react not found');
      const reaction = (params.reaction ?? []) as { type: string; emoji?: string }[];
      message.reactions = reaction.map((item) => item.emoji ?? item.type);
      return true;
    },
  };
}
