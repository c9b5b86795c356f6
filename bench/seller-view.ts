/**
 * What the seller sees, from one run's ledgers, in store seconds: the Telegram side (buyer message → its relay
 * admitted by the fake Bot API, order paid → its card, 429s earned), status change → card, and the start-up rows
 * (messages written in the first 10 min after a cold start and after a warm restart). Latencies are censored like
 * every other (metrics.ts): an event never shown counts as at least what it waited.
 */
import { createCollector, type Collector, type MessageEntry } from './collector.ts';
import { latencyStats, type LatencySample, type LatencyStats } from './metrics.ts';
import { STARTUP_WINDOW_MS } from './profiles.ts';
import type { RunRecord } from './run-subject.ts';
import type { TimeScale } from './time-scale.ts';

export interface TelegramSide {
  /** Measured window: buyer message created at the store → its relay in the chat. */
  hot: LatencyStats;
  quiet: LatencyStats;
  /** Measured window: new paid order created → its card in the chat. */
  newOrderCard: LatencyStats;
  /** 429s the fake Bot API answered, whole run (warm restart excluded). */
  status429: number;
  /** Bot API calls by method, whole run: what the subject spent of Telegram's limits. */
  calls: Record<string, number>;
  /**
   * Median store seconds between two sends or edits the fake admitted back to back (gaps under 3 s: a backlog being
   * worked off). Telegram allows 1 s in a private chat (3 s on average in a group). Well above that with no 429s,
   * the bot's own per-message time — real milliseconds multiplied by S, so the machine — set the pace, not Telegram.
   */
  backlogGapS: number | undefined;
  /** Ours: the per-chat gap its bot was given, calibrated for the pacer's timer lateness (real ms). */
  pacing: { gapMs: number; latenessMs: number; calibratedGapMs: number } | undefined;
}

/** A gap this long or longer means the bot had nothing to send: not part of a backlog. */
const BACKLOG_GAP_MAX_S = 3;

/** Store seconds between sends admitted back to back (`admitted`: real ms, in order), backlog gaps only, sorted. */
export function backlogGaps(scale: TimeScale, admitted: readonly number[]): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < admitted.length; i++) {
    const gap = scale.toStoreSeconds((admitted[i] as number) - (admitted[i - 1] as number));
    if (gap < BACKLOG_GAP_MAX_S) gaps.push(gap);
  }
  return gaps.sort((a, b) => a - b);
}

function backlogGap(scale: TimeScale, admitted: readonly number[]): number | undefined {
  const gaps = backlogGaps(scale, admitted);
  return gaps.length === 0 ? undefined : gaps[Math.floor(gaps.length / 2)];
}

/** Messages written in the first 10 store minutes after the subject started polling. */
export interface StartupRow {
  /** Hot messages → the sink (the store-side figure)... */
  hotSink: LatencyStats;
  /** ...and → the chat (Telegram model only). */
  hotTelegram: LatencyStats | undefined;
  /** Every buyer message of the window (hot and quiet) → the chat, or the sink without the Telegram model. */
  allMessages: LatencyStats;
  /** 429s the fake Bot API answered during that run (the whole restart for the warm row). */
  status429: number | undefined;
}

export interface StatusChangeLatency {
  /** Status changed at the store (measured window) → the sink got the order with it. */
  sink: LatencyStats;
  /** → the order's card edited (or a new message about it) in the chat; undefined without the Telegram model. */
  telegram: LatencyStats | undefined;
}

export interface SellerView {
  telegram: TelegramSide | undefined;
  statusChange: StatusChangeLatency;
  startup: { cold: StartupRow; warm: StartupRow };
}

/** The measured window's events, each from the store to what the chat showed of it (censored when it never did). */
export interface InChatSamples {
  hot: LatencySample[];
  quiet: LatencySample[];
  newOrderCard: LatencySample[];
  statusChange: LatencySample[];
}

export function inChatSamples(run: RunRecord): InChatSamples {
  const { scale, times, collector } = run;
  const sample = latencySampler(scale, times.endAt);
  const messages = [...collector.messages.values()];
  const measured = (kind: MessageEntry['kind']) =>
    messages.filter((entry) => entry.kind === kind && entry.measured).map((entry) => sample(entry.createdMs, entry.telegram[0]));
  const newOrders = [...collector.orders.values()].filter((entry) => entry.kind === 'new' && entry.measured);
  return {
    hot: measured('hot'),
    quiet: measured('quiet'),
    newOrderCard: newOrders.map((entry) => sample(entry.createdMs, entry.cards[0])),
    statusChange: collector.statusChanges.filter((change) => change.measured).map((change) => sample(change.at, change.telegramAt)),
  };
}

export function sellerView(run: RunRecord): SellerView {
  const { scale, times, collector, restart } = run;
  const withTelegram = run.telegram429 !== undefined;
  const sample = latencySampler(scale, times.endAt);
  const changes = collector.statusChanges.filter((change) => change.measured);
  const inChat = inChatSamples(run);

  return {
    telegram: withTelegram
      ? {
          hot: latencyStats(inChat.hot),
          quiet: latencyStats(inChat.quiet),
          newOrderCard: latencyStats(inChat.newOrderCard),
          status429: run.telegram429 ?? 0,
          calls: run.telegramCalls ?? {},
          backlogGapS: backlogGap(
            scale,
            collector.telegramEvents.map((event) => event.at),
          ),
          pacing: run.ready.pacing,
        }
      : undefined,
    statusChange: {
      sink: latencyStats(changes.map((change) => sample(change.at, change.sinkAt))),
      telegram: withTelegram ? latencyStats(inChat.statusChange) : undefined,
    },
    startup: {
      cold: startupRow(collector, scale, times.startedAt, times.endAt, withTelegram, run.telegram429),
      // Without a restart (`--stores`): a row of nothing.
      warm: restart
        ? startupRow(restart.collector, scale, restart.startedAt, restart.endAt, withTelegram, restart.telegram429)
        : startupRow(createCollector(), scale, 0, 0, withTelegram, undefined),
    },
  };
}

function startupRow(
  collector: Collector,
  scale: TimeScale,
  startedAt: number,
  endAt: number,
  withTelegram: boolean,
  status429: number | undefined,
): StartupRow {
  const windowEnd = startedAt + scale.toReal(STARTUP_WINDOW_MS);
  const sample = latencySampler(scale, endAt);
  const inWindow = [...collector.messages.values()].filter(
    (entry) => entry.kind !== 'history' && entry.createdMs >= startedAt && entry.createdMs < windowEnd,
  );
  const hot = inWindow.filter((entry) => entry.kind === 'hot');
  const shown = (entry: MessageEntry) => (withTelegram ? entry.telegram[0] : entry.deliveries[0]);
  return {
    hotSink: latencyStats(hot.map((entry) => sample(entry.createdMs, entry.deliveries[0]))),
    hotTelegram: withTelegram ? latencyStats(hot.map((entry) => sample(entry.createdMs, entry.telegram[0]))) : undefined,
    allMessages: latencyStats(inWindow.map((entry) => sample(entry.createdMs, shown(entry)))),
    status429,
  };
}

function latencySampler(scale: TimeScale, endAt: number) {
  return (from: number, to: number | undefined): LatencySample => ({
    latencyS: to === undefined ? undefined : scale.toStoreSeconds(to - from),
    waitedS: scale.toStoreSeconds(endAt - from),
  });
}
