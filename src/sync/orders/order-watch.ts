/**
 * Order watching with as few requests as possible. Every cycle reads all pages of `paid` orders (new orders
 * must show within one interval). The `processing` and `awaiting_confirmation` lists are read whole on the first
 * cycle of a run; after that a pass over them is started every few cycles (within their share of the rate limit)
 * and read a few pages per cycle, so a long list never delays the next paid read. Open orders first seen in those
 * lists are adopted (announced like new ones). A known open order absent from every list read for its status
 * (the paid list of this cycle, or a whole pass over the other lists) is read alone — pages shift while we read,
 * so absence alone proves nothing. A known paid order that left the paid list is read alone at once, unless the
 * other lists are one page each: then reading them whole is as cheap and also adopts what was taken there.
 *
 * stop() ends a pass between two events: what was not handed off stays uncommitted and is read again after the
 * restart. The catch-up cycle of a run reads first (`read`) and hands off later (`apply`), so the sink can hear
 * a summary of what came in before the first card.
 */
import type { Logger } from 'pino';
import type { Queries } from '../../db/queries.ts';
import type { SellerApi } from '../../seller-api/api.ts';
import { isSellerApiError } from '../../seller-api/errors.ts';
import { listAllOrders, orderPageEnd } from '../../seller-api/paging.ts';
import { FIRST_PAGE, MAX_ORDER_PAGES } from '../../seller-api/spec-gaps.ts';
import type { Order, OrderId } from '../../seller-api/schemas.ts';
import { SinkFailure, type HandOff, type SyncEvent } from '../hand-off/hand-off.ts';
import type { RetryGate } from '../hand-off/retry-gate.ts';
import { safeError } from '../support/safe-error.ts';
import type { Health } from '../support/health.ts';
import type { WriteLedger } from './write-ledger.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { ACTION_TARGET_STATUS, OPEN_STATUSES, isOpenStatus } from '../../core/order-status.ts';
import type { AutoDelivery } from '../automation/auto-delivery.ts';
import type { AutoMessages } from '../automation/auto-message.ts';
import { watchFor } from './order-watch-state.ts';
import { createStatusPassShare } from './status-pass-share.ts';
import type { RunSignals } from '../../shared/run-signals.ts';

export interface OrderWatchRules {
  ordersPageSize: number;
  /** A pass over the non-paid open lists starts every this many cycles (when their share of the rate limit allows). */
  statusListsEvery: number;
  closedChatWatchMs: number;
  /** An adopted order's chat starts this long in the past: quiet, not hot. */
  hotWindowMs: number;
  /** Largest share of the rate limit (`limit` per `rateWindowMs`) the non-paid lists may take, averaged (status-pass-share.ts). */
  statusListsMaxShare: number;
  /** ...and while their last pass found changes made elsewhere. */
  statusListsBusyShare: number;
  rateWindowMs: number;
  /** The poll interval: with the share above, how many pages of the non-paid lists one cycle may read. */
  intervalMs: number;
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
  /** Plans a new paid order's delivery from stock before it is handed off, and queues it in the hand-off's commit. */
  autoDelivery?: Pick<AutoDelivery, 'plan' | 'committed' | 'uncommitted' | 'gone'>;
  /** Queues the automatic templates (greeting, delivered) in the hand-off's commit of the event that triggers them. */
  autoTemplates?: Pick<AutoMessages, 'appeared' | 'changed'>;
}

export interface OrderPass extends RunSignals {
  /** Paced for the urgent lane. */
  api: SellerApi;
  /** 0 for the catch-up cycle of a run (every open list is read). */
  cycle: number;
  /** Budget nobody else wants now (run/cycle.ts): the non-paid lists may take it beyond their share. */
  spare(): boolean;
}

/** What a catch-up read found, not yet compared with what sync knows nor handed off. */
export interface OrderReading {
  /** Open orders sync does not know yet, as first read: `apply` announces each (unless the sink refuses). */
  newOrders: Order[];
  /** Hands off what was read, in the order read, exactly as `watch` would have; returns early on stop(). */
  apply(waitSignal: AbortSignal): Promise<void>;
  /** Ends the reading, applied or not (idempotent; `apply` ends it too). */
  release(): void;
}

export interface OrderWatcher {
  /** Reads the open lists and hands each event off as it is found. */
  watch(pass: OrderPass): Promise<void>;
  /** Reads like `watch` and hands nothing off. */
  read(pass: OrderPass): Promise<OrderReading>;
}

/** What a pass does with each order read (`token`: the write-ledger token of the read it came from). */
type Visit = (order: Order, token: number) => Promise<void>;

const LATER_STATUSES = OPEN_STATUSES.filter((status) => status !== 'paid');

/** A pass over the non-paid lists in progress: where the next page is, and every id seen since it began. */
interface StatusPass {
  /** `StatusPassShare.started`'s mark. */
  mark: number;
  list: number;
  page: number;
  /** The page size the server really uses for the current list (it may cap ours silently). */
  pageSize: number | undefined;
  seen: Set<OrderId>;
  pages: number;
  startedAt: number;
}

export function createOrderWatcher(deps: OrderWatcherDeps): OrderWatcher {
  const { queries, handOff, ledger, refused, health, logger, now, rules } = deps;
  let statusPass: StatusPass | undefined;
  // Large lists take many cycles to read and are passed over less often.
  const passShare = createStatusPassShare(rules);

  async function offer(key: string, event: SyncEvent, commit: (refs: TelegramRef[]) => void): Promise<void> {
    if (refused.blocked(key)) return;
    try {
      await handOff(event, commit);
      refused.succeeded(key);
    } catch (error) {
      if (!(error instanceof SinkFailure)) throw error;
      // The sink is unavailable as a whole: the event keeps its place, and the hold decides when to try again.
      if (error.reason === 'held') return;
      if (error.reason === 'refused') refused.failed(key);
      logger.warn(
        { error: safeError(error.cause), event: event.kind, orderId: event.order.id, reason: error.reason },
        'sink refused an order event: offered again later',
      );
    }
  }

  async function observe(order: Order, token: number): Promise<void> {
    const stored = queries.orders.get(order.id);
    if (stored === undefined) {
      // A closed order we never knew is history, not news.
      // Planned before the open check: a closed order that holds reserved items gives them back here.
      const stock = deps.autoDelivery?.plan(order);
      if (!isOpenStatus(order.status)) return;
      const event: SyncEvent = stock === undefined ? { kind: 'orderAppeared', order } : { kind: 'orderAppeared', order, stock };
      await offer(`order:${order.id}`, event, (refs) => {
        const at = now();
        queries.orders.insert(order, watchFor(order.status, at, rules.closedChatWatchMs), at);
        startWatching(order, at);
        for (const [index, ref] of refs.entries()) queries.links.link(order.id, ref, index === 0 ? 'card' : 'other', at);
        deps.autoDelivery?.committed(order, stock);
        deps.autoTemplates?.appeared(order);
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
        deps.autoTemplates?.changed(order, stored.status);
        passShare.noteChange();
      });
      return;
    }
    // Same status, other details (a delivered value, a title): keep the card's data fresh without an event.
    if (JSON.stringify(order) !== JSON.stringify(stored.order)) {
      queries.orders.update(order, watchFor(order.status, now(), rules.closedChatWatchMs, stored), now());
    }
  }

  /**
   * A paid order is news: its chat is hot (briefly, chats/chat-schedule.ts). An order first seen further on (taken on
   * the website, or found by a first run) is adopted: nothing says its buyer is writing now, so its chat starts
   * quiet, due now, and is read among the quiet ones (its old messages do not make it hot either).
   */
  function startWatching(order: Order, at: number): void {
    if (order.status === 'paid' || queries.cursors.get(order.id) !== undefined) {
      queries.cursors.ensure(order.id, at);
      return;
    }
    queries.cursors.ensure(order.id, at - rules.hotWindowMs - 1);
    queries.cursors.schedule(order.id, { nextReadAt: at, emptyReads: 0, failures: 0 });
  }

  function awaitsOwnAction(order: Order): boolean {
    return queries.outbox.pendingKinds(order.id).some((kind) => kind !== 'message' && ACTION_TARGET_STATUS[kind] === order.status);
  }

  async function readList(status: string, pass: OrderPass, seen: Set<OrderId>, visit: Visit): Promise<void> {
    const token = ledger.begin();
    try {
      const orders = await listAllOrders(pass.api, { status, limit: rules.ordersPageSize, signal: pass.requestSignal, logger });
      for (const order of orders) {
        if (pass.waitSignal.aborted) return;
        seen.add(order.id);
        await visit(order, token);
      }
    } finally {
      ledger.end();
    }
  }

  /** Reads one order that left every list. False when the store failed: the other reads would fail too. */
  async function readAlone(stored: { id: OrderId }, pass: OrderPass, visit: Visit): Promise<boolean> {
    const token = ledger.begin();
    try {
      const order = await pass.api.getOrder(stored.id, { signal: pass.requestSignal });
      // stop() came while the order was read: its news waits for the restart, like everything after it.
      if (!pass.waitSignal.aborted) await visit(order, token);
      return true;
    } catch (error) {
      if (pass.requestSignal.aborted || !isSellerApiError(error)) throw error;
      if (error.code === 'ORDER_NOT_FOUND') {
        // Gone from the store's API (deleted, or its product no longer automated): stop watching, keep history.
        queries.orders.stopWatching(stored.id, now());
        deps.autoDelivery?.gone(stored.id);
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

  /**
   * Reads the next page of the pass and hands its orders to `visit`. True when the page ended its list. On stop()
   * the page is not counted as read: the pass reads it again.
   */
  async function readStatusPage(current: StatusPass, pass: OrderPass, seen: Set<OrderId>, visit: Visit): Promise<boolean> {
    const status = LATER_STATUSES[current.list] as string;
    const token = ledger.begin();
    try {
      const result = await pass.api.listOrders({ status, page: current.page, limit: rules.ordersPageSize, signal: pass.requestSignal });
      current.pages++;
      for (const order of result.orders) {
        if (pass.waitSignal.aborted) return false;
        seen.add(order.id);
        current.seen.add(order.id);
        await visit(order, token);
      }
      const pagesRead = current.page - FIRST_PAGE + 1;
      const end = orderPageEnd(result, pagesRead, rules.ordersPageSize, current.pageSize);
      if (end.ended) return true;
      current.pageSize = end.pageSize;
      if (pagesRead >= MAX_ORDER_PAGES) {
        logger.warn({ status, maxPages: MAX_ORDER_PAGES }, 'order list still going after the page bound: stopped reading');
        return true;
      }
      return false;
    } finally {
      ledger.end();
    }
  }

  /**
   * Reads up to `maxPages` pages of the pass in progress, and on while the budget has some to spare; returns the
   * ids it saw when this completed it.
   */
  async function advancePass(pass: OrderPass, maxPages: number, seen: Set<OrderId>, visit: Visit): Promise<Set<OrderId> | undefined> {
    for (let read = 0; read < maxPages || pass.spare(); read++) {
      const current = statusPass;
      if (current === undefined || pass.waitSignal.aborted) return undefined;
      const listEnded = await readStatusPage(current, pass, seen, visit);
      if (pass.waitSignal.aborted) return undefined;
      if (!listEnded) {
        current.page++;
        continue;
      }
      current.list++;
      current.page = FIRST_PAGE;
      current.pageSize = undefined;
      if (current.list < LATER_STATUSES.length) continue;
      statusPass = undefined;
      passShare.finished(current.pages, current.startedAt, current.mark);
      return current.seen;
    }
    return undefined;
  }

  function startPass(): void {
    statusPass = { mark: passShare.started(), list: 0, page: FIRST_PAGE, pageSize: undefined, seen: new Set(), pages: 0, startedAt: now() };
  }

  async function scan(pass: OrderPass, visit: Visit): Promise<void> {
    // Ids seen this cycle, in any list.
    const seen = new Set<OrderId>();
    await readList('paid', pass, seen, visit);

    const paidLeft = queries.orders.openStatuses().some((order) => order.status === 'paid' && !seen.has(order.id));
    // Read even when we know no order in these statuses: an order taken on the website before we ever saw it
    // paid is adopted there, so its buyer's messages still reach the seller.
    let passSeen: Set<OrderId> | undefined;
    if (pass.cycle === 0 || (paidLeft && passShare.lastPages() <= LATER_STATUSES.length)) {
      // Whole, now: a fresh pass that does not wait for the next paid read (the lists are small, or this is the
      // catch-up, which must see everything before it reports).
      startPass();
      passSeen = await advancePass(pass, Number.POSITIVE_INFINITY, seen, visit);
    } else {
      // Idle budget is spent on these lists at once: a change made on the website shows within an interval or two.
      const due = pass.cycle % rules.statusListsEvery === 0 && passShare.affordable(pass.api.rateLimit()?.limit, now());
      if (statusPass === undefined && (due || pass.spare())) startPass();
      passSeen = await advancePass(pass, passShare.pagesPerCycle(pass.api.rateLimit()?.limit), seen, visit);
    }

    // Read again: the passes above and the outbox may have changed statuses meanwhile.
    for (const stored of queries.orders.openStatuses()) {
      if (pass.waitSignal.aborted) return;
      if (seen.has(stored.id)) continue;
      // A paid order is missing from this cycle's paid list; another open one from every page of a whole pass.
      const missing = stored.status === 'paid' || (passSeen !== undefined && !passSeen.has(stored.id));
      if (!missing) continue;
      if (!(await readAlone(stored, pass, visit))) break;
    }
    await readUncommitted(pass, seen, visit);
  }

  /** Orders holding reserved items whose card was never posted and that left the paid list: each read alone. */
  async function readUncommitted(pass: OrderPass, seen: ReadonlySet<OrderId>, visit: Visit): Promise<void> {
    for (const id of deps.autoDelivery?.uncommitted() ?? []) {
      if (pass.waitSignal.aborted || seen.has(id)) continue;
      if (!(await readAlone({ id }, pass, visit))) return;
    }
  }

  return {
    watch: (pass) => scan(pass, observe),

    async read(pass) {
      // Held until the reading is applied: an order the outbox writes meanwhile is still skipped by `apply`.
      ledger.begin();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        ledger.end();
      };
      const read: { order: Order; token: number }[] = [];
      try {
        await scan(pass, async (order, token) => {
          read.push({ order, token });
        });
      } catch (error) {
        release();
        throw error;
      }

      // The first open sighting of an unknown order announces it (observe ignores closed strangers).
      const newOrders = new Map<OrderId, Order>();
      for (const { order } of read) {
        if (isOpenStatus(order.status) && !newOrders.has(order.id) && queries.orders.get(order.id) === undefined) {
          newOrders.set(order.id, order);
        }
      }
      return {
        newOrders: [...newOrders.values()],
        async apply(waitSignal) {
          try {
            for (const { order, token } of read) {
              if (waitSignal.aborted) return;
              await observe(order, token);
            }
          } finally {
            release();
          }
        },
        release,
      };
    },
  };
}
