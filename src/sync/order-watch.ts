/**
 * Order watching with as few requests as possible. Every cycle reads all pages of `paid` orders (new orders
 * must show within one interval). The `processing` and `awaiting_confirmation` lists are read every few
 * cycles, on the first cycle of a run, and at once when a known paid order left the paid list (it was taken
 * somewhere). Open orders first seen in those lists are adopted (announced like new ones). A known open order absent from every list read for its
 * status is read alone — pages shift while we read, so absence alone proves nothing.
 */
import type { Logger } from 'pino';
import type { Queries } from '../db/queries.ts';
import type { StoredOrder } from '../db/orders.ts';
import type { SellerApi } from '../seller-api/api.ts';
import { isSellerApiError } from '../seller-api/errors.ts';
import { listAllOrders } from '../seller-api/paging.ts';
import type { Order, OrderId } from '../seller-api/schemas.ts';
import type { TelegramRef } from './contract.ts';
import { SinkFailure, type HandOff, type SyncEvent } from './hand-off.ts';
import { ACTION_TARGET_STATUS, OPEN_STATUSES, isOpenStatus, watchFor } from './order-status.ts';
import type { RetryGate } from './retry-gate.ts';
import { safeError } from './safe-error.ts';
import type { Health } from './health.ts';
import type { WriteLedger } from './write-ledger.ts';

export interface OrderWatchRules {
  ordersPageSize: number;
  /** The non-paid open lists are read every this many cycles (and whenever a paid order left its list). */
  statusListsEvery: number;
  closedChatWatchMs: number;
}

export interface OrderWatcherDeps {
  queries: Queries;
  handOff: HandOff;
  ledger: WriteLedger;
  refused: RetryGate;
  health: Health;
  logger: Logger;
  now: () => number;
  rules: OrderWatchRules;
}

export interface OrderPass {
  /** Paced for the urgent lane. */
  api: SellerApi;
  /** Aborts requests (graceful stop). */
  signal: AbortSignal;
  /** 0 for the first cycle of this run. */
  cycle: number;
}

export interface OrderWatcher {
  watch(pass: OrderPass): Promise<void>;
}

const LATER_STATUSES = OPEN_STATUSES.filter((status) => status !== 'paid');

export function createOrderWatcher(deps: OrderWatcherDeps): OrderWatcher {
  const { queries, handOff, ledger, refused, health, logger, now, rules } = deps;

  async function offer(key: string, event: SyncEvent, commit: (refs: TelegramRef[]) => void): Promise<void> {
    if (refused.blocked(key)) return;
    try {
      await handOff(event, commit);
      refused.succeeded(key);
    } catch (error) {
      if (!(error instanceof SinkFailure)) throw error;
      refused.failed(key);
      logger.warn(
        { error: safeError(error.cause), event: event.kind, orderId: event.order.id },
        'sink refused an order event: offered again later',
      );
    }
  }

  async function observe(order: Order, token: number): Promise<void> {
    const stored = queries.orders.get(order.id);
    if (stored === undefined) {
      // A closed order we never knew is history, not news.
      if (!isOpenStatus(order.status)) return;
      await offer(`order:${order.id}`, { kind: 'orderAppeared', order }, (refs) => {
        const at = now();
        queries.orders.insert(order, watchFor(order.status, at, rules.closedChatWatchMs), at);
        queries.cursors.ensure(order.id, at);
        refs.forEach((ref, index) => queries.links.link(order.id, ref, index === 0 ? 'card' : 'other', at));
      });
      return;
    }
    if (ledger.wroteSince(order.id, token)) return;
    if (stored.status !== order.status) {
      // Most likely our own action whose answer has not been recorded yet (lost on the way, retried with the
      // same key): the outbox records it and the sink hears of it through actionSettled. Should the action
      // fail after all, the status is still unrecorded and the next cycle reports the change.
      if (awaitsOwnAction(order)) return;
      await offer(`order:${order.id}`, { kind: 'orderChanged', order, previousStatus: stored.status }, (refs) => {
        const at = now();
        queries.orders.update(order, watchFor(order.status, at, rules.closedChatWatchMs, stored), at);
        queries.cursors.ensure(order.id, at);
        for (const ref of refs) queries.links.link(order.id, ref, 'other', at);
      });
      return;
    }
    // Same status, other details (a delivered value, a title): keep the card's data fresh without an event.
    if (JSON.stringify(order) !== JSON.stringify(stored.order)) {
      queries.orders.update(order, watchFor(order.status, now(), rules.closedChatWatchMs, stored), now());
    }
  }

  function awaitsOwnAction(order: Order): boolean {
    return queries.outbox
      .pendingKinds(order.id)
      .some((kind) => kind !== 'message' && ACTION_TARGET_STATUS[kind] === order.status);
  }

  async function readList(api: SellerApi, status: string, signal: AbortSignal, seen: Set<OrderId>): Promise<void> {
    const token = ledger.begin();
    try {
      const orders = await listAllOrders(api, { status, limit: rules.ordersPageSize, signal, logger });
      for (const order of orders) {
        seen.add(order.id);
        await observe(order, token);
      }
    } finally {
      ledger.end();
    }
  }

  /** Reads one order that left every list. False when the store failed: the other reads would fail too. */
  async function readAlone(api: SellerApi, stored: StoredOrder, signal: AbortSignal): Promise<boolean> {
    const token = ledger.begin();
    try {
      const order = await api.getOrder(stored.id, { signal });
      await observe(order, token);
      return true;
    } catch (error) {
      if (signal.aborted || !isSellerApiError(error)) throw error;
      if (error.code === 'ORDER_NOT_FOUND') {
        // Gone from the store's API (deleted, or its product no longer automated): stop watching, keep history.
        queries.orders.stopWatching(stored.id, now());
        logger.warn({ orderId: stored.id }, 'a known order is no longer found in the store: stopped watching it');
        return true;
      }
      // One order the store cannot serve must not stop the chats of all the others: try it next cycle.
      health.noteError(error, now());
      logger.warn({ orderId: stored.id, code: error.code }, 'reading a known order failed: retried next cycle');
      return !error.transient && error.code !== 'API_KEY_INVALID';
    } finally {
      ledger.end();
    }
  }

  return {
    async watch({ api, signal, cycle }) {
      const seen = new Set<OrderId>();
      const listsRead = new Set<string>(['paid']);
      await readList(api, 'paid', signal, seen);

      const paidLeft = queries.orders.open().some((order) => order.status === 'paid' && !seen.has(order.id));
      // Read even when we know no order in these statuses: an order taken on the website before we ever saw
      // it paid is adopted there, so its buyer's messages still reach the seller.
      const due = cycle === 0 || paidLeft || cycle % rules.statusListsEvery === 0;
      if (due) {
        for (const status of LATER_STATUSES) {
          await readList(api, status, signal, seen);
          listsRead.add(status);
        }
      }

      for (const stored of queries.orders.open()) {
        if (seen.has(stored.id) || !listsRead.has(stored.status)) continue;
        if (!(await readAlone(api, stored, signal))) break;
      }
    },
  };
}
