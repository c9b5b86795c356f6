/**
 * Plain notices into the chat ("Store API key refused", "Store is back", "While you were away: …"): escaped, and
 * never thrown, since the caller is usually a health check. A notice is said once, so a failure worth retrying
 * is retried a few times with growing waits before it is given up and logged: network errors (auto-retry leaves
 * those alone, see transport/api-transformers.ts) and 429/5xx answers auto-retry gave up on. A refusal (400, 403, no chat
 * bound) is not retried. A send retried after a network error can arrive twice: for an alert, better than never.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GrammyError, HttpError, type Api } from 'grammy';
import type { Logger } from 'pino';
import { describeError } from '../errors.ts';
import { text, type Html } from '../helpers/html.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';

/** Posts a notice; a string is raw text (escaped here). Resolves to the posted message, or undefined on failure. */
export type PostNotice = (notice: Html | string) => Promise<TelegramRef | undefined>;

/** Waits before the second and third tries: three tries over about 40 seconds. */
export const DEFAULT_NOTICE_RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000];

const worthRetrying = (error: unknown) =>
  error instanceof HttpError || (error instanceof GrammyError && (error.error_code === 429 || error.error_code >= 500));

export function createNoticePoster(deps: {
  api: Api;
  binding: ChatBinding;
  /** Waits between tries; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  /** Aborted when the bot stops: a notice still waiting to be tried again is given up. */
  signal: () => AbortSignal;
  logger: Logger;
  secrets: readonly string[];
}): PostNotice {
  const post = async (html: Html): Promise<TelegramRef> => {
    const chatId = await deps.binding.requireChatId();
    const message = await deps.api.sendMessage(chatId, html.html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    return { chatId, messageId: message.message_id };
  };

  return async (notice) => {
    const html = typeof notice === 'string' ? text(notice) : notice;
    const signal = deps.signal();
    for (let attempt = 1; ; attempt++) {
      try {
        return await post(html);
      } catch (error) {
        const err = describeError(error, deps.secrets);
        const delay = deps.retryDelaysMs[attempt - 1];
        if (delay === undefined || !worthRetrying(error)) {
          deps.logger.warn({ err, attempts: attempt }, 'notice not posted');
          return undefined;
        }
        deps.logger.info({ err, attempt, retryInMs: delay }, 'notice not posted yet; trying again');
        try {
          await sleep(delay, undefined, { signal });
        } catch {
          deps.logger.warn({ err, attempts: attempt }, 'notice not posted: the bot stopped before it could be tried again');
          return undefined;
        }
      }
    }
  };
}
