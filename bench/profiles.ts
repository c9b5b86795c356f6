/**
 * What the benchmark runs: the store every scenario shares (rate limit, poll interval) and the scenarios of the
 * full and the quick mode. Every duration here is in store time (see time-scale.ts).
 */
import { MINUTE, SECOND } from './time-scale.ts';

/** The store's per-key limit the benchmark runs against: 120 requests a minute. */
export const STORE_RATE_LIMIT = { limit: 120, windowMs: MINUTE } as const;

/** The store's limit for a scenario, requests per `STORE_RATE_LIMIT.windowMs`. */
export const rateLimitOf = (spec: Pick<ScenarioSpec, 'rateLimit'>): number => spec.rateLimit ?? STORE_RATE_LIMIT.limit;
/** The bridge's default poll interval (POLL_INTERVAL_SECONDS=10). */
export const POLL_INTERVAL_MS = 10 * SECOND;
/** The sandbox serves at most this many orders a page; both subjects ask for full pages. */
export const ORDERS_PAGE_SIZE = 100;

/** Where the subject's messages go: the recording sink alone (the store side only), or a bot
 * posting to the fake Bot API's private chat (~1 message/s) or group (also 20 a minute). `--telegram`. */
export type TelegramMode = 'sink' | 'private' | 'group';
export const TELEGRAM_MODES: readonly TelegramMode[] = ['sink', 'private', 'group'];
/** What the buyers and the store do: `uniform` (Poisson chatting buyers) or `realistic`. `--profile`. */
export type WorkloadName = 'uniform' | 'realistic';
export const WORKLOADS: readonly WorkloadName[] = ['uniform', 'realistic'];

/** The start-up rows: hot messages written in this long after a (cold or warm) start... */
export const STARTUP_WINDOW_MS = 10 * MINUTE;
/** ...and how long the warm restart goes on to deliver them. */
export const RESTART_GRACE_MS = 10 * MINUTE;
/** The realistic workload's daily peak: new orders this many times faster in the middle of the measured window. */
export const PEAK_FACTOR = 3;

export interface BurstSpec {
  /** New paid orders created at the same instant. */
  orders: number;
  /** Buyer messages on as many distinct quiet orders, spread over `spreadMs`. */
  messages: number;
  spreadMs: number;
}

export interface ScenarioSpec {
  /** Open orders in the store when the subject starts (all `processing`). */
  openOrders: number;
  /** How many of them have a buyer who keeps writing. */
  chatting: number;
  /** Mean gap between two messages of one chatting buyer (Poisson). */
  chatGapMs: number;
  /** Messages a minute on quiet (non-chatting) orders, across all of them (Poisson). */
  quietPerMinute: number;
  /** New paid orders a minute (Poisson). */
  ordersPerMinute: number;
  /** Share of the new paid orders (the burst's too) that are of the product with stock, which ours auto-delivers. */
  stockedShare: number;
  burst: BurstSpec;
  seed: number;
  /** S for this scenario when the profile's would make the subject's CPU the bottleneck. */
  scale?: number;
  /** The store's limit, requests a minute per key (`--rate-limit`); `STORE_RATE_LIMIT` when unset. */
  rateLimit?: number;
  /** Longer phase caps where the budget needs them (a round over every chat takes longer than the profile's). */
  phases?: Partial<Pick<Profile, 'maxWarmupMs' | 'graceMaxMs'>>;
}

export interface Profile {
  name: 'full' | 'quick';
  /** S, the time-compression factor. */
  scale: number;
  scenarios: ScenarioSpec[];
  /** Warm-up lasts at least this long (the engine's adoption makes every chat hot for one hot window). */
  minWarmupMs: number;
  /** Warm-up ends here even when not every chat was read yet (the run says so). */
  maxWarmupMs: number;
  /** ...or earlier, once no pre-existing chat got its first read for this long (it stopped progressing). */
  warmupStallMs: number;
  /** Length of the measured window. */
  measureMs: number;
  /** After the window, the run goes on (load included) until every measured event arrived, at most this long. */
  graceMaxMs: number;
}

function scenario(openOrders: number, overrides: Partial<ScenarioSpec> = {}): ScenarioSpec {
  const chatting = Math.min(50, Math.floor(openOrders / 2));
  const quiet = openOrders - chatting;
  return {
    openOrders,
    chatting,
    chatGapMs: 90 * SECOND,
    // Few quiet orders cannot take many messages and stay quiet.
    quietPerMinute: Math.min(2, quiet / 10),
    ordersPerMinute: 1,
    // Half: a few auto-deliveries a window, while the two requests each costs (Take, Deliver) hardly touch the budget.
    stockedShare: 0.5,
    burst: {
      orders: Math.min(10, Math.max(2, Math.floor(openOrders / 10))),
      messages: Math.min(25, Math.floor(quiet / 2)),
      spreadMs: 20 * SECOND,
    },
    seed: 20_240 + openOrders,
    ...overrides,
  };
}

export const PROFILES: Record<Profile['name'], Profile> = {
  full: {
    name: 'full',
    scale: 60,
    // At 5000 open orders the engine's per-cycle work (it parses every open order each cycle) kept a core busy at
    // S = 60, which would have inflated its latencies: S = 30 keeps its CPU/wall near 0.5.
    // At 5000, one read of every chat takes the budget about 45 min (5000 chats / 1.9 requests a second), and a quiet
    // chat is read about once an hour: warm-up and grace get room for that, or a late message would count as lost.
    scenarios: [
      scenario(10),
      scenario(100),
      scenario(1000),
      scenario(5000, { scale: 30, phases: { maxWarmupMs: 70 * MINUTE, graceMaxMs: 90 * MINUTE } }),
    ],
    minWarmupMs: 10 * MINUTE,
    // The naive baseline needs 42 store minutes for one round at 5000 open orders.
    maxWarmupMs: 45 * MINUTE,
    warmupStallMs: 10 * MINUTE,
    measureMs: 15 * MINUTE,
    // At 1000 open orders a quiet chat is read about every 20–25 min: a message written just before the window
    // closed needs that long. Grace ends as soon as everything arrived.
    graceMaxMs: 40 * MINUTE,
  },
  quick: {
    name: 'quick',
    // As full mode: the Telegram side's per-message work (an HTTP round trip, the relay's bookkeeping) is real time,
    // multiplied by S like everything else; at S = 120 it rivalled Telegram's 1 s per message on a busy machine.
    scale: 60,
    scenarios: [scenario(10), scenario(100)],
    minWarmupMs: 2 * MINUTE,
    maxWarmupMs: 10 * MINUTE,
    warmupStallMs: 3 * MINUTE,
    measureMs: 6 * MINUTE,
    graceMaxMs: 5 * MINUTE,
  },
};
