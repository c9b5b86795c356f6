/**
 * What the bot keeps per store (cards, stock, reminders and auto-cancel, the audit trail, the figures, the export,
 * where relayed messages went out),
 * each in its store's own database, seen by the bot as one store of each kind with qualified ids: a call about an
 * order or a product goes to its store's database, a list is every store's, qualified. With one store each is that
 * store's queries as they are.
 */
import type { AuditStore, StatsStore } from '../../core/audit.ts';
import type { OrderExportStore } from '../../core/sales.ts';
import type { AutoReplySettings } from '../../bot/automation/autoreply-store.ts';
import type { ReminderStore } from '../../bot/automation/reminder-store.ts';
import type { CardStore } from '../../bot/cards/card-store.ts';
import type { StockStore } from '../../bot/stock/stock-store.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { raw, storeOf, upward } from './qualifier.ts';

/** One store's own queries of each kind, and its name. */
export interface StoreQueries {
  name: string;
  cards: CardStore;
  stock: StockStore;
  reminders: ReminderStore;
  audit: AuditStore;
  stats: StatsStore;
  orderExport: OrderExportStore;
  relayedRef: AutoReplySettings['relayedRef'];
}

export interface BotStores {
  cards: CardStore;
  stock: StockStore;
  reminders: ReminderStore;
  audit: AuditStore;
  stats: StatsStore;
  orderExport: OrderExportStore;
  relayedRef: AutoReplySettings['relayedRef'];
}

/** Each store's part, and the store an id belongs to (the first store's for steps of no order). */
function router(stores: readonly StoreQueries[]) {
  const [first] = stores;
  if (first === undefined) throw new Error('no store');
  const byName = new Map(stores.map((store) => [store.name, store]));
  const of = (id: string): StoreQueries => {
    const found = byName.get(storeOf(id));
    if (found === undefined) throw new Error(`no store for this id (${storeOf(id)})`);
    return found;
  };
  return { first, of, all: stores };
}

type Router = ReturnType<typeof router>;

export function botStores(stores: readonly StoreQueries[]): BotStores {
  const [only] = stores;
  if (stores.length === 1 && only !== undefined) return only;
  const route = router(stores);
  return {
    cards: cardsOf(route),
    stock: stockOf(route),
    reminders: remindersOf(route),
    audit: auditOf(route),
    stats: statsOf(route),
    orderExport: {
      orders: (period) =>
        route.all.flatMap((store) => [...store.orderExport.orders(period)].map((order) => ({ ...order, store: store.name }))),
    },
    relayedRef: (orderId, messageId) => route.of(orderId).relayedRef(raw(orderId), messageId),
  };
}

function cardsOf({ of, all }: Router): CardStore {
  return {
    cards: (orderId) => of(orderId).cards.cards(raw(orderId)),
    show: (orderId, card, view) => of(orderId).cards.show(raw(orderId), card, view),
    // A message belongs to one store's database; the others have nothing to forget.
    forget: async (refs) => {
      for (const store of all) await store.cards.forget(refs);
    },
    forgetOrder: (orderId) => of(orderId).cards.forgetOrder(raw(orderId)),
    tendedOrders: async () => {
      const tended = await Promise.all(
        all.map(async (store) =>
          (await store.cards.tendedOrders()).map((order) => ({ ...order, orderId: upward(store.name).id(order.orderId) })),
        ),
      );
      return tended.flat();
    },
    dropUnknown: (orderId) => of(orderId).cards.dropUnknown(raw(orderId)),
  };
}

function stockOf({ of, all }: Router): StockStore {
  return {
    summary: () =>
      all.flatMap((store) => store.stock.summary().map((product) => ({ ...product, productId: upward(store.name).id(product.productId) }))),
    add: (productId, items, now) => of(productId).stock.add(raw(productId), items, now),
    setPaused: (productId, paused, now) => of(productId).stock.setPaused(raw(productId), paused, now),
    heldOrders: () =>
      all.flatMap((store) => {
        const up = upward(store.name);
        return store.stock.heldOrders().map((held) => ({ ...held, orderId: up.id(held.orderId), productId: up.id(held.productId) }));
      }),
    releaseHeld: (orderId, now) => of(orderId).stock.releaseHeld(raw(orderId), now),
  };
}

/** Every store's answer, qualified by `qualifyEach`, as one list. */
const merged = async <T>(
  all: readonly StoreQueries[],
  ask: (store: StoreQueries) => T[] | readonly T[] | Promise<readonly T[]>,
  qualifyEach: (item: T, store: string) => T,
) => (await Promise.all(all.map(async (store) => (await ask(store)).map((item) => qualifyEach(item, store.name))))).flat();

function remindersOf({ of, all }: Router): ReminderStore {
  const upOrder = <T extends { orderId: OrderId }>(item: T, store: string): T => ({ ...item, orderId: upward(store).id(item.orderId) });
  const byStore = <T>(items: readonly T[], idOf: (item: T) => string) =>
    all.map((store) => ({ store, items: items.filter((item) => storeOf(idOf(item)) === store.name) }));
  return {
    begin: async (now) => {
      for (const store of all) await store.reminders.begin(now);
    },
    recordRelayed: (message, now) => of(message.orderId).reminders.recordRelayed({ ...message, orderId: raw(message.orderId) }, now),
    relayedAs: (orderId, messageIds, ref) => of(orderId).reminders.relayedAs(raw(orderId), messageIds, ref),
    untakenDue: (now, afterMs, max) => merged(all, (store) => store.reminders.untakenDue(now, afterMs, max), upOrder),
    markUntaken: async (orderIds, now) => {
      for (const { store, items } of byStore(orderIds, (id) => id))
        if (items.length > 0) await store.reminders.markUntaken(items.map(raw), now);
    },
    unansweredDue: (now, afterMs) => merged(all, (store) => store.reminders.unansweredDue(now, afterMs), upOrder),
    markUnanswered: async (items, now) => {
      for (const { store, items: mine } of byStore(items, (item) => item.orderId)) {
        if (mine.length > 0)
          await store.reminders.markUnanswered(
            mine.map((item) => ({ ...item, orderId: raw(item.orderId) })),
            now,
          );
      }
    },
    rules: () =>
      merged(
        all,
        (store) => store.reminders.rules(),
        (rule, store) => ({ ...rule, productId: upward(store).id(rule.productId) }),
      ),
    setRule: (productId, minutes, by, now) => of(productId).reminders.setRule(raw(productId), minutes, by, now),
    removeRule: (productId) => of(productId).reminders.removeRule(raw(productId)),
    autoCancelDue: (now) =>
      merged(
        all,
        (store) => store.reminders.autoCancelDue(now),
        (due, store) => ({ ...upOrder(due, store), productId: upward(store).id(due.productId) }),
      ),
    nextAutoCancelAt: async (now) => {
      const next = await Promise.all(all.map((store) => store.reminders.nextAutoCancelAt(now)));
      const known = next.filter((at): at is number => at !== undefined);
      return known.length === 0 ? undefined : Math.min(...known);
    },
    markWarned: (orderId, minutes, now) => of(orderId).reminders.markWarned(raw(orderId), minutes, now),
    markCancelling: (orderId, now) => of(orderId).reminders.markCancelling(raw(orderId), now),
    cancelling: () => merged(all, (store) => store.reminders.cancelling(), upOrder),
    markCancelDone: (orderId, now) => of(orderId).reminders.markCancelDone(raw(orderId), now),
    prune: async (before) => {
      let pruned = 0;
      for (const store of all) pruned += await store.reminders.prune(before);
      return pruned;
    },
  };
}

function auditOf({ of, first }: Router): AuditStore {
  const upEntry = <T extends { orderId: OrderId | undefined }>(entry: T, store: string): T =>
    entry.orderId === undefined ? entry : { ...entry, orderId: upward(store).id(entry.orderId) };
  return {
    // Steps of no order (a template saved, a rule set) are the bot's own: kept with the first store.
    record: (request) =>
      request.orderId === undefined
        ? first.audit.record(request)
        : of(request.orderId).audit.record({ ...request, orderId: raw(request.orderId) }),
    settle: (orderId, actionId, result, code, at) => of(orderId).audit.settle(raw(orderId), actionId, result, code, at),
    chatMessage: (orderId, messageId, author, at) => of(orderId).audit.chatMessage(raw(orderId), messageId, author, at),
    latest: (orderId, limit) =>
      of(orderId)
        .audit.latest(raw(orderId), limit)
        .map((entry) => upEntry(entry, storeOf(orderId))),
    history: (orderId) => of(orderId).audit.history(raw(orderId)),
    latestSteps: (limit) => first.audit.latestSteps(limit),
  };
}

function statsOf({ all }: Router): StatsStore {
  return {
    byStore: new Map(all.map((store) => [store.name, store.stats])),
    figures(period) {
      const each = all.map((store) => store.stats.figures(period));
      const sum = (pick: (figures: (typeof each)[number]) => number) => each.reduce((total, figures) => total + pick(figures), 0);
      return {
        newOrders: sum((f) => f.newOrders),
        taken: sum((f) => f.taken),
        delivered: sum((f) => f.delivered),
        deliveredByBot: sum((f) => f.deliveredByBot),
        cancelled: sum((f) => f.cancelled),
        revenue: Number(sum((f) => f.revenue).toFixed(6)),
        // A median of several stores is not a median of their medians: each store's line has its own.
        medianTakeMs: undefined,
        medianAnswerMs: undefined,
      };
    },
    salesByDay(days) {
      const each = all.map((store) => store.stats.salesByDay(days));
      return days.map((_, index) => {
        const day = each.map((series) => series[index]).filter((entry) => entry !== undefined);
        const [firstDay] = day;
        return {
          ...(firstDay as NonNullable<typeof firstDay>),
          orders: day.reduce((total, entry) => total + entry.orders, 0),
          revenue: Number(day.reduce((total, entry) => total + entry.revenue, 0).toFixed(6)),
        };
      });
    },
  };
}
