/**
 * Which chat is read next: the due chats most overdue relative to their period first (chat-schedule.ts), a share of
 * the reads to the chat read longest ago (the sweep, sized by the arrivals no prior predicted), and during a rush
 * (rush.ts) its chats ahead of them all, each once. What reads find feeds back in
 * `noteArrival`, and every read or try in `attempted`.
 */
import type { Logger } from 'pino';
import type { ChatCursor } from '../../db/chat-cursors.ts';
import type { Queries } from '../../db/queries.ts';
import type { Message, OrderId } from '../../seller-api/schemas.ts';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import { createArrivalTally, type ArrivalTallyRules } from './arrival-tally.ts';
import { HEAT_HORIZON_WINDOWS, heatOf, meanHeatOf, readPriority, withOldestShare, type ChatScheduleRules } from './chat-schedule.ts';
import { createRush, rushCandidates, type RushRules, type RushScope } from './rush.ts';

export interface ReadOrderRules extends ChatScheduleRules, RushRules, ArrivalTallyRules {}

/** A chat to read, and whether a rush reads it (budget/request-budget.ts gives a rush's reads their own lane). */
export interface QueuedRead {
  orderId: OrderId;
  rush: boolean;
}

export interface ReadOrder {
  /** The chats due by `horizon`, in the order they are read; a rush's chats first, due or not. */
  due(horizon: number): QueuedRead[];
  /** The chats a rush that began at or after `passStartedAt` puts ahead of the rest of that pass; undefined when none began since. */
  rushedSince(passStartedAt: number): OrderId[] | undefined;
  /** A chat was read or tried (whatever came of it): a rush under way does not put it first again. */
  attempted(orderId: OrderId): void;
  /** A message a read at `at` found, in a chat as it was before that read. */
  noteArrival(message: Message, at: number, before: ChatCursor): void;
  /** The chat's heat now, its messages just read included (chat-schedule.ts `heatOf`). */
  heatNow(orderId: OrderId, at: number): number;
}

interface RushUnderWay extends RushScope {
  since: number;
  tried: Set<OrderId>;
  /** The chats it reads, chosen once when its first pass asks: whatever the rush finds later is left to the schedule. */
  chosen?: readonly OrderId[];
}

export function createReadOrder(deps: {
  queries: Queries;
  rules: ReadOrderRules;
  now: () => number;
  /** The store's limit per window, when its answers say (a rush reads at most half of it). */
  storeLimit: () => number | undefined;
  logger: Logger;
}): ReadOrder {
  const { queries, rules, now, logger } = deps;
  const arrivals = createArrivalTally(rules);
  const rush = createRush(rules, now());
  let underWay: RushUnderWay | undefined;
  const recentTimes = (at: number) => queries.messages.recentTimes(at - HEAT_HORIZON_WINDOWS * rules.hotWindowMs);

  /** The rush under way at `at`. */
  function rushAt(at: number): RushUnderWay | undefined {
    const since = rush.since(at);
    if (since === undefined) underWay = undefined;
    else if (underWay?.since !== since) underWay = { since, cutoff: since, tried: new Set() };
    return underWay;
  }

  /** The rush's chats not read or tried yet. */
  function rushChats(at: number, recent: ReadonlyMap<OrderId, readonly number[]>, scope: RushUnderWay): OrderId[] {
    if (scope.chosen === undefined) {
      const lastMessageAt = (orderId: OrderId) => Math.max(Number.NEGATIVE_INFINITY, ...(recent.get(orderId) ?? []));
      const limits = { ...rules, storeLimit: deps.storeLimit() };
      scope.chosen = rushCandidates(queries.cursors.due(Number.MAX_SAFE_INTEGER), lastMessageAt, at, limits, scope);
    }
    return scope.chosen.filter((orderId) => !scope.tried.has(orderId));
  }

  return {
    due(horizon) {
      const at = now();
      const recent = recentTimes(at);
      const watched = queries.cursors.countWatched(at, at - rules.hotWindowMs);
      const meanHeat = meanHeatOf(recent, watched.hot + watched.quiet, at, rules);
      const scope = rushAt(at);
      const rushed = scope === undefined ? [] : rushChats(at, recent, scope);
      const first = new Set(rushed);
      const byPriority = queries.cursors
        .due(horizon)
        .filter((cursor) => !first.has(cursor.orderId))
        .map((cursor) => ({
          cursor,
          priority: readPriority(cursor, at, rules, heatOf(recent.get(cursor.orderId) ?? [], at, rules), meanHeat),
        }))
        .sort((a, b) => b.priority - a.priority || a.cursor.nextReadAt - b.cursor.nextReadAt);
      return [
        ...rushed.map((orderId) => ({ orderId, rush: true })),
        ...withOldestShare(byPriority, arrivals.sweepShare(at)).map(({ cursor }) => ({ orderId: cursor.orderId, rush: false })),
      ];
    },

    rushedSince(passStartedAt) {
      const at = now();
      const since = rush.since(at);
      if (since === undefined || since < passStartedAt) return undefined;
      return rushChats(at, recentTimes(at), rushAt(at) as RushUnderWay);
    },

    attempted(orderId) {
      underWay?.tried.add(orderId);
    },

    // Judged by what was known before this read (`before`): a follow-up found in the same read as the unpredicted
    // message it follows was found by the same sweep, not predicted. A chat's first read tells nothing: after a
    // start every chat is new, and counting what the first round finds swelled the sweep for a hot window.
    noteArrival(message, at, before) {
      if (message.senderRole === 'seller' || before.lastReadAt === undefined) return;
      const written = timeOf(message.createdAt);
      const writtenAt = Number.isFinite(written) ? written : at;
      arrivals.note(at, writtenAt, before.lastActivityAt);
      if (rush.noteBuyerMessage(before.orderId, writtenAt, at)) {
        logger.info('buyers of many orders are writing at once: reading their chats first');
      }
    },

    heatNow: (orderId, at) => heatOf(queries.messages.recentTimesOf(orderId, at - HEAT_HORIZON_WINDOWS * rules.hotWindowMs), at, rules),
  };
}
