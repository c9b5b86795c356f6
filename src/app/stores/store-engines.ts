/**
 * One sync engine per store, each over its own database with its own client, request budget, cursors, outbox and
 * backoff, and one engine as the app, the tests and the benchmark drive them: start, stop and poll all of them;
 * ask any question of the one the order belongs to (engine-facade.ts). Shared templates, keyword rules and the away
 * switch (the `main` database's) and each store's title reach its automatic messages and answers.
 */
import type { Logger } from 'pino';
import { createAutoReplyQueries } from '../../db/autoreply.ts';
import { createTemplateQueries } from '../../db/templates.ts';
import type { SqliteDatabase } from '../../db/sqlite.ts';
import type { ShutdownBudget } from '../../shared/shutdown-budget.ts';
import type { SyncSink } from '../../sync/contract.ts';
import { createSyncEngine, type BridgeSyncEngine, type SyncEngineOptions } from '../../sync/engine.ts';
import { multiStoreSync, type MultiStoreSync } from './engine-facade.ts';
import type { StoreRuntime } from './store-runtime.ts';
import { storeSink } from './store-sink.ts';

export interface StoreEnginesDeps {
  stores: readonly StoreRuntime[];
  /** The database of what the stores share (templates, keyword rules, the away switch). */
  shared: SqliteDatabase;
  /** The bot's sink, lazily: the bot is built before the engines it reports for. */
  sink: SyncSink;
  /** Wraps each store's sink, given the store's name (the benchmark notes when sync handed each event over). */
  wrapSink?: ((sink: SyncSink, store: string) => SyncSink) | undefined;
  /** Every engine's options but its own store's. */
  options: Omit<SyncEngineOptions, 'api' | 'db' | 'sink' | 'logger'>;
  logger: Logger;
}

/** The stores' engines as one (`BridgeSyncEngine`), with each store's own by name. */
export interface StoreEngines extends BridgeSyncEngine, MultiStoreSync {
  storeStatus: MultiStoreSync['storeStatus'];
  byName: ReadonlyMap<string, BridgeSyncEngine>;
}

export function createStoreEngines(deps: StoreEnginesDeps): StoreEngines {
  const templates = createTemplateQueries(deps.shared);
  const autoReplies = createAutoReplyQueries(deps.shared);
  const several = deps.stores.length > 1;
  const byName = new Map<string, BridgeSyncEngine>();
  for (const store of deps.stores) {
    const sink = storeSink(deps.sink, store.name);
    byName.set(
      store.name,
      createSyncEngine({
        ...deps.options,
        api: store.api,
        db: store.db,
        sink: deps.wrapSink ? deps.wrapSink(sink, store.name) : sink,
        templates,
        autoReplies,
        storeTitle: several ? store.title : undefined,
        logger: several ? deps.logger.child({ store: store.name }) : deps.logger,
      }),
    );
  }
  const engines = [...byName.values()];
  const facade = multiStoreSync({ names: deps.stores.map((store) => store.name), engine: (name) => byName.get(name) });
  return {
    ...facade,
    byName,
    start: () => {
      for (const engine of engines) engine.start();
    },
    async stop(budget?: ShutdownBudget) {
      await Promise.all(engines.map((engine) => engine.stop(budget)));
    },
    async pollNow() {
      for (const engine of engines) await engine.pollNow();
    },
    async sinceLastRun() {
      const each = await Promise.all(engines.map((engine) => engine.sinceLastRun()));
      const ended = each.map((summary) => summary.lastRunEndedAt).filter((at): at is number => at !== undefined);
      return {
        lastRunEndedAt: ended.length === 0 ? undefined : Math.min(...ended),
        newOrders: each.reduce((sum, summary) => sum + summary.newOrders, 0),
        messages: each.reduce((sum, summary) => sum + summary.messages, 0),
      };
    },
  };
}
