/**
 * Telegram pacing on Bottleneck (the queue transformer-throttler is built on), plus what the throttler cannot say:
 * priorities. New content (sends, copies, new topics) goes before edits, pins, reactions and deletions waiting for
 * the same chat; within one priority a chat's requests keep their order.
 *
 * One Bottleneck per chat, one request at a time and `perChatIntervalMs` apart; a group (a negative chat id, as the
 * throttler decides) also gets `groupPerMinute`; every chat's limiter is chained to one `globalPerSecond` reservoir,
 * which serves waiting chats by the same priorities. A request holds its chat's turn until answered, so a 429 waited
 * out inside it (auto-retry goes inside this transformer) is not overtaken. The next request is picked when the one
 * before is answered and then waits out the gap: that one is no longer overtaken.
 *
 * Calls naming no chat (getUpdates, answerCallbackQuery, setMyCommands) and reads (`get*`, which post nothing) are
 * not paced. Nothing here keeps the process alive: Bottleneck unrefs its reservoir and cleanup timers, and a chat's
 * limiter is dropped after `idleChatMs` without requests.
 */
import Bottleneck from 'bottleneck';
import type { Transformer } from 'grammy';

export interface TelegramPacing {
  /** Minimum gap between two requests to one chat (Telegram: about one message a second per chat). */
  perChatIntervalMs: number;
  /** Requests per minute to one group (Telegram: twenty messages a minute per group). */
  groupPerMinute: number;
  /** Requests per second over all chats (Telegram: about thirty). */
  globalPerSecond: number;
}

/** Bottleneck's priorities: 0 goes first. */
const NEW_CONTENT = 0;
const FOLLOW_UP = 1;

/** New content that is not a `send*` method. */
const NEW_CONTENT_METHODS = new Set(['copyMessage', 'copyMessages', 'forwardMessage', 'forwardMessages', 'createForumTopic']);

/** Bottleneck.Group's default: a chat idle this long has its limiter (and its reservoir timer) dropped. */
const IDLE_CHAT_MS = 5 * 60_000;

/** The priority of a call, or undefined when it is not paced. */
export function pacingPriority(method: string, payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('chat_id' in payload)) return undefined;
  if (method.startsWith('get')) return undefined;
  return method.startsWith('send') || NEW_CONTENT_METHODS.has(method) ? NEW_CONTENT : FOLLOW_UP;
}

export interface TelegramPacer {
  transformer: Transformer;
  /** How many chats have a limiter now (dropped after `idleChatMs` without requests). */
  chatsTracked(): number;
}

export function createTelegramPacer(limits: TelegramPacing, options: { idleChatMs?: number } = {}): TelegramPacer {
  const timeout = options.idleChatMs ?? IDLE_CHAT_MS;
  const global = new Bottleneck({
    reservoir: limits.globalPerSecond,
    reservoirRefreshAmount: limits.globalPerSecond,
    reservoirRefreshInterval: 1000,
  });
  const groups = new Bottleneck.Group({
    maxConcurrent: 1,
    minTime: limits.perChatIntervalMs,
    reservoir: limits.groupPerMinute,
    reservoirRefreshAmount: limits.groupPerMinute,
    reservoirRefreshInterval: 60_000,
    timeout,
  });
  const privates = new Bottleneck.Group({ maxConcurrent: 1, minTime: limits.perChatIntervalMs, timeout });
  groups.on('created', (limiter) => limiter.chain(global));
  privates.on('created', (limiter) => limiter.chain(global));

  const transformer: Transformer = (prev, method, payload, signal) => {
    const priority = pacingPriority(method, payload);
    if (priority === undefined) return prev(method, payload, signal);
    const chatId = (payload as { chat_id: number | string }).chat_id;
    const limiter = Number(chatId) < 0 ? groups.key(String(chatId)) : privates.key(String(chatId));
    return limiter.schedule({ priority }, () => prev(method, payload, signal));
  };
  return { transformer, chatsTracked: () => groups.keys().length + privates.keys().length };
}
