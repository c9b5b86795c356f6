/**
 * Each store's health, watched on its own: one alert per change of a store's state (ops/store-alerts.ts), naming the
 * store when there are several, so a revoked key or a store that is down is said once while the others go on; and
 * `/healthz` with every store's state.
 */
import type { Logger } from 'pino';
import { ALERTS, type BridgeBot } from '../../bot/index.ts';
import { startHealthServer, syncHealth, type HealthServer } from '../../ops/index.ts';
import { createStoreAlerts, type StoreAlert } from '../../ops/store-alerts.ts';
import type { SyncStatus } from '../../sync/contract.ts';

export interface WatchedStore {
  name: string;
  /** Named in its alerts when there are several stores. */
  title: string | undefined;
  status(): SyncStatus;
}

export function watchStores(deps: {
  bot: BridgeBot;
  stores: readonly WatchedStore[];
  downAfterMs: number;
  startedAt: number;
  everyMs: number | undefined;
  now: () => number;
  logger: Logger;
}) {
  const watched = deps.stores.map((store) => ({
    store,
    alerts: createStoreAlerts({ downAfterMs: deps.downAfterMs, startedAt: deps.startedAt }),
  }));
  const post = (store: WatchedStore, alert: StoreAlert) => {
    const { tr } = deps.bot;
    const notice =
      alert.kind === 'keyRefused'
        ? ALERTS.apiKeyRefused(tr, store.title)
        : alert.kind === 'down'
          ? ALERTS.storeDown(tr, alert.silentForMinutes, store.title)
          : ALERTS.storeBack(tr, store.title);
    deps.logger.warn({ alert: alert.kind, store: store.name }, 'store state changed');
    void deps.bot.postNotice(notice, store.name);
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer ??= setInterval(() => {
        for (const { store, alerts } of watched) {
          const alert = alerts.observe(store.status(), deps.now());
          if (alert) post(store, alert);
        }
      }, deps.everyMs ?? 5_000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** `/healthz`: polling runs, every store answers lately, and Telegram takes the chat's messages. */
export function startHealth(
  port: number,
  bot: BridgeBot,
  stores: readonly WatchedStore[],
  clock: { startedAt: number; staleAfterMs: number; now: () => number },
): Promise<HealthServer> {
  return startHealthServer({
    port,
    check: async () => {
      const polling = bot.polling();
      if (!polling.running) return { ok: false, reason: `telegram polling stopped${polling.error ? `: ${polling.error}` : ''}` };
      const each = stores.map((store) => ({
        store,
        health: syncHealth(store.status(), { startedAt: clock.startedAt, staleAfterMs: clock.staleAfterMs, now: clock.now() }),
      }));
      const [only] = each;
      // One store reads as before; several: each store's details under its name, unhealthy when any is.
      const synced =
        each.length === 1 && only !== undefined
          ? only.health
          : {
              ok: each.every(({ health }) => health.ok),
              ...(each.some(({ health }) => !health.ok)
                ? {
                    reason: each
                      .filter(({ health }) => !health.ok)
                      .map(({ store, health }) => `${store.name}: ${health.reason ?? 'unhealthy'}`)
                      .join('; '),
                  }
                : {}),
              details: { stores: Object.fromEntries(each.map(({ store, health }) => [store.name, health])) },
            };
      // What sync handed off and Telegram has not shown yet (the queue drains at Telegram's pace).
      const store = { ...synced, details: { ...synced.details, telegramQueue: { waiting: await bot.queue.waiting() } } };
      // Nothing reaches the seller while Telegram refuses the chat: degraded, whatever the stores do.
      const refused = await bot.chatRefusal();
      if (refused === undefined) return store;
      const since = new Date(refused.since).toISOString();
      return { ok: false, reason: refused.hint, details: { ...store.details, telegramChat: { refused: refused.code, since } } };
    },
  });
}
