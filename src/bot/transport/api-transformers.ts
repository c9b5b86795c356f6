/**
 * Bot API transformers: pacing within Telegram's limits (a burst of orders is queued, never dropped) and retries of
 * 429 and 5xx answers with bounded attempts and waits (auto-retry's defaults are Infinity).
 * The same instances go on bot.api and, through the conversations' plugins, on every conversation's api, so a
 * conversation's messages share the chat's pacing queue.
 *
 * Pacing (telegram-pacer.ts, on Bottleneck): one queue per chat, one request at a time and `perChatIntervalMs` apart,
 * groups also `groupPerMinute` in any minute, all chats `globalPerSecond` in any second (sliding windows). New orders and buyer messages go before card
 * edits, pins and reactions waiting for the same chat; within one priority, first come first served. Only calls
 * naming a chat_id are paced (answerCallbackQuery, getUpdates and reads are not). Coalescing of buyer messages and
 * card edits happens before, in the Telegram queue (sink/telegram-queue.ts).
 */
import { autoRetry } from '@grammyjs/auto-retry';
import type { Transformer } from 'grammy';
import { createTelegramPacer, type TelegramPacing } from './telegram-pacer.ts';

export type { TelegramPacing } from './telegram-pacer.ts';

export interface TelegramRetry {
  maxRetryAttempts: number;
  /** A `retry_after` longer than this fails the request instead of waiting (sync offers the event again later). */
  maxDelaySeconds: number;
}

export const DEFAULT_PACING: Required<TelegramPacing> = {
  perChatIntervalMs: 1000,
  groupPerMinute: 20,
  globalPerSecond: 30,
  groupWindowMs: 60_000,
  globalWindowMs: 1000,
};
export const DEFAULT_RETRY: TelegramRetry = { maxRetryAttempts: 5, maxDelaySeconds: 60 };

/**
 * In the order they must be installed: auto-retry first (innermost), then pacing around it. A request that
 * waits out a 429's `retry_after` keeps the chat's turn meanwhile, so nothing sent later to that chat overtakes it
 * (and nothing else is sent to a chat Telegram asked us to leave alone).
 */
export function createApiTransformers(pacing: TelegramPacing, retry: TelegramRetry): Transformer[] {
  const pacer = createTelegramPacer(pacing);
  const retrier = autoRetry({
    maxRetryAttempts: retry.maxRetryAttempts,
    maxDelaySeconds: retry.maxDelaySeconds,
    // auto-retry retries network errors forever, whatever maxRetryAttempts says, and a send retried after a
    // network error may arrive twice. Rethrown instead: sync offers the event again on its own schedule.
    rethrowHttpErrors: true,
  });
  return [retrier, pacer.transformer];
}
