/**
 * Plain notices into the chat ("Store API key refused", "Store is back", "While you were away: …"): escaped, and
 * best effort — a notice that cannot be posted is logged, never thrown, since the caller is usually a health check.
 */
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import type { TelegramRef } from '../../sync/contract.ts';
import { describeError } from '../errors.ts';
import { text, type Html } from '../helpers/html.ts';
import type { ChatBinding } from './chat-binding.ts';

/** Posts a notice; a string is raw text (escaped here). Resolves to the posted message, or undefined on failure. */
export type PostNotice = (notice: Html | string) => Promise<TelegramRef | undefined>;

export function createNoticePoster(deps: { api: Api; binding: ChatBinding; logger: Logger; secrets: readonly string[] }): PostNotice {
  return async (notice) => {
    const html = typeof notice === 'string' ? text(notice) : notice;
    try {
      const chatId = await deps.binding.requireChatId();
      const message = await deps.api.sendMessage(chatId, html.html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
      return { chatId, messageId: message.message_id };
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'notice not posted');
      return undefined;
    }
  };
}
