/** Telegram answers worth telling apart, recognised by their description (Telegram has no finer error codes). */
import { GrammyError } from 'grammy';

const described = (error: unknown, pattern: RegExp) => error instanceof GrammyError && pattern.test(error.description);

/** Editing to the same text and markup: nothing to do, a success. */
export const isNotModified = (error: unknown) => described(error, /message is not modified/i);

/** The message is gone or too old to edit: send a new one instead. */
export const isUneditable = (error: unknown) =>
  described(error, /message to edit not found|message can't be edited|message_id_invalid|MESSAGE_ID_INVALID/i);

/** Answering a callback query late: harmless, the button just stops spinning by itself. */
export const isQueryTooOld = (error: unknown) => described(error, /query is too old|query ID is invalid/i);

/** The group became a supergroup: every call naming the old id fails so (transport/chat-migration.ts resends sends). */
export const isChatMoved = (error: unknown) => error instanceof GrammyError && error.parameters.migrate_to_chat_id !== undefined;

/**
 * The chat refuses the bot as a whole, whatever the message: blocked by the user, removed from the group, the chat
 * deleted or deactivated, or no right to post there.
 */
export const isChatUnavailable = (error: unknown) =>
  (error instanceof GrammyError && error.error_code === 403) ||
  described(
    error,
    /chat not found|not enough rights to send|have no rights to send|CHAT_WRITE_FORBIDDEN|CHAT_RESTRICTED|chat was deactivated/i,
  );

/** The topic was deleted (by a person), or the group stopped being a forum: a new topic is needed. */
export const isThreadGone = (error: unknown) =>
  described(error, /message thread not found|TOPIC_ID_INVALID|TOPIC_DELETED|chat is not a forum|CHAT_NOT_FORUM/i);

/** A send into a topic someone closed. */
export const isTopicClosed = (error: unknown) => described(error, /TOPIC_CLOSED/i);

/** Renaming to the same name, closing a closed topic: nothing to do, a success. */
export const isTopicNotModified = (error: unknown) => described(error, /TOPIC_NOT_MODIFIED/i);

/** The bot is not allowed to create or manage topics (the "Manage topics" admin right). */
export const isNoTopicRights = (error: unknown) =>
  described(error, /not enough rights to (create|edit|close|reopen|manage) (a )?topic|CHAT_ADMIN_REQUIRED|RIGHT_FORBIDDEN/i);
