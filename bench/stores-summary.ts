/**
 * `--stores N`, from the run's records (one per store) to what the report compares: each store's hot, new-order and
 * status-change p95 (at the sink and in its chat), its store and Telegram 429s, what reached its chat and whether
 * anything of another store did; and the one subject process's peak RSS and mean CPU.
 */
import { scenarioFloors } from './floor-inputs.ts';
import { quantile, type LatencySample, type Quantile } from './metrics.ts';
import type { TelegramMode } from './profiles.ts';
import type { RunRecord } from './run-subject.ts';
import { backlogGaps, inChatSamples } from './seller-view.ts';
import { summarise } from './summarise.ts';

export type Measure = 'hot' | 'newOrder' | 'statusChange';
export const MEASURES: readonly Measure[] = ['hot', 'newOrder', 'statusChange'];

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

/** The one Telegram queue of every store's chat, over the measured window (store time). */
export interface TelegramDrain {
  /** Items waiting, on average and at most (sampled once a real second). */
  queuedMean: number;
  queuedMax: number;
  /** Sends and edits admitted in every chat together, per store minute. */
  admittedPerMinute: number;
  /** Between two admitted back to back (in any chats; gaps under 3 s): the median, and the share of 0.9 s or more. */
  medianGapS: number | undefined;
  longGapShare: number | undefined;
}

export interface StoresRun {
  stores: number;
  scale: number;
  realSeconds: number;
  /** The machine's 1-, 5- and 15-minute load averages before and after the run: it is shared. */
  load: { before: number[]; after: number[] };
  warmupComplete: boolean;
  process: ProcessUse;
  telegram: TelegramDrain;
  rows: StoreRow[];
  /**
   * Each measure's floor in the chat (floors.ts), from the seed's timeline, the same for every store: no bridge's p95
   * is under it whatever its cycles' phase. Undefined: that class had no events.
   */
  floors: Record<Measure, number | undefined>;
  /** The p95 over every store's events together: what a seller of all N stores lives through. */
  pooled: Record<Measure, { n: number; chat: Quantile | undefined }>;
}

export function summariseStores(
  records: readonly RunRecord[],
  load: StoresRun['load'],
  telegram: Exclude<TelegramMode, 'sink'>,
): StoresRun {
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
    telegram: telegramDrain(records),
    floors: floorsOf(first, telegram),
    pooled: pooledOf(records),
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

/** The one store, run R times at once on the same seed, each in its own process: what a store alone shows. */
export interface OneStoreReference {
  runs: StoresRun[];
  /** Every run's events pooled, per measure. */
  pooled: StoresRun['pooled'];
  /** The same for every run: the timeline is the seed's. */
  floors: StoresRun['floors'];
}

/** `runs[i]` summarises `records[i]` (one store each). */
export function oneStoreReference(runs: StoresRun[], records: readonly RunRecord[]): OneStoreReference {
  const [first] = runs;
  if (first === undefined) throw new Error('no one-store run');
  return { runs, pooled: pooledOf(records), floors: first.floors };
}

function floorsOf(record: RunRecord, telegram: Exclude<TelegramMode, 'sink'>): StoresRun['floors'] {
  const floors = scenarioFloors(record, telegram);
  return { hot: floors.hot?.chatS, newOrder: floors.newOrder.chatS, statusChange: floors.statusChange.chatS };
}

function pooledOf(records: readonly RunRecord[]): StoresRun['pooled'] {
  const samples = records.map(inChatSamples);
  const pool = (pick: (of: (typeof samples)[number]) => LatencySample[]) => {
    const all = samples.flatMap(pick);
    return { n: all.length, chat: quantile(all, 0.95) };
  };
  return { hot: pool((of) => of.hot), newOrder: pool((of) => of.newOrderCard), statusChange: pool((of) => of.statusChange) };
}

/** A gap about Telegram's per-chat second: the queue's next item waited for its own chat. */
const CHAT_GAP_S = 0.9;

function telegramDrain(records: readonly RunRecord[]): TelegramDrain {
  const first = records[0] as RunRecord;
  const { warmEndAt, measureEndAt } = first.times;
  const within = (at: number) => at >= warmEndAt && at < measureEndAt;
  const queued = first.collector.usage.flatMap((sample) =>
    within(sample.at) && sample.telegramQueued !== undefined ? [sample.telegramQueued] : [],
  );
  const admitted = records
    .flatMap((record) => record.collector.telegramEvents.map((event) => event.at))
    .filter(within)
    .sort((a, b) => a - b);
  const gaps = backlogGaps(first.scale, admitted);
  const minutes = first.scale.toStoreMs(measureEndAt - warmEndAt) / 60_000;
  return {
    queuedMean: queued.length === 0 ? 0 : queued.reduce((sum, n) => sum + n, 0) / queued.length,
    queuedMax: Math.max(0, ...queued),
    admittedPerMinute: minutes > 0 ? admitted.length / minutes : 0,
    medianGapS: gaps.length === 0 ? undefined : gaps[Math.floor(gaps.length / 2)],
    longGapShare: gaps.length === 0 ? undefined : gaps.filter((gap) => gap >= CHAT_GAP_S).length / gaps.length,
  };
}
