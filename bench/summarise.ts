/** From one run's ledger to the numbers the report shows, every duration in store time. */
import { slowestMessages, type SlowMessage } from './slowest.ts';
import type { SandboxStats } from '../src/sandbox/contract.ts';
import { chatBurstStats, type ChatBurstStats } from './chat-burst-stats.ts';
import type { MessageEntry, OrderEntry, ReadTarget } from './collector.ts';
import { topicLatencies, type TopicLatency } from './message-topics.ts';
import { latencyStats, type LatencySample, type LatencyStats } from './metrics.ts';
import type { SubjectKind } from './protocol.ts';
import type { RunRecord } from './run-subject.ts';
import { sellerView, type SellerView } from './seller-view.ts';
import { MINUTE } from './time-scale.ts';

const MB = 1024 * 1024;
/** Hot messages this long before and after the burst are compared. */
const AROUND_BURST_MS = 3 * MINUTE;

export interface RunSummary {
  subject: SubjectKind;
  phases: {
    warmupS: number;
    warmupComplete: boolean;
    unreadChatsAtWarmEnd: number;
    measureS: number;
    graceS: number;
    realSeconds: number;
  };
  latency: {
    hot: LatencyStats;
    quiet: LatencyStats;
    newOrders: LatencyStats;
    /** `hot` restricted to chats the subject had read at least once before the window: its speed on chats it knows. */
    hotKnownChats: LatencyStats;
    /** Warm-up messages of chatting buyers (discarded from `hot`): the restart transient. */
    hotDuringWarmup: LatencyStats;
    burst: { messages: LatencyStats; orders: LatencyStats; hotBefore: LatencyStats; hotAfter: LatencyStats } | undefined;
    /** 100 buyer messages across 20 orders in conversation (chat-burst-stats.ts). */
    chatBurst: ChatBurstStats | undefined;
    /** Realistic workload: hot and quiet by what the buyer wrote about (message-topics.ts). */
    byTopic: TopicLatency[];
    /** The slowest measured quiet, hot and chat-burst messages, with their chat's reads around them (slowest.ts). */
    slowest: { quiet: SlowMessage[]; hot: SlowMessage[]; chatBurst: SlowMessage[] };
  };
  /** The Telegram side, status change → card, and the cold and warm start-up rows (seller-view.ts). */
  seller: SellerView;
  /** Ours only: stocked orders, paid → delivered at the store. */
  autoDelivery: AutoDeliverySummary | undefined;
  requests: {
    /** Measured window, per store minute. */
    perMinute: number;
    byRoutePerMinute: Record<string, number>;
    /** Requests per minute spent on order lists and single orders (everything but chats). */
    ordersPerMinute: number;
    status429: { measured: number; wholeRun: number };
    wholeRun: number;
  };
  chatReads: {
    /** Measured window, per store minute, by whose chat was read. */
    perMinute: Record<ReadTarget, number>;
    /** Reads a minute that one chat of each kind got on average. */
    perChatPerMinute: Record<ReadTarget, number>;
  };
  correctness: {
    /** Created before the measured window closed (warm-up and history included), never delivered. */
    undelivered: number;
    /** ...of which the subject had been handed by a chat read: real losses. */
    droppedAfterRead: number;
    /** ...of which no chat read ever returned: still waiting for a read when the run ended. */
    neverRead: number;
    /** Messages delivered more than once. */
    duplicateMessages: number;
    /** Orders announced more than once. */
    duplicateOrders: number;
    /** Sink calls for ids nobody created. */
    unknownDeliveries: number;
    ordersNeverAnnounced: number;
    history: { total: number; delivered: number };
    /** Pre-existing chats no read ever reached during the whole run, by kind. */
    chatsNeverRead: { chatting: number; quiet: number };
  };
  /** Chats the engine itself counted as hot and quiet, averaged over the measured window (ours only). */
  engineView: { hot: number; quiet: number } | undefined;
  resources: {
    baselineRssMB: number;
    peakRssMB: number;
    /** The kernel's peak RSS of the subject process (includes start-up). */
    maxRssMB: number;
    peakHeapUsedMB: number;
    /** Largest heap in use right after a forced GC at a phase boundary: memory really held, not garbage. */
    liveHeapMB: number;
    /** RSS right after the forced GC at the end of the measured window. */
    rssAfterGcMB: number;
    cpuSeconds: number;
    /** Subject CPU time / real time in the measured window (1 = one core busy). */
    cpuPerWall: number;
    /** The store and buyers (benchmark process) CPU time / real time in the measured window. */
    storeCpuPerWall: number;
    eventLoopDelayMs: { p50: number; p99: number; max: number };
  };
  /** Logical size (page_count × page_size) at the phase boundaries; on disk with WAL and SHM at the end. */
  db: {
    bytesAtWarmEnd: number;
    bytesAtMeasureEnd: number;
    bytesAtEnd: number;
    diskBytesAtEnd: number;
    /** Growth in the measured window, per store hour. */
    growthBytesPerHour: number;
    rows: Record<string, number> | undefined;
  };
  warnings: { count: number; last: string[] };
}

export interface AutoDeliverySummary {
  /** Stocked orders created in the measured window: order paid (created) → `awaiting_confirmation` at the store. */
  latency: LatencyStats;
  /** Stocked orders of the whole run, and how many the store saw delivered by the end. */
  stockedOrders: number;
  delivered: number;
  /** Stocked orders created before the window closed and still not delivered at the end. */
  undelivered: number;
  itemsInTwoOrders: number;
  wrongValue: number;
}

export function summarise(run: RunRecord): RunSummary {
  const { scale, times, collector, final, stats } = run;
  const storeS = (realMs: number) => scale.toStoreSeconds(realMs);
  const measuredMinutes = scale.toStoreMs(times.measureEndAt - times.warmEndAt) / MINUTE;
  const messages = [...collector.messages.values()];
  const orders = [...collector.orders.entries()];

  const messageSample = (entry: MessageEntry): LatencySample => ({
    latencyS: entry.deliveries[0] === undefined ? undefined : storeS(entry.deliveries[0] - entry.createdMs),
    waitedS: storeS(times.endAt - entry.createdMs),
  });
  const orderSample = (entry: OrderEntry): LatencySample => ({
    latencyS: entry.appeared[0] === undefined ? undefined : storeS(entry.appeared[0] - entry.createdMs),
    waitedS: storeS(times.endAt - entry.createdMs),
  });
  const messagesOf = (pick: (entry: MessageEntry) => boolean) => latencyStats(messages.filter(pick).map(messageSample));
  const ordersOf = (pick: (entry: OrderEntry) => boolean) =>
    latencyStats(
      orders
        .map(([, entry]) => entry)
        .filter(pick)
        .map(orderSample),
    );
  const within = (at: number, from: number, to: number) => at >= from && at < to;

  const burstAt = times.burstAt;
  const burst =
    burstAt === undefined
      ? undefined
      : {
          messages: messagesOf((entry) => entry.kind === 'burst'),
          orders: ordersOf((entry) => entry.kind === 'burst'),
          hotBefore: messagesOf(
            (entry) => entry.kind === 'hot' && entry.measured && within(entry.createdMs, burstAt - scale.toReal(AROUND_BURST_MS), burstAt),
          ),
          hotAfter: messagesOf(
            (entry) => entry.kind === 'hot' && entry.measured && within(entry.createdMs, burstAt, burstAt + scale.toReal(AROUND_BURST_MS)),
          ),
        };

  const routeDelta = deltaByRoute(stats.atWarmEnd, stats.atMeasureEnd);
  const measuredTotal = stats.atMeasureEnd.total - stats.atWarmEnd.total;
  const ordersRequests = (routeDelta['GET /orders'] ?? 0) + (routeDelta['GET /orders/{id}'] ?? 0);

  const readBeforeWindow = new Set(collector.reads.filter((read) => read.at < times.warmEndAt).map((read) => read.orderId));
  const everRead = new Set(collector.reads.map((read) => read.orderId));
  const neverRead = (ids: readonly string[]) => ids.filter((id) => !everRead.has(id)).length;
  const readsInWindow = collector.reads.filter((read) => within(read.at, times.warmEndAt, times.measureEndAt));
  const readCount = (target: ReadTarget) => readsInWindow.filter((read) => read.target === target).length;
  const newOrdersAtEnd = orders.filter(([, entry]) => entry.kind !== 'open' && entry.createdMs < times.measureEndAt).length;
  const chatCounts: Record<ReadTarget, number> = {
    chatting: run.spec.chatting,
    quiet: run.spec.openOrders - run.spec.chatting,
    new: Math.max(1, newOrdersAtEnd),
  };
  const perMinute = (count: number) => (measuredMinutes > 0 ? count / measuredMinutes : 0);

  const dueForDelivery = messages.filter((entry) => entry.createdMs < times.measureEndAt);
  const undelivered = dueForDelivery.filter((entry) => entry.deliveries.length === 0);
  const history = messages.filter((entry) => entry.kind === 'history');

  const inWindow = collector.usage.filter((sample) => within(sample.at, times.warmEndAt, times.measureEndAt));
  const first = inWindow[0];
  const last = inWindow.at(-1);
  const cpuPerWall = first && last && last.at > first.at ? (last.cpuMicros - first.cpuMicros) / 1000 / (last.at - first.at) : 0;
  const storeCpuPerWall =
    (run.parentCpu.atMeasureEndMicros - run.parentCpu.atWarmEndMicros) / 1000 / Math.max(1, times.measureEndAt - times.warmEndAt);
  const watched = inWindow.flatMap((sample) => (sample.watched ? [sample.watched] : []));
  const atWarmEnd = collector.usage.find((sample) => sample.at >= times.warmEndAt);
  const atMeasureEnd = collector.usage.find((sample) => sample.at >= times.measureEndAt);
  const dbAtWarmEnd = atWarmEnd?.dbBytes ?? 0;
  const dbAtMeasureEnd = atMeasureEnd?.dbBytes ?? final.dbBytes;

  return {
    subject: run.subject,
    phases: {
      warmupS: storeS(times.warmEndAt - times.startedAt),
      warmupComplete: times.warmupComplete,
      unreadChatsAtWarmEnd: times.unreadAtWarmEnd,
      measureS: storeS(times.measureEndAt - times.warmEndAt),
      graceS: storeS(times.endAt - times.measureEndAt),
      realSeconds: run.realSeconds,
    },
    latency: {
      hot: messagesOf((entry) => entry.kind === 'hot' && entry.measured),
      hotKnownChats: messagesOf((entry) => entry.kind === 'hot' && entry.measured && readBeforeWindow.has(entry.orderId)),
      quiet: messagesOf((entry) => entry.kind === 'quiet' && entry.measured),
      newOrders: ordersOf((entry) => entry.kind === 'new' && entry.measured),
      hotDuringWarmup: messagesOf((entry) => entry.kind === 'hot' && entry.createdMs < times.warmEndAt),
      burst,
      chatBurst: chatBurstStats(run),
      byTopic: topicLatencies(run),
      slowest: { quiet: slowestMessages(run, 'quiet'), hot: slowestMessages(run, 'hot'), chatBurst: slowestMessages(run, 'chat-burst') },
    },
    seller: sellerView(run),
    autoDelivery: summariseAutoDelivery(run),
    requests: {
      perMinute: perMinute(measuredTotal),
      byRoutePerMinute: Object.fromEntries(Object.entries(routeDelta).map(([route, count]) => [route, perMinute(count)])),
      ordersPerMinute: perMinute(ordersRequests),
      status429: {
        measured: (stats.atMeasureEnd.byStatus[429] ?? 0) - (stats.atWarmEnd.byStatus[429] ?? 0),
        wholeRun: stats.atEnd.byStatus[429] ?? 0,
      },
      wholeRun: stats.atEnd.total,
    },
    chatReads: {
      perMinute: { chatting: perMinute(readCount('chatting')), quiet: perMinute(readCount('quiet')), new: perMinute(readCount('new')) },
      perChatPerMinute: {
        chatting: perMinute(readCount('chatting')) / Math.max(1, chatCounts.chatting),
        quiet: perMinute(readCount('quiet')) / Math.max(1, chatCounts.quiet),
        new: perMinute(readCount('new')) / chatCounts.new,
      },
    },
    correctness: {
      undelivered: undelivered.length,
      droppedAfterRead: undelivered.filter((entry) => entry.seenAt !== undefined).length,
      neverRead: undelivered.filter((entry) => entry.seenAt === undefined).length,
      duplicateMessages: messages.filter((entry) => entry.deliveries.length > 1).length,
      duplicateOrders: orders.filter(([, entry]) => entry.appeared.length > 1).length,
      unknownDeliveries: collector.unknownDeliveries,
      ordersNeverAnnounced: orders.filter(([, entry]) => entry.appeared.length === 0 && entry.createdMs < times.measureEndAt).length,
      history: { total: history.length, delivered: history.filter((entry) => entry.deliveries.length > 0).length },
      chatsNeverRead: { chatting: neverRead(run.seeded.chatting), quiet: neverRead(run.seeded.quiet) },
    },
    engineView:
      watched.length === 0
        ? undefined
        : {
            hot: watched.reduce((sum, view) => sum + view.hot, 0) / watched.length,
            quiet: watched.reduce((sum, view) => sum + view.quiet, 0) / watched.length,
          },
    resources: {
      baselineRssMB: run.ready.baselineRssBytes / MB,
      peakRssMB: final.peakRssBytes / MB,
      maxRssMB: final.maxRssBytes / MB,
      peakHeapUsedMB: final.peakHeapUsedBytes / MB,
      liveHeapMB: Math.max(0, ...final.liveMemory.map((sample) => sample.heapUsedBytes)) / MB,
      rssAfterGcMB: (final.liveMemory.find((sample) => sample.name === 'measure-end')?.rssBytes ?? 0) / MB,
      cpuSeconds: final.cpuMicros / 1e6,
      cpuPerWall,
      storeCpuPerWall,
      eventLoopDelayMs: final.eventLoopDelayMs,
    },
    db: {
      bytesAtWarmEnd: dbAtWarmEnd,
      bytesAtMeasureEnd: dbAtMeasureEnd,
      bytesAtEnd: final.dbBytes,
      diskBytesAtEnd: final.dbDiskBytes,
      growthBytesPerHour: measuredMinutes > 0 ? ((dbAtMeasureEnd - dbAtWarmEnd) * 60) / measuredMinutes : 0,
      rows: final.dbRows,
    },
    warnings: final.warnings,
  };
}

function summariseAutoDelivery({ autoDelivery, scale, times }: RunRecord): AutoDeliverySummary | undefined {
  if (autoDelivery === undefined) return undefined;
  const { orders } = autoDelivery;
  const sample = (order: (typeof orders)[number]): LatencySample => ({
    latencyS: order.deliveredMs === undefined ? undefined : scale.toStoreSeconds(order.deliveredMs - order.createdMs),
    waitedS: scale.toStoreSeconds(times.endAt - order.createdMs),
  });
  return {
    latency: latencyStats(orders.filter((order) => order.measured).map(sample)),
    stockedOrders: orders.length,
    delivered: orders.filter((order) => order.deliveredMs !== undefined).length,
    undelivered: orders.filter((order) => order.deliveredMs === undefined && order.createdMs < times.measureEndAt).length,
    itemsInTwoOrders: autoDelivery.itemsInTwoOrders,
    wrongValue: autoDelivery.wrongValue,
  };
}

function deltaByRoute(from: SandboxStats, to: SandboxStats): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [route, count] of Object.entries(to.byRoute)) {
    const difference = count - (from.byRoute[route] ?? 0);
    if (difference > 0) delta[route] = difference;
  }
  return delta;
}
