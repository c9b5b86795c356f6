/**
 * `--stores N`, from the run's records (one per store) to what the report compares: each store's hot, new-order and
 * status-change p95 (at the sink and in its chat), its store and Telegram 429s, what reached its chat and whether
 * anything of another store did; and the one subject process's peak RSS and mean CPU.
 */
import type { Quantile } from './metrics.ts';
import type { RunRecord } from './run-subject.ts';
import { summarise } from './summarise.ts';

/** A p95 where it was handed to the bot (sink) and where the seller sees it (chat), over n events. */
export interface StoreLatency {
  n: number;
  sink: Quantile | undefined;
  chat: Quantile | undefined;
}

export interface StoreRow {
  store: string;
  chatId: number | undefined;
  /** Buyer line of a conversation → relayed; new paid order → its card; status changed at the store → card edited. */
  hot: StoreLatency;
  newOrder: StoreLatency;
  statusChange: StoreLatency;
  store429: number;
  telegram429: number;
  /** Sends and edits the fake Bot API admitted in its chat... */
  shownInChat: number;
  /** ...among them this many of its orders' cards, and relays of this many of its buyers' lines... */
  cardsInChat: number;
  relayedInChat: number;
  /** ...of which about an order that is not this store's (must be 0). */
  foreignInChat: number;
  lost: number;
  duplicates: number;
}

export interface ProcessUse {
  /** Sampled every 50 ms, and the kernel's own peak (start-up included). */
  peakRssMB: number;
  maxRssMB: number;
  /** Before polling started: the process with every store open. */
  baselineRssMB: number;
  /** RSS right after a forced GC at the end of the measured window: what the process holds, garbage aside. */
  rssAfterGcMB: number;
  liveHeapMB: number;
  /** Subject CPU time / real time in the measured window, at S (1 = one core busy). */
  cpuPerWall: number;
  /** The same work at S = 1: cpuPerWall / S, what a seller's server would see. */
  cpuCores: number;
  eventLoopDelayP99Ms: number;
  /** The benchmark's own process (stores, buyers): it shares the machine. */
  benchCpuPerWall: number;
}

export interface StoresRun {
  stores: number;
  scale: number;
  realSeconds: number;
  /** The machine's 1-, 5- and 15-minute load averages before and after the run: it is shared. */
  load: { before: number[]; after: number[] };
  warmupComplete: boolean;
  process: ProcessUse;
  rows: StoreRow[];
}

export function summariseStores(records: readonly RunRecord[], load: StoresRun['load']): StoresRun {
  const [first] = records;
  if (first === undefined) throw new Error('a run without a store');
  const summaries = records.map((record) => ({ record, summary: summarise(record) }));
  // The process is one: every store's summary carries the same resources.
  const resources = (summaries[0] as (typeof summaries)[number]).summary.resources;
  const scale = first.scale.factor;
  return {
    stores: records.length,
    scale,
    realSeconds: first.realSeconds,
    load,
    warmupComplete: first.times.warmupComplete,
    process: {
      peakRssMB: resources.peakRssMB,
      maxRssMB: resources.maxRssMB,
      baselineRssMB: resources.baselineRssMB,
      rssAfterGcMB: resources.rssAfterGcMB,
      liveHeapMB: resources.liveHeapMB,
      cpuPerWall: resources.cpuPerWall,
      cpuCores: resources.cpuPerWall / scale,
      eventLoopDelayP99Ms: resources.eventLoopDelayMs.p99,
      benchCpuPerWall: resources.storeCpuPerWall,
    },
    rows: summaries.map(({ record, summary }) => {
      const telegram = summary.seller.telegram;
      const status = summary.seller.statusChange;
      const events = record.collector.telegramEvents;
      return {
        store: record.store,
        chatId: record.chatId,
        hot: { n: summary.latency.hot.n, sink: summary.latency.hot.p95, chat: telegram?.hot.p95 },
        newOrder: { n: summary.latency.newOrders.n, sink: summary.latency.newOrders.p95, chat: telegram?.newOrderCard.p95 },
        statusChange: { n: status.sink.n, sink: status.sink.p95, chat: status.telegram?.p95 },
        store429: summary.requests.status429.wholeRun,
        telegram429: record.telegram429 ?? 0,
        shownInChat: events.length,
        cardsInChat: [...record.collector.orders.values()].filter((order) => order.cards.length > 0).length,
        relayedInChat: [...record.collector.messages.values()].filter((message) => message.telegram.length > 0).length,
        foreignInChat: events.filter((event) => event.orderId !== undefined && !record.collector.orders.has(event.orderId)).length,
        lost: summary.correctness.undelivered,
        duplicates: summary.correctness.duplicateMessages + summary.correctness.duplicateOrders,
      };
    }),
  };
}
