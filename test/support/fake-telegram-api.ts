/**
 * A fake Telegram Bot API server for tests: a node:http server on 127.0.0.1 that speaks the Bot API the way
 * grammY calls it (POST /bot<token>/<method>, JSON or urlencoded body, `{ok, result}` / `{ok:false, error_code,
 * description, parameters}` replies), reached through grammY's `client.apiRoot`.
 *
 * It behaves like Telegram where a bot can get it wrong: HTML parse mode is parsed strictly (a bare `<` or `&`, an
 * unknown or unclosed tag fail with "can't parse entities"), the 4096-character limit applies after entity parsing,
 * editing to the same content fails with "message is not modified", replying to a missing message fails unless
 * `allow_sending_without_reply`, and getUpdates long-polls and drops updates confirmed by `offset`. A group made with
 * `isForum` has topics (fake-telegram/forum.ts): messages carry `message_thread_id`, and deleted or closed topics
 * and a missing "Manage topics" right fail as on Telegram.
 *
 * Tests act as users through `sendText`, `sendDocument`/`sendPhoto`, `tapButton`/`tapLabel`, `deleteTopic`,
 * `refuseTopicRights`, `neverStarted` (a user who never opened a private chat with the bot, which Telegram then may
 * not write to), and read the chat as a user sees it, documents the bot sent with their bytes.
 * This file wires the parts in fake-telegram/ together and is the one module tests import.
 */
import type { User } from 'grammy/types';
import { adminMethods } from './fake-telegram/admin.ts';
import { createCallbackQueries } from './fake-telegram/callbacks.ts';
import { createChats } from './fake-telegram/chats.ts';
import { createFaults } from './fake-telegram/faults.ts';
import { createFiles } from './fake-telegram/files.ts';
import { createForum } from './fake-telegram/forum.ts';
import { messageMethods } from './fake-telegram/messages.ts';
import { startServer } from './fake-telegram/server.ts';
import { uploadMethods } from './fake-telegram/uploads.ts';
import type { FakeTelegram, FakeTelegramOptions, RecordedCall } from './fake-telegram/types.ts';
import { createUpdates } from './fake-telegram/updates.ts';
import { userActions } from './fake-telegram/users.ts';

export { parseTelegramHtml } from './fake-telegram/html.ts';
// The types tests name; the others (RecordedCall, Fault, CallbackAnswer) are reached through FakeTelegram's members.
export type { ChatMessage, FakeTelegram, FakeTelegramOptions, FakeUser } from './fake-telegram/types.ts';

export const FAKE_BOT_TOKEN = '123456789:AAFakeTokenForTestsOnly-abcdefghijkl';

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? FAKE_BOT_TOKEN;
  const botUser: User = {
    id: options.bot?.id ?? Number(token.split(':')[0]),
    is_bot: true,
    first_name: options.bot?.first_name ?? 'Bridge Test Bot',
    username: options.bot?.username ?? 'bridge_test_bot',
  };

  const calls: RecordedCall[] = [];
  const chats = createChats(botUser, options.groups, options.history);
  const updates = createUpdates();
  const queries = createCallbackQueries();
  const faults = createFaults();
  const files = createFiles(botUser, chats, updates);
  const forum = createForum(botUser, chats);
  const server = await startServer({
    token,
    calls,
    faults,
    methods: {
      ...adminMethods(botUser, chats),
      ...messageMethods(botUser, chats, forum),
      ...forum.methods,
      ...queries.methods,
      ...updates.methods,
      ...files.methods,
      ...uploadMethods(botUser, chats),
    },
    fileAt: files.bytesAt,
  });

  return {
    apiRoot: server.apiRoot,
    token,
    botUser,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    chat: (chatId) => [...chats.messagesOf(chatId)],
    botMessages: (chatId) =>
      chats.messagesOf(chatId).filter((message) => message.fromBot && !message.deleted && message.topicCreated === undefined),
    message: (chatId, messageId) => chats.messagesOf(chatId).find((message) => message.messageId === messageId),
    ...userActions(chats, updates, queries, forum),
    ...forum.actions,
    ...files.actions,
    callbackAnswer: queries.answerOf,
    failNext: faults.failNext,
    refuseChat: faults.refuseChat,
    deleteMessage(chatId, messageId) {
      const message = chats.findMessage(chatId, messageId);
      if (message) message.deleted = true;
    },
    neverStarted: (userId) => void chats.neverStarted(userId),
    pendingUpdates: updates.pending,
    async close() {
      // A long poll in progress ends now rather than holding the server open until its timeout.
      updates.wakeAll();
      await server.close();
    },
  };
}
