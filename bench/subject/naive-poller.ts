/**
 * The naive baseline: every interval, list every open order (all pages of each open status) and read every
 * open order's chat, one after the other, with the same client and the same paging helpers as the bridge.
 * When a round takes longer than the interval the next one starts at once. It keeps its state in memory and
 * relies on the client alone for rate limits (it waits when told the budget is spent, and after a 429). A status
 * that differs from the one listed before is announced as a change.
 */
import type { Logger } from 'pino';
import type { SellerApi } from '../../src/seller-api/api.ts';
import { listAllOrders, listMessagesAfter } from '../../src/seller-api/paging.ts';
import type { Cursor, Order, OrderId } from '../../src/seller-api/schemas.ts';
import { timeOf } from '../../src/seller-api/spec-gaps.ts';
import type { SyncSink } from '../../src/sync/contract.ts';
import { OPEN_STATUSES } from '../../src/core/order-status.ts';

export interface NaivePollerOptions {
  api: SellerApi;
  sink: SyncSink;
  intervalMs: number;
  pageSize: number;
  logger: Logger;
}

interface ChatState {
  after: Cursor | undefined;
  seen: Set<string>;
}

export interface NaivePoller {
  start(): void;
  firstRound(): Promise<void>;
  stop(): Promise<void>;
}

export function createNaivePoller({ api, sink, intervalMs, pageSize, logger }: NaivePollerOptions): NaivePoller {
  /** Each order's status when last listed: a change is announced (an order that left the open lists is not seen). */
  const known = new Map<string, Order['status']>();
  const chats = new Map<string, ChatState>();
  const abort = new AbortController();
  let firstRoundDone!: () => void;
  const firstRound = new Promise<void>((resolve) => {
    firstRoundDone = resolve;
  });
  let loop: Promise<void> = Promise.resolve();

  async function listOpenOrders(): Promise<Order[]> {
    const open: Order[] = [];
    for (const status of OPEN_STATUSES) {
      open.push(...(await listAllOrders(api, { status, limit: pageSize, signal: abort.signal, logger })));
    }
    return open;
  }

  async function readChat(order: Order): Promise<void> {
    const chat = chats.get(order.id) ?? { after: undefined, seen: new Set<string>() };
    chats.set(order.id, chat);
    const messages = await listMessagesAfter(api, order.id as OrderId, {
      ...(chat.after === undefined ? {} : { after: chat.after }),
      seenIds: chat.seen,
      limit: 100,
      signal: abort.signal,
      logger,
    });
    for (const message of messages) {
      if (abort.signal.aborted) return;
      if (chat.seen.has(message.id)) continue;
      // The naive poller tells no history from live: everything it finds goes out as it comes.
      await sink.messageArrived({ id: order.id, status: order.status, telegram: [] }, message, 'live');
      chat.seen.add(message.id);
      if (chat.after === undefined || timeOf(message.createdAt) > timeOf(chat.after)) chat.after = message.createdAt as Cursor;
    }
  }

  async function round(): Promise<void> {
    const open = await listOpenOrders();
    // Told to stop: between two sends, not after the round (at 5000 open orders its cards alone take an hour of
    // Telegram's pace, and the harness waits 30 s for the final account).
    for (const order of open) {
      if (abort.signal.aborted) return;
      const previous = known.get(order.id);
      if (previous === order.status) continue;
      if (previous === undefined) await sink.orderAppeared(order);
      else await sink.orderChanged(order, previous);
      known.set(order.id, order.status);
    }
    for (const order of open) {
      try {
        await readChat(order);
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.warn({ err: error, orderId: order.id }, 'naive: reading a chat failed');
      }
    }
  }

  async function run(): Promise<void> {
    while (!abort.signal.aborted) {
      const startedAt = Date.now();
      try {
        await round();
        firstRoundDone();
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.warn({ err: error }, 'naive: round failed');
      }
      await sleep(startedAt + intervalMs - Date.now(), abort.signal);
    }
  }

  return {
    start() {
      loop = run();
    },
    firstRound: () => firstRound,
    async stop() {
      abort.abort(new Error('naive poller stopping'));
      await loop;
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
