/**
 * The Telegram side's floor: an ideal sender that gets every message that must go the moment it exists (no store
 * side at all) and sends at the chat's limits, oldest first, packing everything one key has waiting into one
 * message. What it still makes an item wait is the chat's pace under the load: the messages that must go ÷ the pace.
 * Store seconds.
 */
import type { TelegramMode } from './profiles.ts';
import { TELEGRAM_LIMITS } from './telegram/limits.ts';

/** Something that must reach the chat: `key` names what one message may carry together (a chat's lines, an order's card). */
export interface MustGo {
  key: string;
  at: number;
}

/** The fake Bot API's limits a sender keeps: bursts of 3 then 1 a second; a group also 20 a minute. */
const BURST = TELEGRAM_LIMITS.burst;
const PER_SECOND = TELEGRAM_LIMITS.perChatPerSecond;
const GROUP_MAX = TELEGRAM_LIMITS.groupPerMinute;
const GROUP_WINDOW_S = 60;

/** When each item was sent (same order as `items`); with the recording sink, at once. */
export function idealSendTimes(items: readonly MustGo[], telegram: TelegramMode): number[] {
  if (telegram === 'sink') return items.map((item) => item.at);
  const order = items.map((_, index) => index).sort((a, b) => (items[a] as MustGo).at - (items[b] as MustGo).at);
  const sentAt = new Array<number>(items.length);
  /** Per key, the items waiting, oldest first; keys by their oldest item. */
  const waiting = new Map<string, number[]>();
  const sends: number[] = [];
  let tokens = BURST;
  let tokensAt = Number.NEGATIVE_INFINITY;
  let next = 0;
  let now = Number.NEGATIVE_INFINITY;

  const arriveUntil = (t: number) => {
    while (next < order.length && (items[order[next] as number] as MustGo).at <= t) {
      const index = order[next] as number;
      const key = (items[index] as MustGo).key;
      const queue = waiting.get(key);
      if (queue) queue.push(index);
      else waiting.set(key, [index]);
      next += 1;
    }
  };
  const slotFrom = (t: number) => {
    const refill = Math.min(BURST, tokens + (t - tokensAt) * PER_SECOND);
    let at = refill >= 1 ? t : t + (1 - refill) / PER_SECOND;
    if (telegram === 'group' && sends.length >= GROUP_MAX) at = Math.max(at, (sends[sends.length - GROUP_MAX] as number) + GROUP_WINDOW_S);
    return at;
  };

  while (next < order.length || waiting.size > 0) {
    if (waiting.size === 0) now = Math.max(now, (items[order[next] as number] as MustGo).at);
    const at = slotFrom(now);
    arriveUntil(at);
    // The key whose oldest item waited longest goes, with everything it has waiting.
    let oldestKey: string | undefined;
    let oldestAt = Number.POSITIVE_INFINITY;
    for (const [key, queue] of waiting) {
      const first = (items[queue[0] as number] as MustGo).at;
      if (first < oldestAt) {
        oldestAt = first;
        oldestKey = key;
      }
    }
    if (oldestKey === undefined) continue;
    for (const index of waiting.get(oldestKey) as number[]) sentAt[index] = at;
    waiting.delete(oldestKey);
    tokens = Math.min(BURST, tokens + (at - tokensAt) * PER_SECOND) - 1;
    tokensAt = at;
    sends.push(at);
    now = at;
  }
  return sentAt;
}

/** Nearest-rank 95th percentile; undefined for none. */
export function p95Of(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)];
}
