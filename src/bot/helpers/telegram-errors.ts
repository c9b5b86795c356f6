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
