/**
 * Chat watching: for each watched order whose read is due, read the messages after its cursor, drop what was
 * handled before and our own posts, and hand every other message to the sink in (createdAt, id) order.
 * docs/api-assumptions.md, `senderRole` beyond `seller`: relay everything that is not our own post — seller messages
 * written on the store website included.
 *
 * Each relayed message's commit also decides an automatic answer to it (automation/buyer-answers.ts).
 *
 * A message the sink refused stops that chat's read: the cursor stays before it, so it comes back first next time and a
 * later message never overtakes it. While the sink is unavailable as a whole (hand-off/sink-hold.ts) no chat is read:
 * every due chat stays due, and is read in its turn once the sink answers again. Chats are read in the order
 * read-order.ts gives: during a rush (rush.ts) the recently active ones first, then the due ones most overdue relative
 * to their period first (chat-schedule.ts); when the budget would make a read wait past the cycle's deadline, the rest
 * stay due for the next cycle.
 *
 * stop() ends a pass between two messages: the cursor stays after the last one handed off, the chat stays due,
 * and the rest is read again after the restart. The catch-up cycle of a run reads first (`collectDue`) and
 * relays later, so the sink can hear a summary of what came in before the first card or message.
 */
import type { Logger } from 'pino';
import type { Queries } from '../../db/queries.ts';
import type { SellerApi } from '../../seller-api/api.ts';
import { isSellerApiError, type SellerApiError } from '../../seller-api/errors.ts';
import { listMessagesAfter } from '../../seller-api/paging.ts';
import type { Cursor, Message, OrderId } from '../../seller-api/schemas.ts';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import { afterFailure, afterRead, longestUnreadFirst } from './chat-schedule.ts';
import { createReadOrder, type ReadOrderRules } from './read-order.ts';
import { SinkFailure } from '../hand-off/hand-off.ts';
import type { HandOff } from '../hand-off/hand-off.ts';
import type { Health } from '../support/health.ts';
import { orderSummary } from '../orders/order-summary.ts';
import { pacedApi } from '../budget/paced-api.ts';
import { safeError } from '../support/safe-error.ts';
import type { Lane, RequestBudget } from '../budget/request-budget.ts';
import type { SinkHold } from '../hand-off/sink-hold.ts';
import type { KeyedLock } from '../../shared/keyed-lock.ts';
import type { AutoMessages } from '../automation/auto-message.ts';
import { stopped, type RunSignals } from '../../shared/run-signals.ts';

export interface ChatWatchRules extends ReadOrderRules {
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
  isEcho(orderId: OrderId, message: Message): boolean;
  /** Like `isEcho`, and records the post as sent when it is. */
  claimEcho(orderId: OrderId, message: Message): boolean;
  sinkHold: Pick<SinkHold, 'holding'>;
  /** Automatic answers to buyers, decided in each message's commit. */
  autoTemplates?: Pick<AutoMessages, 'buyerWrote'>;
}

export interface ChatPass extends RunSignals {
  api: SellerApi;
  /** Chats due at or before this instant are read. */
  horizon: number;
  /** No read starts if the budget would make it wait past this instant. */
  deadline: number;
}

export interface ChatPassResult {
  read: number;
  relayed: number;
  /** Due chats (and a rush's) left for the next cycle (budget or a store failure). */
  deferred: number;
  /** The store failed (down, or refusing our key): the pass stopped there. */
  storeFailure?: SellerApiError;
}

/** What `collectDue` read, not handed off yet. */
export interface ChatReading extends Omit<ChatPassResult, 'relayed'> {
  /** The messages `relay` will hand off (as far as known now: not our posts nor their echoes), chat by chat. */
  incoming: Message[];
  /** Relays what was read under the same rules as `readDue`, chat by chat; returns early on stop(). */
  relay(): Promise<number>;
}

export interface ChatWatcher {
  /** Reads every due chat and hands its new messages off as it goes. */
  readDue(pass: ChatPass): Promise<ChatPassResult>;
  /**
   * Reads like `readDue`, plus the chats of `newOrders` (orders about to be announced, read from their first
   * message), and hands nothing off. A new order's chat is relayed only once the order is known.
   */
  collectDue(pass: ChatPass, newOrders: readonly OrderId[]): Promise<ChatReading>;
}

interface QueuedChat {
  orderId: OrderId;
  lane: Lane;
  /** An order not announced yet: no cursor, no stored order. */
  unannounced: boolean;
}

/**
 * The lane of each kind of chat read, all here. Due reads leave the urgent lane its reserve (new orders, seller
 * actions; the budget releases it late in a window); a rush's go unpaced, as buyers of many orders are writing now;
 * reading ahead takes only what nobody else wants.
 */
const LANE = { due: 'hot', rush: 'rush', ahead: 'quiet' } as const satisfies Record<string, Lane>;

/** `readAt`: when the store answered; the chat's next read is due a period after it. */
type Fetched =
  | { kind: 'fetched'; messages: Message[]; readAt: number }
  | { kind: 'skip' }
  | { kind: 'store-failed'; error: SellerApiError };
const SKIP: Fetched = { kind: 'skip' };

interface Tally {
  relayed: number;
}

export function createChatWatcher(deps: ChatWatcherDeps): ChatWatcher {
  const { queries, handOff, lock, budget, health, logger, now, rules } = deps;
  const readOrder = createReadOrder({ queries, rules, now, storeLimit: budget.storeLimit, logger });

  const advance = (orderId: OrderId, message: Message) => {
    const ms = timeOf(message.createdAt);
    // A message without a readable time leaves the cursor where it is (docs/api-assumptions.md: message cursor).
    if (message.createdAt !== undefined && Number.isFinite(ms)) queries.cursors.advance(orderId, message.createdAt, ms);
  };

  async function fetchChat({ orderId, lane, unannounced }: QueuedChat, pass: ChatPass): Promise<Fetched> {
    readOrder.attempted(orderId);
    const cursor = queries.cursors.get(orderId);
    if (!unannounced && (cursor === undefined || queries.orders.get(orderId) === undefined)) return SKIP;

    const cursorMs = cursor?.cursorMs;
    const nearFrom = cursorMs === undefined ? Number.NEGATIVE_INFINITY : cursorMs - rules.nearCursorMs;
    try {
      const messages = await listMessagesAfter(pacedApi(pass.api, budget, lane, pass.waitSignal), orderId, {
        ...(cursor?.cursorAt === undefined ? {} : { after: cursor.cursorAt as Cursor }),
        seenIds: new Set(queries.messages.idsFrom(orderId, nearFrom)),
        limit: rules.messagesPageSize,
        signal: pass.requestSignal,
        logger,
      });
      return { kind: 'fetched', messages, readAt: now() };
    } catch (error) {
      if (stopped(pass) || !isSellerApiError(error)) throw error;
      if (error.code === 'ORDER_NOT_FOUND') {
        queries.orders.stopWatching(orderId, now());
        logger.warn({ orderId }, "an order's chat is no longer found in the store: stopped watching it");
        return SKIP;
      }
      health.noteError(error, now());
      if (error.code === 'RATE_LIMIT') budget.holdUntil(pass.api.rateLimit()?.resetAt ?? now() + rules.intervalMs);
      // A new order's chat has no schedule yet: it is due as soon as the order is announced.
      if (cursor !== undefined) queries.cursors.schedule(orderId, afterFailure(cursor, now(), rules));
      logger.warn({ orderId, code: error.code }, 'reading a chat failed: retried later');
      return error.transient || error.code === 'API_KEY_INVALID' ? { kind: 'store-failed', error } : SKIP;
    }
  }

  /** Neither a message handled before nor the echo of our own post. */
  const isNews = (orderId: OrderId, message: Message) =>
    queries.messages.originOf(orderId, message.id) === undefined && !(message.senderRole === 'seller' && deps.isEcho(orderId, message));

  /** Hands off the chat's messages in order; the first one the sink refuses stops the chat (never overtaken). */
  async function relayChat(
    orderId: OrderId,
    { messages, readAt }: { messages: Message[]; readAt: number },
    pass: ChatPass,
    tally: Tally,
  ): Promise<void> {
    const cursor = queries.cursors.get(orderId);
    // A new order the sink did not take: its chat is read again, from the start, once it is announced.
    if (cursor === undefined) return;

    let news = 0;
    // A seller's message later in this read (a restart after a downtime reads both): the buyer was answered.
    const lastSellerMs = messages.reduce(
      (last, m) => (m.senderRole === 'seller' ? Math.max(last, finiteOr0(m)) : last),
      Number.NEGATIVE_INFINITY,
    );
    for (const message of messages) {
      if (pass.waitSignal.aborted) return;
      if (queries.messages.originOf(orderId, message.id) !== undefined) {
        advance(orderId, message);
        continue;
      }
      if (message.senderRole === 'seller' && deps.claimEcho(orderId, message)) {
        advance(orderId, message);
        continue;
      }
      const summary = orderSummary(queries, orderId);
      if (summary === undefined) return;
      try {
        await handOff({ kind: 'messageArrived', order: summary, message }, (refs) => {
          const at = now();
          readOrder.noteArrival(message, at, cursor);
          queries.messages.record(orderId, { id: message.id, createdAt: message.createdAt, createdMs: finiteOr0(message) }, 'relayed', at);
          advance(orderId, message);
          for (const ref of refs) queries.links.link(orderId, ref, 'other', at);
          queries.cursors.markActive(orderId, activityOf(orderId, message, at));
          deps.autoTemplates?.buyerWrote(orderId, message, { answeredLater: lastSellerMs > finiteOr0(message) });
        });
        news += 1;
        tally.relayed += 1;
      } catch (error) {
        if (!(error instanceof SinkFailure)) throw error;
        // The sink is unavailable as a whole: the chat stays due, with no backoff of its own.
        if (error.reason !== 'refused') return;
        const latest = queries.cursors.get(orderId) ?? cursor;
        queries.cursors.schedule(orderId, afterFailure(latest, now(), rules));
        logger.warn({ error: safeError(error.cause), orderId, messageId: message.id }, 'sink refused a chat message: offered again later');
        return;
      }
    }
    const latest = queries.cursors.get(orderId) ?? cursor;
    queries.cursors.scheduleAfterRead(orderId, afterRead(latest, readAt, news > 0, rules, readOrder.heatNow(orderId, readAt)), readAt);
  }

  /**
   * The chat's activity as of this message: when it was written (old history of an adopted order does not make
   * its chat hot), never later than now nor earlier than the activity already known.
   */
  function activityOf(orderId: OrderId, message: Message, at: number): number {
    const written = Math.floor(timeOf(message.createdAt));
    const known = queries.cursors.get(orderId)?.lastActivityAt ?? Number.NEGATIVE_INFINITY;
    return Math.max(known, Number.isFinite(written) ? Math.min(written, at) : at);
  }

  const dueQueue = (pass: ChatPass): QueuedChat[] =>
    readOrder.due(pass.horizon).map(({ orderId, rush }) => ({ orderId, lane: rush ? LANE.rush : LANE.due, unannounced: false }));

  /**
   * Reads the queue in order while the budget admits each read before the deadline; `onRead` gets each chat
   * read. Once one cannot go, none after it can (a rush's reads come first, and never wait longer than a chat read).
   * A rush that begins during the pass puts its chats next, not a cycle later.
   */
  async function readQueue(
    queue: QueuedChat[],
    pass: ChatPass,
    onRead: (chat: QueuedChat, fetched: Fetched) => Promise<void>,
  ): Promise<Omit<ChatPassResult, 'relayed'>> {
    const startedAt = now();
    let rushJoined = false;
    let read = 0;
    for (let index = 0; index < queue.length; index++) {
      const chat = queue[index] as QueuedChat;
      const deferred = queue.length - index;
      if (pass.waitSignal.aborted || deps.sinkHold.holding()) return { read, deferred };
      const admitted = await budget.admit(chat.lane, { signal: pass.waitSignal, deadline: pass.deadline });
      if (!admitted) return { read, deferred };
      const end = await lock.run(chat.orderId, async () => {
        const fetched = await fetchChat(chat, pass);
        await onRead(chat, fetched);
        return fetched;
      });
      read += 1;
      // The store is down or refuses our key: the other chats would fail the same way, slowly.
      if (end.kind === 'store-failed') return { read, deferred: deferred - 1, storeFailure: end.error };
      if (!rushJoined) rushJoined = joinRush(queue, index, startedAt);
    }
    return { read, deferred: 0 };
  }

  /** Puts the chats of a rush that began since `startedAt` right after `index`; whether it did. */
  function joinRush(queue: QueuedChat[], index: number, startedAt: number): boolean {
    const rushed = readOrder.rushedSince(startedAt);
    if (rushed === undefined) return false;
    const first = new Set(rushed);
    const rest = queue.slice(index + 1).filter((chat) => !first.has(chat.orderId));
    const reads = rushed.map((orderId): QueuedChat => ({ orderId, lane: LANE.rush, unannounced: false }));
    queue.splice(index + 1, queue.length, ...reads, ...rest);
    return true;
  }

  /**
   * Budget the window would otherwise leave unused: with every due chat read, the chats read longest ago are read
   * ahead of time while the background lane goes at once (it keeps twice the reserve and never waits), so a quiet
   * chat's next message is not left waiting out its back-off while requests lapse. Longest ago, not due soonest: the
   * warm chats are read on their schedule anyway, and reading the soonest due ahead would read them again instead of
   * the quiet chats.
   */
  async function readAhead(
    pass: ChatPass,
    readNow: ReadonlySet<OrderId>,
    onRead: (chat: QueuedChat, fetched: Fetched) => Promise<void>,
  ): Promise<void> {
    if (!budget.idle()) return;
    const ahead = longestUnreadFirst(
      queries.cursors.due(Number.MAX_SAFE_INTEGER).filter((cursor) => !readNow.has(cursor.orderId)),
      (cursor) => cursor,
    );
    for (const cursor of ahead) {
      if (pass.waitSignal.aborted || deps.sinkHold.holding() || now() >= pass.deadline || !budget.idle()) return;
      const chat: QueuedChat = { orderId: cursor.orderId, lane: LANE.ahead, unannounced: false };
      const end = await lock.run(chat.orderId, async () => {
        const fetched = await fetchChat(chat, pass);
        await onRead(chat, fetched);
        return fetched;
      });
      if (end.kind === 'store-failed') return;
    }
  }

  return {
    async readDue(pass) {
      const tally: Tally = { relayed: 0 };
      const readNow = new Set<OrderId>();
      const onRead = async (chat: QueuedChat, fetched: Fetched) => {
        readNow.add(chat.orderId);
        if (fetched.kind === 'fetched') await relayChat(chat.orderId, fetched, pass, tally);
      };
      const result = await readQueue(dueQueue(pass), pass, onRead);
      if (result.deferred === 0 && result.storeFailure === undefined) await readAhead(pass, readNow, onRead);
      return { ...result, relayed: tally.relayed };
    },

    async collectDue(pass, newOrders) {
      const queue = dueQueue(pass);
      const queued = new Set(queue.map((chat) => chat.orderId));
      for (const orderId of newOrders) {
        if (!queued.has(orderId)) queue.push({ orderId, lane: LANE.due, unannounced: true });
      }
      const batches: { orderId: OrderId; read: { messages: Message[]; readAt: number } }[] = [];
      const result = await readQueue(queue, pass, async (chat, fetched) => {
        if (fetched.kind === 'fetched' && fetched.messages.length > 0) batches.push({ orderId: chat.orderId, read: fetched });
      });
      return {
        ...result,
        incoming: batches.flatMap(({ orderId, read }) => read.messages.filter((message) => isNews(orderId, message))),
        async relay() {
          const tally: Tally = { relayed: 0 };
          for (const { orderId, read } of batches) {
            if (pass.waitSignal.aborted) break;
            await lock.run(orderId, () => relayChat(orderId, read, pass, tally));
          }
          return tally.relayed;
        },
      };
    },
  };
}

function finiteOr0(message: Message): number {
  const ms = timeOf(message.createdAt);
  return Number.isFinite(ms) ? ms : 0;
}
