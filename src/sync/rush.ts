/**
 * A rush: buyers of many orders writing at once, well above the store's usual pace (a batch of faulty keys, a
 * service down, a broadcast the buyers answer). Each chat's own history predicts it badly: a buyer in touch a
 * quarter of an hour ago reads as cooling, and the schedule would find them one by one over minutes. So when reads
 * find buyer messages written in `rushChats` chats within two intervals, at least `rushRatio` times as many as the last hot
 * window's pace, every chat active within `rushReachMs` is read once at the front of the queue (chat-watch.ts),
 * the most recently active first, at most `rushMaxChats` of them. A rush starts at most once a hot window, and
 * only a hot window after `createRush`: a pace not watched for that long is not known. Kept in memory: a start
 * reads every chat in its first round anyway.
 */
import type { OrderId } from '../seller-api/schemas.ts';

export interface RushRules {
  intervalMs: number;
  hotWindowMs: number;
  /** Chats with a new buyer turn within two intervals that start a rush (with `rushRatio`). */
  rushChats: number;
  /** ...and at least this many times the hot window's pace of such chats. */
  rushRatio: number;
  /** A rush reads the chats active within this long. */
  rushReachMs: number;
  /** A rush reads at most this many chats. */
  rushMaxChats: number;
}

export interface Rush {
  /** A read at `at` (not the chat's first) found a buyer message written at `writtenAt`; true when it starts a rush. */
  noteBuyerMessage(orderId: OrderId, writtenAt: number, at: number): boolean;
  /** When the rush under way began (its chats are those not read since), or undefined. */
  since(at: number): number | undefined;
}

export function createRush(rules: RushRules, createdAt: number): Rush {
  let turns: { orderId: OrderId; writtenAt: number }[] = [];
  // Until a hot window after creation, as if a rush had just started: none starts.
  let startedAt = createdAt - Number.EPSILON;
  let rushing = false;
  const span = 2 * rules.intervalMs;

  const chatsWithin = (from: number, to: number) =>
    new Set(turns.filter((turn) => turn.writtenAt >= from && turn.writtenAt < to).map((turn) => turn.orderId)).size;

  return {
    noteBuyerMessage(orderId, writtenAt, at) {
      turns = [...turns.filter((turn) => turn.writtenAt >= at - rules.hotWindowMs), { orderId, writtenAt: Math.min(writtenAt, at) }];
      if (at - startedAt < rules.hotWindowMs) return false;
      const now = chatsWithin(at - span, Number.POSITIVE_INFINITY);
      // The pace before this span, in chats a span: the usual traffic, which the schedule already follows.
      const pace = (chatsWithin(at - rules.hotWindowMs, at - span) * span) / Math.max(span, rules.hotWindowMs - span);
      if (now < rules.rushChats || now < rules.rushRatio * pace) return false;
      startedAt = at;
      rushing = true;
      return true;
    },
    since(at) {
      return rushing && at - startedAt < rules.hotWindowMs ? startedAt : undefined;
    },
  };
}
