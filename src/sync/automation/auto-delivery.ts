/**
 * Auto-delivery from stock: a new paid order of a stocked product is taken and delivered by the bridge, with the
 * order's own items as the issued value. Exactly once, through any crash:
 *
 * - the items are reserved in one transaction, at most once per order ever (db/stock.ts): a repeated look at the
 *   same order (the hand-off offered again after a crash or a refusal) finds the same items;
 * - the Take is queued in the hand-off's own commit, so an order is either not known yet (and planned again, with the
 *   same items) or known with its Take queued;
 * - the Deliver is queued in the transaction that records the Take's success, with the items as its value, and the
 *   outbox retries both with their stored Idempotency-Keys: the store acts once per key;
 * - Pause, and a person's own Deliver, stop an order until its Deliver is queued: its items go back to stock. A Deliver
 *   once queued is never called back: it may already be at the store;
 * - the first start's import (orders already in the store) is left to a person, as for every automation;
 * - a Take the store refuses for good (the buyer cancelled, a person took it) gives the items back;
 * - an order whose items would not fit in one issued value is never taken: a person delivers it;
 * - a Deliver the store refuses gives the items back only when the refusal proves the buyer never got them
 *   (seller-api/spec-gaps.ts); otherwise they are held for the order until a person releases them.
 * Item texts are secrets: they go to the store and the seller's own card, never to a log.
 */
import type { Logger } from 'pino';
import type { ActionTicket, SellerAction, SettledAction } from '../../core/actions.ts';
import { issuedValue, type OrderStock, type StockAlert, type StockPlan } from '../../core/stock/stock-plan.ts';
import { isCrossing, type StockItemId, type StockQueries } from '../../db/stock.ts';
import type { Order, OrderId, ProductId } from '../../seller-api/schemas.ts';
import { deliverRefusalLeftNothing, fitsDeliverValue } from '../../seller-api/spec-gaps.ts';
import type { SyncCommands, SyncSink } from '../contract.ts';
import { safeError } from '../support/safe-error.ts';

export interface AutoDeliveryRules {
  /** `AUTO_DELIVERY`: off plans nothing, for every product. */
  enabled: boolean;
  /** `STOCK_LOW_THRESHOLD`: an alert when a product's stock falls to this many items or fewer. */
  lowThreshold: number;
}

export const DEFAULT_AUTO_DELIVERY: AutoDeliveryRules = { enabled: true, lowThreshold: 3 };

export interface AutoDeliveryDeps {
  stock: StockQueries;
  enqueue(action: SellerAction): ActionTicket;
  logger: Logger;
  now: () => number;
  rules: AutoDeliveryRules;
  /** Whether an order (by its creation time) belongs to the first start's import (support/first-start.ts). */
  imported(createdAt: string | undefined): boolean;
  /** Runs `task` in one SQLite transaction (nested ones join it). */
  transaction<T>(task: () => T): T;
}

export interface AutoDelivery {
  /** Before a new order is handed off: reserves its items (or finds those reserved before) and says what happens. */
  plan(order: Order): StockPlan | undefined;
  /** Inside the hand-off's commit of that order: queues the Take. */
  committed(order: Order, plan: StockPlan | undefined): void;
  /** Inside the outbox's transaction of a definitive outcome: the next step. */
  settled(action: SellerAction, outcome: SettledAction): void;
  /** Orders holding reserved items that were never handed off: the order watcher reads each alone. */
  uncommitted(): OrderId[];
  /** The store no longer knows the order: items it reserved and never got go back. */
  gone(orderId: OrderId): void;
  replace: SyncCommands['replaceStockItem'];
  /** What the order got from stock, for its card. */
  orderStock(orderId: OrderId): OrderStock | undefined;
  /** Tells the sink of every stock level that crossed the threshold since last told; a refusal is retried next time. */
  announceLevels(sink: SyncSink): Promise<void>;
}

/** A whole number of items, at least one; anything else cannot be counted out of stock. */
const countable = (quantity: number | undefined): quantity is number =>
  quantity !== undefined && Number.isInteger(quantity) && quantity >= 1;

export function createAutoDelivery(deps: AutoDeliveryDeps): AutoDelivery {
  const { stock, logger, now, rules } = deps;

  function plan(order: Order): StockPlan | undefined {
    if (!rules.enabled || order.productId === undefined) return undefined;
    const productId = order.productId as ProductId;
    if (!stock.isStocked(productId)) return undefined;
    if (order.status !== 'paid') {
      // Reserved on an earlier look whose hand-off never committed, and the order moved on: give the items back.
      releaseReserved(order.id, 'auto-delivery: the order moved on before it was taken, items back in stock');
      return undefined;
    }
    if (deps.imported(order.createdAt)) return undefined;
    if (!countable(order.quantity)) return { kind: 'bad-quantity' };
    // Paused since an earlier look reserved (its card was refused meanwhile): nothing was queued, so it goes back.
    if (stock.isPaused(productId)) {
      releaseReserved(order.id, 'auto-delivery: the product was paused before the order was taken, items back in stock');
      return { kind: 'paused' };
    }
    const result = stock.reserve(order.id, productId, order.quantity, now(), (items) => fitsDeliverValue(issuedValue(items)));
    if (result.ok) {
      if (result.created) logger.info({ orderId: order.id, productId, quantity: order.quantity }, 'stock reserved for auto-delivery');
      return { kind: 'auto', quantity: order.quantity };
    }
    if (result.reason === 'short') return { kind: 'short', needed: result.needed, inStock: result.inStock };
    if (result.reason === 'paused') return { kind: 'paused' };
    if (result.reason === 'too-long') return { kind: 'too-many', quantity: order.quantity };
    // Released before (its Take was refused): a person handles it now.
    return undefined;
  }

  /** Gives back the items of an order whose Deliver was never queued. */
  function releaseReserved(orderId: OrderId, why: string): void {
    if (stock.reservation(orderId)?.state === 'reserved' && stock.release(orderId, now())) logger.info({ orderId }, why);
  }

  function committed(order: Order, planned: StockPlan | undefined): void {
    if (planned?.kind !== 'auto') return;
    // Paused between the plan and this commit: the order is not taken, a person handles it.
    if (order.productId !== undefined && stock.isPaused(order.productId as ProductId)) {
      releaseReserved(order.id, 'auto-delivery: the product was paused before the order was taken, items back in stock');
      return;
    }
    deps.enqueue({ kind: 'take', orderId: order.id, by: 'stock' });
  }

  function takeSettled(orderId: OrderId, ok: boolean): void {
    const reservation = stock.reservation(orderId);
    if (reservation?.state !== 'reserved') return;
    if (!ok || stock.isPaused(reservation.productId)) {
      const why = ok ? 'the product was paused while the order was being taken' : 'the store refused the take';
      releaseReserved(orderId, `auto-delivery: ${why}, items back in stock`);
      return;
    }
    const value = issuedValue(reservation.items.map((item) => item.item));
    const ticket = deps.enqueue({ kind: 'deliver', orderId, value, by: 'stock' });
    // One Deliver per order: a person's, queued while the Take waited, goes instead, with their value.
    if (ticket.deduplicated) releaseReserved(orderId, "auto-delivery: a person's Deliver goes instead, items back in stock");
  }

  function deliverSettled(orderId: OrderId, outcome: SettledAction): void {
    if (outcome.ok) {
      stock.markDelivered(orderId, now());
      return;
    }
    if (deliverRefusalLeftNothing(outcome.code, outcome.order)) {
      if (stock.release(orderId, now()))
        logger.info({ orderId, code: outcome.code }, 'auto-delivery: the store refused the delivery, items back in stock');
      return;
    }
    // The buyer may already see them: held for the order, given to no one else until a person releases them.
    if (stock.markFailed(orderId, now()))
      logger.warn({ orderId, code: outcome.code }, 'auto-delivery: the store refused the delivery, items held');
  }

  function settled(action: SellerAction, outcome: SettledAction): void {
    if (action.kind === 'take' && action.by === 'stock') takeSettled(action.orderId, outcome.ok);
    else if (action.kind === 'deliver' && action.by === 'stock') deliverSettled(action.orderId, outcome);
  }

  function orderStock(orderId: OrderId): OrderStock | undefined {
    const reservation = stock.reservation(orderId);
    if (reservation === undefined) return undefined;
    return {
      state: reservation.state,
      items: reservation.items.map((item) => ({ id: item.id, item: item.item })),
      replaced: stock.badCount(orderId),
    };
  }

  async function announceLevels(sink: SyncSink): Promise<void> {
    for (const change of stock.levelChanges(rules.lowThreshold)) {
      if (isCrossing(change) && sink.stockAlert !== undefined) {
        const alert: StockAlert = {
          productId: change.productId,
          title: change.title,
          level: change.level,
          inStock: change.inStock,
          threshold: rules.lowThreshold,
        };
        try {
          await sink.stockAlert(alert);
        } catch (error) {
          logger.warn({ error: safeError(error), productId: change.productId }, 'sink refused a stock alert: offered again later');
          continue;
        }
      }
      stock.setLevel(change.productId, change.level, now());
    }
  }

  const gone = (orderId: OrderId) => releaseReserved(orderId, 'auto-delivery: the order is gone from the store, items back in stock');

  const replace: AutoDelivery['replace'] = (orderId, itemId, compose) =>
    deps.transaction(() => {
      const next = stock.replace(orderId, itemId as StockItemId, now());
      if (typeof next === 'string') return { ok: false, reason: next } as const;
      // The key makes a repeated tap (or a retry after a crash) the same message, sent once.
      const ticket = deps.enqueue({
        kind: 'message',
        orderId,
        text: compose(next.item),
        by: 'stock',
        key: `stock-replace:${orderId}:${itemId}`,
      });
      logger.info({ orderId, itemId }, 'stock item replaced: the next item goes to the buyer');
      return { ok: true, ticket } as const;
    });

  return { plan, committed, settled, replace, uncommitted: () => stock.uncommittedReservations(), gone, orderStock, announceLevels };
}
