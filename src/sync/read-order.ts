/**
 * Which chat is read next: the due chats most overdue relative to their period first (chat-schedule.ts), a share of
 * the reads to the chat read longest ago (the sweep, sized by the arrivals no prior predicted), and during a rush
 * (rush.ts) the chats active within its reach ahead of them all. What reads find feeds back in `noteArrival`.
 */
import type { Logger } from 'pino';
import type { ChatCursor } from '../db/chat-cursors.ts';
import type { Queries } from '../db/queries.ts';
import type { Message, OrderId } from '../seller-api/schemas.ts';
import { timeOf } from '../seller-api/spec-gaps.ts';
import { createArrivalTally, type ArrivalTallyRules } from './arrival-tally.ts';
import { HEAT_HORIZON_WINDOWS, heatOf, meanHeatOf, readPriority, withOldestShare, type ChatScheduleRules } from './chat-schedule.ts';
import { createRush, type RushRules } from './rush.ts';

export interface ReadOrderRules extends ChatScheduleRules, RushRules, ArrivalTallyRules {}

export interface ReadOrder {
  /** The chats due by `horizon`, in the order they are read; a rush's chats first, due or not. */
  due(horizon: number): OrderId[];
  /**
   * The chats a rush that began at or after `passStartedAt` puts ahead of the rest of that pass, but those in
   * `done`; undefined when no rush began since.
   */
  rushedSince(passStartedAt: number, done: ReadonlySet<OrderId>): OrderId[] | undefined;
  /** A message a read at `at` found, in a chat as it was before that read. */
  noteArrival(message: Message, at: number, before: ChatCursor): void;
  /** The chat's heat now, its messages just read included (chat-schedule.ts `heatOf`). */
  heatNow(orderId: OrderId, at: number): number;
}

export function createReadOrder(deps: { queries: Queries; rules: ReadOrderRules; now: () => number; logger: Logger }): ReadOrder {
  const { queries, rules, now, logger } = deps;
  const arrivals = createArrivalTally(rules);
  const rush = createRush(rules, now());
  const recentTimes = (at: number) => queries.messages.recentTimes(at - HEAT_HORIZON_WINDOWS * rules.hotWindowMs);

  /**
   * During a rush: the chats active within its reach and not read since it began, due or not. Those with a message
   * within reach first (a buyer in touch is the likeliest to write again), then the others; within each, the one
   * read longest ago first (the likeliest to hold what the rush wrote), at most `rushMaxChats`.
   */
  function rushChats(at: number, recent: ReadonlyMap<OrderId, readonly number[]>, done: ReadonlySet<OrderId>): OrderId[] {
    const since = rush.since(at);
    if (since === undefined) return [];
    const reach = at - rules.rushReachMs;
    const talked = (orderId: OrderId) => ((recent.get(orderId) ?? []).some((writtenAt) => writtenAt >= reach) ? 1 : 0);
    const readAt = (cursor: ChatCursor) => cursor.lastReadAt ?? Number.NEGATIVE_INFINITY;
    return queries.cursors
      .due(Number.MAX_SAFE_INTEGER)
      .filter((cursor) => cursor.lastActivityAt >= reach && readAt(cursor) < since && !done.has(cursor.orderId))
      .map((cursor) => ({ orderId: cursor.orderId, talked: talked(cursor.orderId), readAt: readAt(cursor) }))
      .sort((a, b) => b.talked - a.talked || a.readAt - b.readAt)
      .slice(0, rules.rushMaxChats)
      .map(({ orderId }) => orderId);
  }

  return {
    due(horizon) {
      const at = now();
      const recent = recentTimes(at);
      const watched = queries.cursors.countWatched(at, at - rules.hotWindowMs);
      const meanHeat = meanHeatOf(recent, watched.hot + watched.quiet, at, rules);
      const rushed = rushChats(at, recent, new Set());
      const first = new Set(rushed);
      const byPriority = queries.cursors
        .due(horizon)
        .filter((cursor) => !first.has(cursor.orderId))
        .map((cursor) => ({
          cursor,
          priority: readPriority(cursor, at, rules, heatOf(recent.get(cursor.orderId) ?? [], at, rules), meanHeat),
        }))
        .sort((a, b) => b.priority - a.priority || a.cursor.nextReadAt - b.cursor.nextReadAt);
      return [...rushed, ...withOldestShare(byPriority, arrivals.sweepShare(at)).map(({ cursor }) => cursor.orderId)];
    },

    rushedSince(passStartedAt, done) {
      const at = now();
      const since = rush.since(at);
      return since === undefined || since < passStartedAt ? undefined : rushChats(at, recentTimes(at), done);
    },

    // Judged by what was known before this read (`before`): a follow-up found in the same read as the unpredicted
    // message it follows was found by the same sweep, not predicted. A chat's first read tells nothing: after a
    // start every chat is new, and counting what the first round finds swelled the sweep for a hot window.
    noteArrival(message, at, before) {
      if (message.senderRole === 'seller' || before.lastReadAt === undefined) return;
      const writtenAt = timeOf(message.createdAt) || at;
      arrivals.note(at, writtenAt, before.lastActivityAt);
      if (rush.noteBuyerMessage(before.orderId, writtenAt, at)) {
        logger.info('buyers of many orders are writing at once: reading every recently active chat first');
      }
    },

    heatNow: (orderId, at) => heatOf(queries.messages.recentTimesOf(orderId, at - HEAT_HORIZON_WINDOWS * rules.hotWindowMs), at, rules),
  };
}
