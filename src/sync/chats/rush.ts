/**
 * A rush: buyers of many orders writing at once, well above the store's usual pace (a batch of faulty keys, a
 * service down, a broadcast the buyers answer). Each chat's own history predicts it badly: a buyer in touch a
 * quarter of an hour ago reads as cooling, and the schedule would find them one by one over minutes. So when reads
 * find buyer messages of `rushChats` chats written within a span of two intervals of each other, and at least
 * `rushRatio` times as many as the spans of the hot window before had on average, up to `rushMaxChats` chats (and at
 * most half the store's limit per window) are read once at the front of the queue, those active within `rushReachMs`
 * first, then the others read longest ago (`rushCandidates`, read-order.ts).
 *
 * Written times are the store's, compared only with each other: a burst found over minutes is still one burst (up to
 * a hot window behind the newest message known; older is a backlog), and a store clock off ours changes nothing. One
 * burst starts one rush (another one, written at another moment, starts its own), and none starts in the first hot
 * window after `createRush`: a pace not watched for that long is not known. Kept in memory: a start reads every chat
 * in its first round anyway.
 */
import type { ChatCursor } from '../../db/chat-cursors.ts';
import type { OrderId } from '../../seller-api/schemas.ts';

export interface RushRules {
  intervalMs: number;
  hotWindowMs: number;
  /** Chats with a buyer message written within one span of two intervals that start a rush (with `rushRatio`). */
  rushChats: number;
  /** ...and at least this many times the chats a span of the hot window before had on average. */
  rushRatio: number;
  /** A rush reads the chats active within this long first. */
  rushReachMs: number;
  /** A rush reads at most this many chats. */
  rushMaxChats: number;
}

export interface Rush {
  /** A read at `at` (not the chat's first) found a buyer message the store says was written at `writtenAt`; true when it starts a rush. */
  noteBuyerMessage(orderId: OrderId, writtenAt: number, at: number): boolean;
  /** When the rush under way began, or undefined. */
  since(at: number): number | undefined;
}

interface Turn {
  orderId: OrderId;
  writtenAt: number;
}

export function createRush(rules: RushRules, createdAt: number): Rush {
  const span = 2 * rules.intervalMs;
  const spansBefore = Math.max(1, Math.floor(rules.hotWindowMs / span) - 1);
  let turns: Turn[] = [];
  let newest = Number.NEGATIVE_INFINITY;
  /** The last rush: when it started, and when the message that started it was written. */
  let last: { at: number; writtenAt: number } | undefined;

  /** Distinct chats in the span around `writtenAt`, and the mean of distinct chats a span over the spans before it. */
  function chatsAround(writtenAt: number): { now: number; pace: number } {
    const from = writtenAt - span / 2;
    const now = new Set<OrderId>();
    const before = Array.from({ length: spansBefore }, () => new Set<OrderId>());
    for (const turn of turns) {
      if (turn.writtenAt >= from && turn.writtenAt <= from + span) now.add(turn.orderId);
      else if (turn.writtenAt < from) before[Math.floor((from - turn.writtenAt) / span)]?.add(turn.orderId);
    }
    return { now: now.size, pace: before.reduce((sum, chats) => sum + chats.size, 0) / spansBefore };
  }

  return {
    noteBuyerMessage(orderId, writtenAt, at) {
      if (!Number.isFinite(writtenAt)) return false;
      newest = Math.max(newest, writtenAt);
      turns = [...turns.filter((turn) => turn.writtenAt >= newest - 2 * rules.hotWindowMs - span), { orderId, writtenAt }];
      if (at - createdAt < rules.hotWindowMs) return false;
      // A message written a hot window before the newest known is a backlog found late, not a rush now; and the hot
      // window before it is kept only that far (judged against an emptied pace, any few chats of a backlog would start one).
      if (writtenAt < newest - rules.hotWindowMs) return false;
      // One burst starts one rush: the rest of it, found later, is what that rush reads.
      if (last !== undefined && Math.abs(writtenAt - last.writtenAt) <= span) return false;
      const { now, pace } = chatsAround(writtenAt);
      if (now < rules.rushChats || now < rules.rushRatio * pace) return false;
      last = { at, writtenAt };
      return true;
    },
    since(at) {
      return last !== undefined && at - last.at < rules.hotWindowMs ? last.at : undefined;
    },
  };
}

/**
 * Which chats a rush has already read or tried: read since `cutoff` (when it began), or tried since. A chat read
 * earlier in the pass it began in is read again: that read may have come just before the burst or between its lines.
 */
export interface RushScope {
  cutoff: number;
  tried: ReadonlySet<OrderId>;
}

/**
 * The chats a rush reads: not read or tried since it began, due or not. Those with a message within its reach first (a
 * buyer in touch is the likeliest to write again), then those with other activity within reach, then the rest (a
 * buyer whose last line we have not read yet looks silent); within each, the one read longest ago first (the
 * likeliest to hold what the rush wrote; one read a moment ago is read again on its own schedule); at most
 * `rushMaxChats`, and at most half of `storeLimit` (the store's limit per window, when it says): the reads go unpaced,
 * and a store with a small limit keeps the rest of its window for the conversations going on. `lastMessageAt`: the
 * latest message known of a chat.
 */
export function rushCandidates(
  cursors: readonly ChatCursor[],
  lastMessageAt: (orderId: OrderId) => number,
  at: number,
  rules: Pick<RushRules, 'rushReachMs' | 'rushMaxChats'> & { storeLimit?: number | undefined },
  scope: RushScope,
): OrderId[] {
  const reach = at - rules.rushReachMs;
  const most = Math.min(rules.rushMaxChats, Math.max(1, Math.floor((rules.storeLimit ?? Number.POSITIVE_INFINITY) / 2)));
  const readAt = (cursor: ChatCursor) => cursor.lastReadAt ?? Number.NEGATIVE_INFINITY;
  const closeness = (cursor: ChatCursor) => (lastMessageAt(cursor.orderId) >= reach ? 2 : cursor.lastActivityAt >= reach ? 1 : 0);
  return cursors
    .filter((cursor) => readAt(cursor) < scope.cutoff && !scope.tried.has(cursor.orderId))
    .map((cursor) => ({ orderId: cursor.orderId, closeness: closeness(cursor), readAt: readAt(cursor) }))
    .sort((a, b) => b.closeness - a.closeness || a.readAt - b.readAt)
    .slice(0, most)
    .map(({ orderId }) => orderId);
}
