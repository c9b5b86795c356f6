/**
 * Bot API transformers: pacing within Telegram's limits (a burst of orders is queued, never dropped) and retries of
 * 429 and 5xx answers with bounded attempts and waits (auto-retry's defaults are Infinity).
 * The same instances go on bot.api and, through the conversations' plugins, on every conversation's api, so a
 * conversation's messages share the chat's pacing queue.
 *
 * What the throttler does (transformer-throttler 1.2, Bottleneck): one queue per chat_id, first come first served,
 * at most one request at a time; a private chat gets `perChatIntervalMs` between requests, a group the same plus
 * `groupPerMinute`; every chat's queue is chained to one global `globalPerSecond` reservoir. Only calls naming a
 * chat_id are paced (edits and reactions count like sends; answerCallbackQuery and getUpdates are not). It has no
 * priorities and no coalescing: a card edit waits in line like a new order.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import type { Transformer } from 'grammy';

export interface TelegramPacing {
  /** Minimum gap between two requests to one chat (Telegram: about one message a second per chat). */
  perChatIntervalMs: number;
  /** Requests per minute to one group (Telegram: twenty messages a minute per group). */
  groupPerMinute: number;
  /** Requests per second over all chats (Telegram: about thirty). */
  globalPerSecond: number;
}

export interface TelegramRetry {
  maxRetryAttempts: number;
  /** A `retry_after` longer than this fails the request instead of waiting (sync offers the event again later). */
  maxDelaySeconds: number;
}

export const DEFAULT_PACING: TelegramPacing = { perChatIntervalMs: 1000, groupPerMinute: 20, globalPerSecond: 30 };
export const DEFAULT_RETRY: TelegramRetry = { maxRetryAttempts: 5, maxDelaySeconds: 60 };

/**
 * In the order they must be installed: auto-retry first (innermost), then the throttler around it. A request that
 * waits out a 429's `retry_after` keeps the chat's turn meanwhile, so nothing sent later to that chat overtakes it
 * (and nothing else is sent to a chat Telegram asked us to leave alone).
 */
export function createApiTransformers(pacing: TelegramPacing, retry: TelegramRetry): Transformer[] {
  const throttler = apiThrottler({
    global: {
      reservoir: pacing.globalPerSecond,
      reservoirRefreshAmount: pacing.globalPerSecond,
      reservoirRefreshInterval: 1000,
    },
    group: {
      maxConcurrent: 1,
      minTime: pacing.perChatIntervalMs,
      reservoir: pacing.groupPerMinute,
      reservoirRefreshAmount: pacing.groupPerMinute,
      reservoirRefreshInterval: 60_000,
    },
    out: { maxConcurrent: 1, minTime: pacing.perChatIntervalMs },
  });
  const retrier = autoRetry({
    maxRetryAttempts: retry.maxRetryAttempts,
    maxDelaySeconds: retry.maxDelaySeconds,
    // auto-retry retries network errors forever, whatever maxRetryAttempts says, and a send retried after a
    // network error may arrive twice. Rethrown instead: sync offers the event again on its own schedule.
    rethrowHttpErrors: true,
  });
  return [retrier, throttler];
}
