/**
 * Forum groups (topics): createForumTopic, editForumTopic, closeForumTopic, reopenForumTopic and pinChatMessage, and
 * where a message lands. As on Telegram, a topic's id (`message_thread_id`) is the id of its "topic created" service
 * message; a send names its topic or inherits the topic of the message it replies to; a send into a deleted topic
 * fails with "message thread not found", into a closed one with TOPIC_CLOSED. Tests act as people: they delete a
 * topic (with its messages), close one, and take away the bot's "Manage topics" right.
 */
import type { User } from 'grammy/types';
import type { Chats } from './chats.ts';
import { badRequest } from './errors.ts';
import { asNumber, requireNumber } from './params.ts';
import type { Methods } from './server.ts';
import type { ChatMessage, FakeTopic } from './types.ts';

/** Telegram's limit for a topic name. */
const TOPIC_NAME_LIMIT = 128;

export function createForum(botUser: User, chats: Chats) {
  const topics = new Map<number, FakeTopic[]>();
  const refused = new Set<number>();
  const topicsOf = (chatId: number) => {
    let list = topics.get(chatId);
    if (!list) {
      list = [];
      topics.set(chatId, list);
    }
    return list;
  };

  const forumOf = (chatId: number) => {
    const chat = chats.chatOf(chatId);
    if (!('is_forum' in chat) || chat.is_forum !== true) throw badRequest('the chat is not a forum');
  };

  /** A live topic the bot may manage. */
  const manageable = (params: Record<string, unknown>): FakeTopic => {
    const chatId = requireNumber(params, 'chat_id');
    forumOf(chatId);
    if (refused.has(chatId)) throw badRequest('not enough rights to manage topics');
    const threadId = requireNumber(params, 'message_thread_id');
    const topic = topicsOf(chatId).find((item) => item.threadId === threadId && !item.deleted);
    if (!topic) throw badRequest('TOPIC_ID_INVALID');
    return topic;
  };

  const checkName = (name: unknown): string => {
    if (typeof name !== 'string' || name.trim() === '' || name.length > TOPIC_NAME_LIMIT) throw badRequest('TOPIC_NAME_INVALID');
    return name;
  };

  const methods: Methods = {
    createForumTopic: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      forumOf(chatId);
      if (refused.has(chatId)) throw badRequest('not enough rights to create a topic');
      const name = checkName(params.name);
      const threadId = chats.allocateMessageId(chatId);
      chats.addMessage({
        chatId,
        messageId: threadId,
        fromId: botUser.id,
        fromBot: true,
        text: '',
        source: '',
        parseMode: undefined,
        replyMarkup: undefined,
        replyToMessageId: undefined,
        threadId,
        topicCreated: name,
      });
      topicsOf(chatId).push({ threadId, name, closed: false, deleted: false });
      return { message_thread_id: threadId, name, icon_color: 7322096 };
    },
    editForumTopic: (params) => {
      const topic = manageable(params);
      const name = params.name === undefined ? topic.name : checkName(params.name);
      if (name === topic.name) throw badRequest('TOPIC_NOT_MODIFIED');
      topic.name = name;
      return true;
    },
    closeForumTopic: (params) => {
      const topic = manageable(params);
      if (topic.closed) throw badRequest('TOPIC_NOT_MODIFIED');
      topic.closed = true;
      return true;
    },
    reopenForumTopic: (params) => {
      const topic = manageable(params);
      if (!topic.closed) throw badRequest('TOPIC_NOT_MODIFIED');
      topic.closed = false;
      return true;
    },
    // In a forum the bot is an admin, allowed to manage topics unless a test took the right away.
    getChatMember: (params) => {
      const chatId = requireNumber(params, 'chat_id');
      const chat = chats.chatOf(chatId);
      const user = { id: requireNumber(params, 'user_id'), is_bot: true, first_name: 'member' };
      if (!('is_forum' in chat) || chat.is_forum !== true) return { status: 'member', user };
      return { status: 'administrator', user, can_manage_topics: !refused.has(chatId), can_pin_messages: true };
    },
    pinChatMessage: (params) => {
      const message = chats.findMessage(requireNumber(params, 'chat_id'), requireNumber(params, 'message_id'));
      if (!message) throw badRequest('message to pin not found');
      message.pinned = true;
      return true;
    },
  };

  /**
   * The topic a send lands in: the one it names, or the one of the message it replies to (General: undefined).
   * Throws as Telegram does for a deleted or closed topic.
   */
  const threadOfSend = (chatId: number, params: Record<string, unknown>, replyTo: ChatMessage | undefined): number | undefined => {
    const named = asNumber(params.message_thread_id);
    const threadId = named ?? replyTo?.threadId;
    if (threadId === undefined) return undefined;
    const topic = topicsOf(chatId).find((item) => item.threadId === threadId);
    if (!topic || topic.deleted) throw badRequest('message thread not found');
    if (topic.closed) throw badRequest('TOPIC_CLOSED');
    return threadId;
  };

  return {
    methods,
    threadOfSend,
    /** The topic a person's message lands in: the one named, else the one of the message it replies to. */
    threadOfUserMessage(chatId: number, threadId: number | undefined, replyTo: number | undefined): number | undefined {
      const inherited = replyTo === undefined ? undefined : chats.findMessage(chatId, replyTo)?.threadId;
      const id = threadId ?? inherited;
      if (id !== undefined && !topicsOf(chatId).some((item) => item.threadId === id && !item.deleted)) {
        throw new Error(`no topic ${id} in chat ${chatId}`);
      }
      return id;
    },
    actions: {
      topics: (chatId: number): FakeTopic[] => topicsOf(chatId).map((topic) => ({ ...topic })),
      deleteTopic(chatId: number, threadId: number) {
        const topic = topicsOf(chatId).find((item) => item.threadId === threadId);
        if (!topic) throw new Error(`no topic ${threadId} in chat ${chatId}`);
        topic.deleted = true;
        for (const message of chats.messagesOf(chatId)) if (message.threadId === threadId) message.deleted = true;
      },
      closeTopic(chatId: number, threadId: number) {
        const topic = topicsOf(chatId).find((item) => item.threadId === threadId && !item.deleted);
        if (!topic) throw new Error(`no topic ${threadId} in chat ${chatId}`);
        topic.closed = true;
      },
      refuseTopicRights(chatId: number, refuse = true) {
        if (refuse) refused.add(chatId);
        else refused.delete(chatId);
      },
    },
  };
}

export type Forum = ReturnType<typeof createForum>;
