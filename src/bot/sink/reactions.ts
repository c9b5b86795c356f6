/**
 * Reactions on the seller's own messages as a quiet acknowledgement. Best effort: some chats do not allow them,
 * so a failure is logged and reported as `false` for the caller to fall back to a short reply.
 */
import type { Api } from 'grammy';
import type { ReactionTypeEmoji } from 'grammy/types';
import type { Logger } from 'pino';
import { describeError } from '../errors.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

export const REACTIONS = {
  /** Posted to the buyer. */
  sent: ['👍'],
  none: [],
} as const satisfies Record<string, readonly ReactionTypeEmoji['emoji'][]>;

export async function setReaction(
  api: Api,
  ref: TelegramRef,
  emojis: readonly ReactionTypeEmoji['emoji'][],
  logger: Logger,
  secrets: readonly string[],
): Promise<boolean> {
  try {
    await api.setMessageReaction(
      ref.chatId,
      ref.messageId,
      emojis.map((emoji) => ({ type: 'emoji', emoji })),
    );
    return true;
  } catch (error) {
    logger.info({ err: describeError(error, secrets) }, 'reaction not set');
    return false;
  }
}
