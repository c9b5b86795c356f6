/**
 * The floors: the least p95 any bridge could reach for each latency the report shows, set by the store's rate limit
 * (chat reads a second) and Telegram's pace (messages a second). Pure arithmetic in store seconds; floor-inputs.ts
 * reads a run's timeline into the inputs. The rules, in words: bench/README.md, "The floors".
 */
import type { TelegramMode } from './profiles.ts';

/** Seconds a message takes at the chat's sustained pace: 1 a second in a private chat, 20 a minute in a group. */
export const TELEGRAM_PACE_S: Record<TelegramMode, number> = { private: 1, group: 3, sink: 0 };

/** A wait uniform over a read period is at most this share of it for 95% of messages. */
const P95 = 0.95;

export interface BudgetInputs {
  /** The key's limit, requests per window. */
  limit: number;
  windowS: number;
  intervalS: number;
  /** Paid orders at the store: their list is read, every page, once per poll interval. */
  paidOrders: number;
  pageSize: number;
}

/** Chat reads a second the key's limit leaves once every page of the paid list is read each poll interval. */
export function chatReadsPerSecond({ limit, windowS, intervalS, paidOrders, pageSize }: BudgetInputs): number {
  const paidPages = Math.max(1, Math.ceil(paidOrders / pageSize));
  return limit / windowS - paidPages / intervalS;
}

/**
 * How long a round robin over `chats` takes with `readsPerSecond`: no schedule reads a chat it cannot tell from the
 * others more often. Never under a poll interval: a chat is read at most once a cycle.
 */
export function readPeriodS(chats: number, readsPerSecond: number, intervalS: number): number {
  return Math.max(chats / readsPerSecond, intervalS);
}

/**
 * The p95 floor of a class of messages. A message whose chat the bridge could know was active (probability `known`)
 * is found within `knownPeriodS` (a round over the active conversations), any other one within `blindPeriodS` (a
 * round over every open chat); written at a random moment, each waits uniformly over its period. The floor is the
 * 95th percentile of that mixture over the class. Undefined for an empty class.
 */
export function chatReadFloorS(known: readonly number[], knownPeriodS: number, blindPeriodS: number): number | undefined {
  if (known.length === 0) return undefined;
  const tail = (x: number, period: number) => Math.max(0, 1 - x / period);
  const beyond = (x: number) =>
    known.reduce((sum, k) => sum + k * tail(x, knownPeriodS) + (1 - k) * tail(x, blindPeriodS), 0) / known.length;
  let low = 0;
  let high = Math.max(knownPeriodS, blindPeriodS);
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (beyond(mid) > 1 - P95) low = mid;
    else high = mid;
  }
  return high;
}

/** A new order is on the paid list at the next poll: within one interval, 0.95 of it at p95. */
export const newOrderFloorS = (intervalS: number): number => P95 * intervalS;

/**
 * A status change made elsewhere shows in the open-status lists (`listPages` pages) at their next pass: not sooner
 * than once per poll interval, nor than the whole limit can read them.
 */
export const statusChangeFloorS = (listPages: number, limitPerSecond: number, intervalS: number): number =>
  P95 * Math.max(intervalS, listPages / limitPerSecond);

/**
 * The chat burst: each of its chats read once after its lines, and a line the bridge could not know was coming
 * found only by a round over every open chat (`known`, `blindPeriodS` as for `chatReadFloorS`): at the sink, the
 * later of the reads and that p95. In the chat, the later of the last found plus one message, and the first read
 * plus one message per chat at the pace.
 */
export function chatBurstFloorS(
  known: readonly number[],
  chats: number,
  readsPerSecond: number,
  blindPeriodS: number,
  paceS: number,
): { sinkS: number; chatS: number } {
  const reads = chats / readsPerSecond;
  const sinkS = Math.max(reads, chatReadFloorS(known, reads, blindPeriodS) ?? 0);
  return { sinkS, chatS: Math.max(sinkS + paceS, 1 / readsPerSecond + chats * paceS) };
}

/** What the seller sees adds one message at the chat's pace to the store side. */
export const inChatS = (sinkS: number, paceS: number): number => sinkS + paceS;
