/**
 * Telegram pacing: per chat a Bottleneck queue (the queue transformer-throttler is built on) that runs one request
 * at a time by priority, plus sliding windows for the limits Telegram counts over any minute or second. New content
 * (sends, copies, new topics) goes before edits, pins, reactions and deletions waiting for the same chat; within one
 * priority a chat's requests keep their order.
 *
 * A chat's next request is picked when the one before is answered; it then waits out the chat's gap
 * (`perChatIntervalMs` after the one before was sent), a place in its group's window (`groupPerMinute` in any
 * `groupWindowMs`, for a negative chat id, as the throttler decides) and a place in the global window
 * (`globalPerSecond` in any `globalWindowMs`, served by the same priorities across chats), and is sent. The request
 * picked is not overtaken while it waits. It holds its chat's turn until answered, so a 429 waited out inside it
 * (auto-retry goes inside this transformer) is not overtaken either.
 *
 * Calls naming no chat (getUpdates, answerCallbackQuery, setMyCommands) and reads (`get*`, which post nothing) are
 * not paced. Nothing here keeps the process alive: every timer is unref'd, and a chat's limiter and window are
 * dropped after `idleChatMs` without requests (a group's not before its window is over).
 */
import Bottleneck from 'bottleneck';
import type { Transformer } from 'grammy';
import { createSlidingWindow, type SlidingWindow } from './sliding-window.ts';

export interface TelegramPacing {
  /** Minimum gap between two requests to one chat (Telegram: about one message a second per chat). */
  perChatIntervalMs: number;
  /** Requests to one group in any `groupWindowMs` (Telegram: twenty messages a minute per group). */
  groupPerMinute: number;
  /** Requests over all chats in any `globalWindowMs` (Telegram: about thirty a second). */
  globalPerSecond: number;
  /** The group window; a minute unless time is compressed (the benchmark). */
  groupWindowMs?: number;
  /** The global window; a second unless time is compressed (the benchmark). */
  globalWindowMs?: number;
}

/** Bottleneck's priorities: 0 goes first. */
const NEW_CONTENT = 0;
const FOLLOW_UP = 1;

/** New content that is not a `send*` method. */
const NEW_CONTENT_METHODS = new Set(['copyMessage', 'copyMessages', 'forwardMessage', 'forwardMessages', 'createForumTopic']);

/** Bottleneck.Group's default: a chat idle this long has its limiter dropped. */
const IDLE_CHAT_MS = 5 * 60_000;
/** Telegram's windows, when the caller does not compress time. */
const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;

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

/** What a chat's queue keeps besides Bottleneck's: when it last sent, and a group's window. */
interface ChatLane {
  sentAt: number;
  window: SlidingWindow | undefined;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export function createTelegramPacer(limits: TelegramPacing, options: { idleChatMs?: number } = {}): TelegramPacer {
  const timeout = options.idleChatMs ?? IDLE_CHAT_MS;
  const groupWindowMs = limits.groupWindowMs ?? MINUTE_MS;
  const global = createSlidingWindow({ max: limits.globalPerSecond, windowMs: limits.globalWindowMs ?? SECOND_MS });
  // A group's limiter outlives its window, so a new limiter never forgets requests the window still counts.
  const groups = new Bottleneck.Group({ maxConcurrent: 1, timeout: Math.max(timeout, 2 * groupWindowMs) });
  const privates = new Bottleneck.Group({ maxConcurrent: 1, timeout });
  // Keyed by the limiter: dropped with it.
  const lanes = new WeakMap<Bottleneck, ChatLane>();
  const laneOf = (limiter: Bottleneck, group: boolean): ChatLane => {
    let lane = lanes.get(limiter);
    if (!lane) {
      const window = group ? createSlidingWindow({ max: limits.groupPerMinute, windowMs: groupWindowMs }) : undefined;
      lane = { sentAt: -Infinity, window };
      lanes.set(limiter, lane);
    }
    return lane;
  };

  const send = async <T>(lane: ChatLane, priority: number, request: () => Promise<T>): Promise<T> => {
    const gap = lane.sentAt + limits.perChatIntervalMs - performance.now();
    if (gap > 0) await sleep(gap);
    const releaseGroup = await lane.window?.acquire(priority);
    const releaseGlobal = await global.acquire(priority);
    lane.sentAt = performance.now();
    try {
      return await request();
    } finally {
      releaseGlobal();
      releaseGroup?.();
    }
  };

  const transformer: Transformer = (prev, method, payload, signal) => {
    const priority = pacingPriority(method, payload);
    if (priority === undefined) return prev(method, payload, signal);
    const chatId = (payload as { chat_id: number | string }).chat_id;
    const group = Number(chatId) < 0;
    const limiter = group ? groups.key(String(chatId)) : privates.key(String(chatId));
    const lane = laneOf(limiter, group);
    return limiter.schedule({ priority }, () => send(lane, priority, () => prev(method, payload, signal)));
  };
  return { transformer, chatsTracked: () => groups.keys().length + privates.keys().length };
}
