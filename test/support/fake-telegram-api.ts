/**
 * A fake Telegram Bot API server for tests: a node:http server on 127.0.0.1 that speaks the Bot API the way
 * grammY calls it (POST /bot<token>/<method>, JSON or urlencoded body, `{ok, result}` / `{ok:false, error_code,
 * description, parameters}` replies), reached through grammY's `client.apiRoot`.
 *
 * It behaves like Telegram where a bot can get it wrong: HTML parse mode is parsed strictly (a bare `<` or `&`, an
 * unknown or unclosed tag fail with "can't parse entities"), the 4096-character limit applies after entity parsing,
 * editing to the same content fails with "message is not modified", replying to a missing message fails unless
 * `allow_sending_without_reply`, and getUpdates long-polls and drops updates confirmed by `offset`.
 *
 * Tests act as users through `sendText`, `tapButton`/`tapLabel`, and read the chat as a user sees it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Chat, InlineKeyboardMarkup, Message, MessageEntity, Update, User } from 'grammy/types';

export const FAKE_BOT_TOKEN = '123456789:AAFakeTokenForTestsOnly-abcdefghijkl';

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
}

export type Fault =
  | {
      error_code: number;
      description?: string;
      retry_after?: number;
    }
  /** The connection is cut before any answer: the client sees a network error (grammY's HttpError). */
  | { network: 'reset' };

export interface CallbackAnswer {
  text: string | undefined;
  showAlert: boolean;
}

export interface FakeTelegramOptions {
  token?: string;
  bot?: { id?: number; username?: string; first_name?: string };
  /** Chats the fake knows besides private chats of users (which are created on first use). */
  groups?: { id: number; title: string; type: 'group' | 'supergroup' }[];
}

export interface FakeTelegram {
  /** For grammY's `client.apiRoot`. */
  apiRoot: string;
  token: string;
  botUser: User;
  /** Every API call the bot made, in order. */
  calls: RecordedCall[];
  callsOf(method: string): RecordedCall[];
  /** Messages of a chat in order, deleted ones included (marked). */
  chat(chatId: number): ChatMessage[];
  /** Messages the bot posted in a chat. */
  botMessages(chatId: number): ChatMessage[];
  message(chatId: number, messageId: number): ChatMessage | undefined;
  /** A user writes in a chat (their private chat with the bot unless `chatId` is given). */
  sendText(from: FakeUser, text: string, options?: { chatId?: number; replyTo?: number }): Message;
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
  /** Someone deletes a message (the bot can no longer edit it). */
  deleteMessage(chatId: number, messageId: number): void;
  /** Updates queued and not yet confirmed by an offset. */
  pendingUpdates(): Update[];
  close(): Promise<void>;
}

interface ApiFailure {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(description);
  }
}

const badRequest = (description: string) => new ApiError(400, `Bad Request: ${description}`);

const MAX_TEXT_LENGTH = 4096;
const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

// ---------------------------------------------------------------------------------------------------------------
// HTML parse mode, as strict as Telegram's parser

const SUPPORTED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'code',
  'pre',
  'a',
  'tg-spoiler',
  'span',
  'blockquote',
  'tg-emoji',
]);
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface ParsedHtml {
  text: string;
  entities: MessageEntity[];
}

const ENTITY_TYPES: Record<string, MessageEntity['type']> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  code: 'code',
  pre: 'pre',
  a: 'text_link',
  'tg-spoiler': 'spoiler',
  span: 'spoiler',
  blockquote: 'blockquote',
  'tg-emoji': 'custom_emoji',
};

/** Parses Telegram HTML into plain text and entities, failing the way Telegram does on malformed input. */
export function parseTelegramHtml(source: string): ParsedHtml {
  let text = '';
  const entities: MessageEntity[] = [];
  const open: { tag: string; offset: number; href?: string }[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '<') {
      const end = source.indexOf('>', i);
      if (end === -1) throw badRequest(`can't parse entities: Unclosed start tag at byte offset ${i}`);
      const inner = source.slice(i + 1, end);
      const closing = inner.startsWith('/');
      const match = /^\/?([a-z][a-z0-9-]*)(\s[^<>]*)?$/i.exec(inner);
      if (!match) throw badRequest(`can't parse entities: Unsupported start tag "${inner}" at byte offset ${i}`);
      const tag = match[1]!.toLowerCase();
      if (!SUPPORTED_TAGS.has(tag)) {
        throw badRequest(`can't parse entities: Unsupported start tag "${tag}" at byte offset ${i}`);
      }
      if (closing) {
        const top = open.pop();
        if (!top || top.tag !== tag) {
          throw badRequest(
            `can't parse entities: Unmatched end tag at byte offset ${i}, expected "</${top?.tag ?? ''}>", found "</${tag}>"`,
          );
        }
        const length = text.length - top.offset;
        if (length > 0) {
          const type = ENTITY_TYPES[tag]!;
          entities.push(
            type === 'text_link'
              ? { type, offset: top.offset, length, url: top.href ?? '' }
              : ({ type, offset: top.offset, length } as MessageEntity),
          );
        }
      } else {
        const href = /href\s*=\s*"([^"]*)"/i.exec(match[2] ?? '')?.[1];
        open.push({ tag, offset: text.length, ...(href === undefined ? {} : { href }) });
      }
      i = end + 1;
    } else if (char === '&') {
      const match = /^&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/i.exec(source.slice(i, i + 12));
      if (!match) throw badRequest(`can't parse entities: Character '&' is reserved and must be escaped at byte offset ${i}`);
      const name = match[1]!;
      let decoded: string | undefined;
      if (name.startsWith('#x') || name.startsWith('#X')) decoded = String.fromCodePoint(parseInt(name.slice(2), 16));
      else if (name.startsWith('#')) decoded = String.fromCodePoint(parseInt(name.slice(1), 10));
      else decoded = NAMED_ENTITIES[name.toLowerCase()];
      if (decoded === undefined) throw badRequest(`can't parse entities: Unknown entity "${name}" at byte offset ${i}`);
      text += decoded;
      i += match[0].length;
    } else if (char === '>') {
      throw badRequest(`can't parse entities: Character '>' is reserved and must be escaped at byte offset ${i}`);
    } else {
      text += char;
      i += 1;
    }
  }
  if (open.length > 0) throw badRequest(`can't parse entities: Can't find end tag corresponding to start tag "${open.at(-1)!.tag}"`);
  return { text, entities };
}

/** Commands at the start of a text become a bot_command entity, as Telegram's clients send them. */
function commandEntities(text: string): MessageEntity[] {
  const match = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
  return match ? [{ type: 'bot_command', offset: 0, length: match[0].length }] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// request parsing

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  // Form bodies carry objects as JSON strings, numbers as strings.
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    try {
      params[key] = JSON.parse(value);
    } catch {
      params[key] = value;
    }
  }
  return params;
}

const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

const requireNumber = (params: Record<string, unknown>, name: string): number => {
  const value = asNumber(params[name]);
  if (value === undefined) throw badRequest(`${name} is required`);
  return value;
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// ---------------------------------------------------------------------------------------------------------------

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? FAKE_BOT_TOKEN;
  const botUser: User = {
    id: options.bot?.id ?? Number(token.split(':')[0]),
    is_bot: true,
    first_name: options.bot?.first_name ?? 'Bridge Test Bot',
    username: options.bot?.username ?? 'bridge_test_bot',
  };

  const calls: RecordedCall[] = [];
  const chats = new Map<number, Chat>();
  const history = new Map<number, ChatMessage[]>();
  const nextMessageId = new Map<number, number>();
  const faults = new Map<string, Fault[]>();
  const answers = new Map<string, CallbackAnswer>();
  const liveQueries = new Set<string>();
  let updates: Update[] = [];
  let nextUpdateId = 1;
  let nextQueryId = 1;
  const waiters = new Set<() => void>();
  let commands: unknown = [];

  for (const group of options.groups ?? []) chats.set(group.id, { id: group.id, type: group.type, title: group.title } as Chat);

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

  const toTelegramMessage = (message: ChatMessage, withReply = true): Message => {
    const from: User = message.fromBot ? botUser : { id: message.fromId, is_bot: false, first_name: `user${message.fromId}` };
    const result: Record<string, unknown> = {
      message_id: message.messageId,
      date: message.date,
      chat: chatOf(message.chatId),
      from,
      text: message.text,
    };
    const entities = message.parseMode === 'HTML' ? parseTelegramHtml(message.source).entities : commandEntities(message.text);
    if (entities.length > 0) result.entities = entities;
    if (message.replyMarkup) result.reply_markup = message.replyMarkup;
    if (withReply && message.replyToMessageId !== undefined) {
      const replied = findMessage(message.chatId, message.replyToMessageId);
      if (replied) result.reply_to_message = toTelegramMessage(replied, false);
    }
    return result as unknown as Message;
  };

  const pushUpdate = (update: Omit<Update, 'update_id'>) => {
    updates.push({ update_id: nextUpdateId++, ...update } as Update);
    for (const wake of [...waiters]) wake();
  };

  const renderText = (params: Record<string, unknown>): { text: string; source: string; parseMode: string | undefined } => {
    const source = params.text;
    if (typeof source !== 'string') throw badRequest('message text is empty');
    const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
    if (parseMode !== undefined && parseMode !== 'HTML') throw badRequest(`unsupported parse_mode ${parseMode} in this fake`);
    const text = parseMode === 'HTML' ? parseTelegramHtml(source).text : source;
    if (text.trim() === '') throw badRequest('message text is empty');
    if (text.length > MAX_TEXT_LENGTH) throw badRequest('message is too long');
    return { text, source, parseMode };
  };

  const validateMarkup = (markup: unknown): InlineKeyboardMarkup | undefined => {
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
  };

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    getMe: () => ({ ...botUser, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false }),
    deleteWebhook: () => true,
    setMyCommands: (params) => {
      commands = params.commands;
      return true;
    },
    getMyCommands: () => commands,
    getChat: (params) => chatOf(requireNumber(params, 'chat_id')),
    // The bot is a plain member of every group the fake knows (enough for the doctor's write check).
    getChatMember: (params) => {
      chatOf(requireNumber(params, 'chat_id'));
      return { status: 'member', user: { id: requireNumber(params, 'user_id'), is_bot: true, first_name: 'member' } };
    },
    sendChatAction: (params) => {
      chatOf(requireNumber(params, 'chat_id'));
      return true;
    },
    sendMessage: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      chatOf(chatId);
      const { text, source, parseMode } = renderText(params);
      const replyParameters = params.reply_parameters as { message_id?: number; allow_sending_without_reply?: boolean } | undefined;
      const replyToId = asNumber(replyParameters?.message_id) ?? asNumber(params.reply_to_message_id);
      let replyToMessageId: number | undefined;
      if (replyToId !== undefined) {
        if (findMessage(chatId, replyToId)) replyToMessageId = replyToId;
        else if (!replyParameters?.allow_sending_without_reply) throw badRequest('message to be replied not found');
      }
      const message: ChatMessage = {
        chatId,
        messageId: allocateMessageId(chatId),
        fromId: botUser.id,
        fromBot: true,
        text,
        source,
        parseMode,
        replyMarkup: validateMarkup(params.reply_markup),
        replyToMessageId,
        reactions: [],
        edits: 0,
        deleted: false,
        date: Math.floor(Date.now() / 1000),
      };
      messagesOf(chatId).push(message);
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
    answerCallbackQuery: (params) => {
      const id = String(params.callback_query_id ?? '');
      if (!liveQueries.has(id)) throw badRequest('query is too old and response timeout expired or query ID is invalid');
      liveQueries.delete(id);
      answers.set(id, {
        text: typeof params.text === 'string' ? params.text : undefined,
        showAlert: params.show_alert === true,
      });
      return true;
    },
  };

  const getUpdates = async (params: Record<string, unknown>, response: ServerResponse): Promise<Update[]> => {
    const offset = asNumber(params.offset) ?? 0;
    const limit = Math.min(Math.max(asNumber(params.limit) ?? 100, 1), 100);
    const timeoutMs = (asNumber(params.timeout) ?? 0) * 1000;
    // An offset confirms every update before it: they are gone for good, as on Telegram.
    if (offset > 0) updates = updates.filter((update) => update.update_id >= offset);
    const ready = () => updates.filter((update) => update.update_id >= offset).slice(0, limit);
    if (ready().length > 0 || timeoutMs <= 0) return ready();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        response.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
      // The response's close (not the request's) tells that the client went away: grammY aborts on bot.stop().
      response.on('close', done);
    });
    return ready();
  };

  const record = (method: string, params: Record<string, unknown>, ok: boolean) => {
    calls.push({ method, params, ok, at: Date.now() });
  };
  /** Recorded on arrival (a long poll is visible while it waits); `ok` is filled in when it is answered. */
  const arrive = (method: string, params: Record<string, unknown>): RecordedCall => {
    const call = { method, params, ok: false, at: Date.now() };
    calls.push(call);
    return call;
  };

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    if (response.writableEnded || response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (!match) return reply(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, requestToken, method] = match as unknown as [string, string, string];
    let params: Record<string, unknown>;
    try {
      params = await readBody(request);
    } catch {
      return reply(response, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid body' });
    }
    if (requestToken !== token) {
      record(method, params, false);
      return reply(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    const fault = faults.get(method)?.shift();
    if (fault && 'network' in fault) {
      record(method, params, false);
      request.socket.destroy();
      return;
    }
    if (fault) {
      record(method, params, false);
      const body: ApiFailure = {
        ok: false,
        error_code: fault.error_code,
        description:
          fault.description ??
          (fault.error_code === 429 ? `Too Many Requests: retry after ${fault.retry_after ?? 1}` : 'Internal Server Error'),
        ...(fault.retry_after === undefined ? {} : { parameters: { retry_after: fault.retry_after } }),
      };
      return reply(response, fault.error_code, body);
    }
    const call = arrive(method, params);
    try {
      let result: unknown;
      if (method === 'getUpdates') result = await getUpdates(params, response);
      else {
        const implementation = methods[method];
        if (!implementation) throw new ApiError(404, 'Not Found: method not found');
        result = implementation(params);
      }
      call.ok = true;
      reply(response, 200, { ok: true, result });
    } catch (error) {
      if (error instanceof ApiError)
        return reply(response, error.code, { ok: false, error_code: error.code, description: error.description });
      reply(response, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    }
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const userMessage = (from: FakeUser, text: string, chatId: number, replyTo?: number): Message => {
    chatOf(chatId, from);
    if (replyTo !== undefined && !findMessage(chatId, replyTo)) throw new Error(`no message ${replyTo} in chat ${chatId}`);
    const message: ChatMessage = {
      chatId,
      messageId: allocateMessageId(chatId),
      fromId: from.id,
      fromBot: false,
      text,
      source: text,
      parseMode: undefined,
      replyMarkup: undefined,
      replyToMessageId: replyTo,
      reactions: [],
      edits: 0,
      deleted: false,
      date: Math.floor(Date.now() / 1000),
    };
    messagesOf(chatId).push(message);
    const telegramMessage = toTelegramMessage(message);
    (telegramMessage as { from: User }).from = {
      id: from.id,
      is_bot: false,
      first_name: from.first_name,
      ...(from.username ? { username: from.username } : {}),
    };
    return telegramMessage;
  };

  const callback = (from: FakeUser, messageId: number, data: string, chatId: number, checkButton: boolean): string => {
    const message = findMessage(chatId, messageId);
    if (!message) throw new Error(`no message ${messageId} in chat ${chatId}`);
    if (checkButton) {
      const buttons = message.replyMarkup?.inline_keyboard.flat() ?? [];
      if (!buttons.some((button) => 'callback_data' in button && button.callback_data === data)) {
        throw new Error(`message ${messageId} has no button with data ${data}`);
      }
    }
    const id = String(nextQueryId++);
    liveQueries.add(id);
    pushUpdate({
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
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    botUser,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    chat: (chatId) => [...messagesOf(chatId)],
    botMessages: (chatId) => messagesOf(chatId).filter((message) => message.fromBot && !message.deleted),
    message: (chatId, messageId) => messagesOf(chatId).find((message) => message.messageId === messageId),
    sendText(from, text, options = {}) {
      const message = userMessage(from, text, options.chatId ?? from.id, options.replyTo);
      pushUpdate({ message: message as Update['message'] & object });
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
    callbackAnswer: (queryId) => answers.get(queryId),
    failNext(method, fault, times = 1) {
      const list = faults.get(method) ?? [];
      for (let i = 0; i < times; i++) list.push(fault);
      faults.set(method, list);
    },
    deleteMessage(chatId, messageId) {
      const message = findMessage(chatId, messageId);
      if (message) message.deleted = true;
    },
    pendingUpdates: () => [...updates],
    async close() {
      for (const wake of [...waiters]) wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
