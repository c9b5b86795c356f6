/**
 * The side of sync the bot reads: status, what sync knows of orders and their Telegram messages, and what came in
 * while the bridge was away. Nothing here calls the store.
 */
import type { Logger } from 'pino';
import type { Queries } from '../../db/queries.ts';
import type { SellerApi } from '../../seller-api/api.ts';
import { byCreatedAtThenId } from '../../seller-api/spec-gaps.ts';
import type { SyncCommands, SyncQueries, SyncStatus } from '../contract.ts';
import type { Health } from '../support/health.ts';
import { orderSummary } from '../orders/order-summary.ts';
import type { Outbox } from '../outbox/outbox.ts';

export interface ReadModelDeps {
  api: Pick<SellerApi, 'rateLimit' | 'requestCount'>;
  queries: Queries;
  outbox: Pick<Outbox, 'depth'>;
  health: Health;
  logger: Logger;
  now: () => number;
  /** Activity within this window makes a watched chat count as hot. */
  hotWindowMs: number;
  /** Whether the loops run (started, not stopping). */
  running(): boolean;
  orderStock: SyncQueries['orderStock'];
}

/** What a run handed off that was written before it started: what came in while the bridge was away. */
export interface ArrivedMeanwhile {
  /** Orders announced in this run that were created before it started. */
  newOrders: number;
  /** Chat messages relayed in this run that were written before it started. */
  messages: number;
}

export interface ReadModel extends SyncQueries, Pick<SyncCommands, 'linkTelegramMessage'> {
  arrivedBefore(runStartedAt: number): ArrivedMeanwhile;
}

export function createReadModel(deps: ReadModelDeps): ReadModel {
  const { api, queries, outbox, health, logger, now } = deps;

  function status(): SyncStatus {
    const at = now();
    const rateLimit = api.rateLimit();
    return {
      running: deps.running(),
      ...health.view(),
      outboxDepth: outbox.depth(),
      knownOpenOrders: queries.orders.countOpen(),
      watchedChats: queries.cursors.countWatched(at, at - deps.hotWindowMs),
      rateLimit:
        rateLimit === undefined
          ? undefined
          : {
              ...(rateLimit.limit === undefined ? {} : { limit: rateLimit.limit }),
              ...(rateLimit.remaining === undefined ? {} : { remaining: rateLimit.remaining }),
              ...(rateLimit.resetAt === undefined ? {} : { resetAt: rateLimit.resetAt }),
            },
      requestsSent: api.requestCount(),
    };
  }

  return {
    status,
    findOrder: (id) => orderSummary(queries, id),
    orderStock: deps.orderStock,
    orderForTelegramMessage: (ref) => queries.links.orderFor(ref),

    linkTelegramMessage(orderId, ref, role) {
      if (queries.orders.get(orderId) === undefined) {
        logger.warn({ orderId }, 'not linking a Telegram message to an order sync does not know');
        return;
      }
      queries.links.link(orderId, ref, role, now());
    },

    lastSeenOrder: (id) => queries.orders.get(id)?.order,
    openOrders: (status) =>
      queries.orders
        .open(status)
        .map((stored) => stored.order)
        .sort(byCreatedAtThenId),

    arrivedBefore: (runStartedAt) => ({
      newOrders: queries.orders.countFirstSeenSince(runStartedAt, runStartedAt),
      messages: queries.messages.countRelayedSince(runStartedAt, runStartedAt),
    }),
  };
}
