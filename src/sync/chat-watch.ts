/**
 * Chat watching: for each watched order whose read is due, read the messages after its cursor, drop what was
 * handled before and our own posts, and hand every other message to the sink in (createdAt, id) order.
 * DESIGN: relay everything that is not our own post — seller messages written on the store website included.
 *
 * A message the sink refused stops that chat's read: the cursor stays before it, so it comes back first next
 * time and a later message never overtakes it. Hot chats are read before quiet ones, both longest-due first;
 * when the budget would make a read wait past the cycle's deadline, the rest stay due for the next cycle.
 */
import type { Logger } from 'pino';
import type { ChatCursor } from '../db/chat-cursors.ts';
import type { Queries } from '../db/queries.ts';
import type { SellerApi } from '../seller-api/api.ts';
import { isSellerApiError, type SellerApiError } from '../seller-api/errors.ts';
import { listMessagesAfter } from '../seller-api/paging.ts';
import type { Cursor, Message, OrderId } from '../seller-api/schemas.ts';
import { timeOf } from '../seller-api/spec-gaps.ts';
import { afterFailure, afterRead, isHot, type ChatScheduleRules } from './chat-schedule.ts';
import { SinkFailure } from './hand-off.ts';
import type { HandOff } from './hand-off.ts';
import type { Health } from './health.ts';
import type { KeyedLock } from './keyed-lock.ts';
import { orderSummary } from './order-summary.ts';
import { pacedApi } from './paced-api.ts';
import { safeError } from './safe-error.ts';
import type { Lane, RequestBudget } from './request-budget.ts';

export interface ChatWatchRules extends ChatScheduleRules {
  messagesPageSize: number;
  /** Ids handled this close to the cursor are passed to the overlapping re-read to be dropped. */
  nearCursorMs: number;
}

export interface ChatWatcherDeps {
  queries: Queries;
  handOff: HandOff;
  lock: KeyedLock;
  budget: RequestBudget;
  health: Health;
  logger: Logger;
  now: () => number;
  rules: ChatWatchRules;
  /** Whether a seller message is the echo of one of our posts whose answer we never saw (the outbox decides). */
  claimEcho(orderId: OrderId, message: Message): boolean;
}

export interface ChatPass {
  api: SellerApi;
  /** Aborts waits at once (stop). */
  waitSignal: AbortSignal;
  /** Aborts requests (stop, after a grace period). */
  requestSignal: AbortSignal;
  cycleStartedAt: number;
  /** Chats due at or before this instant are read. */
  horizon: number;
  /** No read starts if the budget would make it wait past this instant. */
  deadline: number;
}

export interface ChatPassResult {
  read: number;
  relayed: number;
  /** Due chats left for the next cycle (budget or a store failure). */
  deferred: number;
  /** The store failed (down, or refusing our key): the pass stopped there. */
  storeFailure?: SellerApiError;
}

type ReadEnd = { kind: 'read' } | { kind: 'store-failed'; error: SellerApiError };
const READ: ReadEnd = { kind: 'read' };

export function createChatWatcher(deps: ChatWatcherDeps): { readDue(pass: ChatPass): Promise<ChatPassResult> } {
  const { queries, handOff, lock, budget, health, logger, now, rules } = deps;

  const advance = (orderId: OrderId, message: Message) => {
    const ms = timeOf(message.createdAt);
    if (Number.isFinite(ms)) queries.cursors.advance(orderId, message.createdAt, ms);
  };

  async function readChat(orderId: OrderId, lane: Lane, pass: ChatPass, tally: { relayed: number }): Promise<ReadEnd> {
    const cursor = queries.cursors.get(orderId);
    if (cursor === undefined || queries.orders.get(orderId) === undefined) return READ;

    const nearFrom = cursor.cursorMs === undefined ? Number.NEGATIVE_INFINITY : cursor.cursorMs - rules.nearCursorMs;
    let messages: Message[];
    try {
      messages = await listMessagesAfter(pacedApi(pass.api, budget, lane, pass.waitSignal), orderId, {
        ...(cursor.cursorAt === undefined ? {} : { after: cursor.cursorAt as Cursor }),
        seenIds: new Set(queries.messages.idsFrom(orderId, nearFrom)),
        limit: rules.messagesPageSize,
        signal: pass.requestSignal,
        logger,
      });
    } catch (error) {
      if (pass.requestSignal.aborted || !isSellerApiError(error)) throw error;
      if (error.code === 'ORDER_NOT_FOUND') {
        queries.orders.stopWatching(orderId, now());
        logger.warn({ orderId }, "an order's chat is no longer found in the store: stopped watching it");
        return READ;
      }
      health.noteError(error, now());
      if (error.code === 'RATE_LIMIT') budget.holdUntil(pass.api.rateLimit()?.resetAt ?? now() + rules.intervalMs);
      queries.cursors.schedule(orderId, afterFailure(cursor, now(), rules));
      logger.warn({ orderId, code: error.code }, 'reading a chat failed: retried later');
      return error.transient || error.code === 'API_KEY_INVALID' ? { kind: 'store-failed', error } : READ;
    }

    let news = 0;
    for (const message of messages) {
      if (queries.messages.originOf(orderId, message.id) !== undefined) {
        advance(orderId, message);
        continue;
      }
      if (message.senderRole === 'seller' && deps.claimEcho(orderId, message)) {
        advance(orderId, message);
        continue;
      }
      const summary = orderSummary(queries, orderId);
      if (summary === undefined) return READ;
      try {
        await handOff({ kind: 'messageArrived', order: summary, message }, (refs) => {
          const at = now();
          queries.messages.record(orderId, { id: message.id, createdAt: message.createdAt, createdMs: finiteOr0(message) }, 'relayed', at);
          advance(orderId, message);
          for (const ref of refs) queries.links.link(orderId, ref, 'other', at);
          queries.cursors.markActive(orderId, at);
        });
        news += 1;
        tally.relayed += 1;
      } catch (error) {
        if (!(error instanceof SinkFailure)) throw error;
        const latest = queries.cursors.get(orderId) ?? cursor;
        queries.cursors.schedule(orderId, afterFailure(latest, now(), rules));
        logger.warn({ error: safeError(error.cause), orderId, messageId: message.id }, 'sink refused a chat message: offered again later');
        return READ;
      }
    }
    const latest = queries.cursors.get(orderId) ?? cursor;
    queries.cursors.schedule(orderId, afterRead(latest, pass.cycleStartedAt, news > 0, rules));
    return READ;
  }

  return {
    async readDue(pass) {
      const at = now();
      const due: { cursor: ChatCursor; lane: Lane }[] = queries.cursors
        .due(pass.horizon)
        .map((cursor) => ({ cursor, lane: isHot(cursor, at, rules) ? 'hot' : 'quiet' }));
      // Hot before quiet; within each, the longest-due first (due() is ordered by next read).
      const queue = [...due.filter((item) => item.lane === 'hot'), ...due.filter((item) => item.lane === 'quiet')];

      const tally = { relayed: 0 };
      let read = 0;
      for (const [index, { cursor, lane }] of queue.entries()) {
        const admitted = await budget.admit(lane, { signal: pass.waitSignal, deadline: pass.deadline });
        // Hot chats come first and quiet ones keep a larger reserve: once one cannot go, none after it can.
        if (!admitted) {
          return { read, relayed: tally.relayed, deferred: queue.length - index };
        }
        const end = await lock.run(cursor.orderId, () => readChat(cursor.orderId, lane, pass, tally));
        read += 1;
        // The store is down or refuses our key: the other chats would fail the same way, slowly.
        if (end.kind === 'store-failed') {
          return { read, relayed: tally.relayed, deferred: queue.length - index - 1, storeFailure: end.error };
        }
      }
      return { read, relayed: tally.relayed, deferred: 0 };
    },
  };
}

function finiteOr0(message: Message): number {
  const ms = timeOf(message.createdAt);
  return Number.isFinite(ms) ? ms : 0;
}
