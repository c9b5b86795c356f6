/**
 * The engine's knobs, with defaults for a real store; tests shrink the intervals through options.
 * The values set by benchmark, and the result that shows each: bench/README.md, "Tuning values".
 */
import type { BudgetRules } from '../budget/request-budget.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SyncTuning {
  /** Page size asked for order lists (the sandbox caps at 100). */
  ordersPageSize: number;
  messagesPageSize: number;
  /** The processing/awaiting_confirmation lists are read every this many cycles (at once when a paid order left). */
  statusListsEvery: number;
  /** A message's heat falls by e every this long (chats/chat-schedule.ts `heatOf`); a chat with any activity within it counts as hot. */
  hotWindowMs: number;
  /** A chat's last activity (order event, seller action, message) warms it like a fresh message, less by e every this long. */
  eventWarmMs: number;
  /** Right after any activity a chat is read every interval for this long, however cool. */
  activityHotMs: number;
  /** Least and most of the chat reads that go to the chat read longest ago (chats/chat-schedule.ts `sweepShare`). */
  sweepShareMin: number;
  sweepShareMax: number;
  /** The sweep takes this many times the recent share of buyer messages no prior predicted (within the least and most). */
  sweepPerUnpredicted: number;
  /** A rush (chats/rush.ts): chats with new buyer messages within two intervals, and how many times the usual pace. */
  rushChats: number;
  rushRatio: number;
  /** A rush reads the chats active within this long first, then others, at most `rushMaxChats` in all. */
  rushReachMs: number;
  rushMaxChats: number;
  /** A quiet chat is read at least every this many intervals (when the budget allows). */
  quietCeiling: number;
  /** When the budget is short, a quiet chat's lateness counts this many times less than a hot chat's. */
  quietWeight: number;
  /** When the budget is short, a chat this warm (chats/chat-schedule.ts `heatOf`) is read every interval, cooler ones less. */
  hotHeat: number;
  /** Largest share of the rate limit the processing/awaiting_confirmation lists may take (read less often when large). */
  statusListsMaxShare: number;
  /** The same while their last pass found changes made elsewhere (deliveries on the website, buyers confirming). */
  statusListsBusyShare: number;
  /** A closed order's chat is still read for this long (quiet schedule). */
  closedChatWatchMs: number;
  /** Ids this close to a chat cursor are kept and dropped from re-reads. */
  nearCursorMs: number;
  /** Handled messages and finished actions are pruned after this. */
  retentionMs: number;
  /** Closed orders are pruned this long after their chat stopped being watched. */
  orderRetentionMs: number;
  pruneEveryMs: number;
  /** Retry of a seller action after a transient failure: doubles from base up to max. */
  actionBackoffBaseMs: number;
  actionBackoffMaxMs: number;
  /** Re-offer of an order event or an action outcome the sink refused, and the hold while the sink is unavailable: doubles from base up to max. */
  sinkRetryBaseMs: number;
  sinkRetryMaxMs: number;
  /** How far before an action was queued its post is searched for (clock skew with the store). */
  echoSkewMs: number;
  /**
   * After stop(), how long the request or sink call in hand may take: then a request is aborted, and a sink call
   * is given up on (its event is not committed and is offered again after the restart).
   */
  stopGraceMs: number;
  /**
   * pollNow reads chats due within this long, as a cycle of the loop reads those due before the next one starts
   * (a schedule counts from its read, anywhere in a cycle); 0 for exact schedules in tests.
   */
  pollNowLookaheadMs: number;
  budget: Partial<BudgetRules>;
}

export function defaultTuning(pollIntervalMs: number): SyncTuning {
  return {
    ordersPageSize: 100,
    messagesPageSize: 100,
    statusListsEvery: 3,
    hotWindowMs: 10 * MINUTE,
    // Buyers write within minutes of an event (paid, delivered, an answer): read every 2 intervals at first, 3.3 after
    // 2.5 min, 5.4 after 5; about 15 reads an event, so a buyer writing 1–3 min after paying is not left to the back-off.
    eventWarmMs: 15 * pollIntervalMs,
    activityHotMs: 3 * pollIntervalMs,
    // A quarter is what the uniform workload's conversations leave; at most three quarters when few messages are predicted.
    sweepShareMin: 0.25,
    sweepShareMax: 0.75,
    sweepPerUnpredicted: 2,
    // Three chats at four times the usual pace: the uniform workload's 50 conversations (about 11 chats a span) never
    // start one. Reach: buyers in touch within two hot windows; at most about half a minute of a 120-a-minute budget.
    rushChats: 3,
    rushRatio: 4,
    rushReachMs: 20 * MINUTE,
    rushMaxChats: 60,
    quietCeiling: 16,
    // Conversations first when the budget is short: the hot p95 falls, quiet one-off messages wait a few minutes more.
    quietWeight: 3,
    // A chat with a message every 2.5 min or so is a conversation (a buyer writing every 90 s settles near 7).
    hotHeat: 4,
    // These lists only show changes made elsewhere (website, buyer confirming): what they leave goes to chat reads.
    statusListsMaxShare: 0.03,
    // While orders change on the website, a pass about every minute at 1000 open orders (11 pages) instead of every 3.
    statusListsBusyShare: 0.1,
    closedChatWatchMs: DAY,
    nearCursorMs: 1_000,
    retentionMs: 7 * DAY,
    orderRetentionMs: 30 * DAY,
    pruneEveryMs: HOUR,
    actionBackoffBaseMs: 2_000,
    actionBackoffMaxMs: 5 * MINUTE,
    sinkRetryBaseMs: pollIntervalMs,
    sinkRetryMaxMs: 16 * pollIntervalMs,
    echoSkewMs: 5 * MINUTE,
    stopGraceMs: 5_000,
    pollNowLookaheadMs: pollIntervalMs,
    budget: {},
  };
}
