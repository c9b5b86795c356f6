/**
 * Sync as the bot sees it with several stores: one `SyncForBot` over every store's engine, each call routed by the
 * order id's store (core/store-ref.ts) and answered with qualified ids. `status` adds the stores up; `storeStatus`
 * gives each one (for /status, /healthz and the alerts). With one store it is that store's engine, ids unchanged.
 */
import type { SyncForBot, SyncStatus } from '../../sync/contract.ts';
import { downAction, raw, storeOf, upward } from './qualifier.ts';

export interface StoreEngines {
  /** In the configuration's order. */
  names: readonly string[];
  engine(store: string): SyncForBot | undefined;
}

export interface MultiStoreSync extends SyncForBot {
  storeStatus(): { name: string; status: SyncStatus }[];
}

export function multiStoreSync(engines: StoreEngines): MultiStoreSync {
  const of = (id: string): SyncForBot | undefined => engines.engine(storeOf(id));
  const need = (id: string): SyncForBot => {
    const found = of(id);
    if (found === undefined) throw new Error(`no store for this order (${storeOf(id)})`);
    return found;
  };
  const all = () =>
    engines.names.flatMap((name) => {
      const engine = engines.engine(name);
      return engine === undefined ? [] : [{ name, engine, up: upward(name) }];
    });

  return {
    enqueue: (action) => need(action.orderId).enqueue(downAction(action)),
    replaceStockItem: (orderId, itemId, compose) => need(orderId).replaceStockItem(raw(orderId), itemId, compose),
    linkTelegramMessage: (orderId, ref, role) => need(orderId).linkTelegramMessage(raw(orderId), ref, role),
    status: () => addUp(all().map(({ engine }) => engine.status())),
    storeStatus: () => all().map(({ name, engine }) => ({ name, status: engine.status() })),
    findOrder(id) {
      const found = of(id)?.findOrder(raw(id));
      return found && upward(storeOf(id)).order(found);
    },
    lastSeenOrder(id) {
      const found = of(id)?.lastSeenOrder(raw(id));
      return found && upward(storeOf(id)).order(found);
    },
    // Message ids are unique within a chat: at most one store knows the message.
    orderForTelegramMessage(ref) {
      for (const { engine, up } of all()) {
        const found = engine.orderForTelegramMessage(ref);
        if (found !== undefined) return up.id(found);
      }
      return undefined;
    },
    openOrders: (status) => all().flatMap(({ engine, up }) => engine.openOrders(status).map((order) => up.order(order))),
    orderStock: (id) => of(id)?.orderStock(raw(id)),
  };
}

/** The stores' statuses as one: answered when any answered lately, failing when all fail. */
function addUp(statuses: readonly SyncStatus[]): SyncStatus {
  const [first] = statuses;
  if (first === undefined || statuses.length === 1) return first as SyncStatus;
  const latest = (values: (number | undefined)[]) =>
    values.reduce<number | undefined>((max, v) => (v === undefined ? max : Math.max(max ?? v, v)), undefined);
  const failing = statuses.filter((status) => status.errorsInARow > 0);
  return {
    running: statuses.some((status) => status.running),
    lastSuccessfulPollAt: latest(statuses.map((status) => status.lastSuccessfulPollAt)),
    lastError: failing[0]?.lastError,
    errorsInARow: failing.length === statuses.length ? Math.min(...failing.map((status) => status.errorsInARow)) : 0,
    outboxDepth: statuses.reduce((sum, status) => sum + status.outboxDepth, 0),
    knownOpenOrders: statuses.reduce((sum, status) => sum + status.knownOpenOrders, 0),
    watchedChats: {
      hot: statuses.reduce((sum, status) => sum + status.watchedChats.hot, 0),
      quiet: statuses.reduce((sum, status) => sum + status.watchedChats.quiet, 0),
    },
    rateLimit: undefined,
    requestsSent: statuses.reduce((sum, status) => sum + status.requestsSent, 0),
  };
}
