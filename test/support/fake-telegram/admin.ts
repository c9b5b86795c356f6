/** The bot's own settings (getMe, webhook, commands) and chat lookups: the calls made at start-up and by the doctor. */
import type { User } from 'grammy/types';
import type { Chats } from './chats.ts';
import { requireNumber } from './params.ts';
import type { Methods } from './server.ts';

export function adminMethods(botUser: User, chats: Chats): Methods {
  let commands: unknown = [];
  return {
    getMe: () => ({ ...botUser, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false }),
    deleteWebhook: () => true,
    setMyCommands: (params) => {
      commands = params.commands;
      return true;
    },
    getMyCommands: () => commands,
    getChat: (params) => chats.chatOf(requireNumber(params, 'chat_id')),
    // The bot is a plain member of every group the fake knows (enough for the doctor's write check).
    getChatMember: (params) => {
      chats.chatOf(requireNumber(params, 'chat_id'));
      return { status: 'member', user: { id: requireNumber(params, 'user_id'), is_bot: true, first_name: 'member' } };
    },
    sendChatAction: (params) => {
      chats.chatOf(requireNumber(params, 'chat_id'));
      return true;
    },
  };
}
