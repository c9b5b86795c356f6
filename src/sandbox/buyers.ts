/**
 * Simulated buyers: new paid orders, chat messages on open orders (what fits the order's state: a question before
 * delivery, thanks or a complaint after), confirmations of delivered orders.
 *
 * Events live on a timeline computed from the seed (Poisson arrivals: exponential gaps), separate
 * from the real timers that drive it, so a seed gives the same sequence whatever the timer jitter.
 * Each kind draws from its own random stream: a client taking or delivering orders changes where
 * buyer messages land, never which orders arrive.
 */
import type { BuyerSimulation } from './contract.ts';
import { pickBuyerText, type BuyerTexts } from './catalog.ts';
import { deriveRandom, exponentialDelayMs, pick, type Random } from './random.ts';

/** What buyers can do to their store. */
export interface BuyerWorld {
  /** Ids of the automation-enabled products buyers may order. */
  productIds(): string[];
  createPaidOrder(productId: string, random: Random): void;
  /** Open orders (paid, processing, awaiting confirmation), oldest first, with their status. */
  openOrders(): { id: string; status: string }[];
  postBuyerMessage(orderId: string, text: string): void;
  /** May fail when the order moved on meanwhile; that buyer simply does nothing. */
  confirmReceipt(orderId: string): void;
}

export interface BuyerSimulator {
  /** Runs every event due at or before `at` (at most `maxEvents`, so a huge backlog cannot block the loop). */
  runDue(at: number, maxEvents?: number): number;
  /** When the next event is due, or undefined when nothing will happen. */
  nextDueAt(): number | undefined;
  /** An order now awaits confirmation: its buyer will confirm after a random delay. */
  awaitingConfirmation(orderId: string, at: number): void;
  /** An order left awaiting confirmation (confirmed, or changed by someone else). */
  noLongerAwaiting(orderId: string): void;
}

/** `buyerTexts`: what buyers write (the demo catalog's language); the English texts by default. */
export function createBuyerSimulator(config: BuyerSimulation, world: BuyerWorld, startAt: number, buyerTexts?: BuyerTexts): BuyerSimulator {
  const orderRandom = deriveRandom(config.seed, 'orders');
  const messageRandom = deriveRandom(config.seed, 'messages');
  const confirmRandom = deriveRandom(config.seed, 'confirmations');
  const next = (random: Random, perMinute: number, from: number): number =>
    perMinute > 0 ? from + exponentialDelayMs(random, perMinute) : Number.POSITIVE_INFINITY;

  let nextOrderAt = next(orderRandom, config.ordersPerMinute, startAt);
  let nextMessageAt = next(messageRandom, config.messagesPerMinute, startAt);
  const confirmations = new Map<string, number>();

  function earliestConfirmation(): [string, number] | undefined {
    let earliest: [string, number] | undefined;
    for (const entry of confirmations) if (!earliest || entry[1] < earliest[1]) earliest = entry;
    return earliest;
  }

  function placeOrder(): void {
    const productIds = world.productIds();
    if (productIds.length > 0) world.createPaidOrder(pick(orderRandom, productIds), orderRandom);
    nextOrderAt = next(orderRandom, config.ordersPerMinute, nextOrderAt);
  }

  function writeMessage(): void {
    // Both draws happen even with no open order, so the stream does not depend on what clients did; which text
    // the first draw picks depends on the order's status: thanks only once something was delivered.
    const textDraw = messageRandom();
    const choice = messageRandom();
    const open = world.openOrders();
    const order = open[Math.floor(choice * open.length)];
    if (order !== undefined)
      world.postBuyerMessage(
        order.id,
        pickBuyerText(() => textDraw, order.status, buyerTexts),
      );
    nextMessageAt = next(messageRandom, config.messagesPerMinute, nextMessageAt);
  }

  return {
    runDue(at, maxEvents = 1000) {
      let ran = 0;
      while (ran < maxEvents) {
        const confirmation = earliestConfirmation();
        const confirmAt = confirmation?.[1] ?? Number.POSITIVE_INFINITY;
        const due = Math.min(nextOrderAt, nextMessageAt, confirmAt);
        if (due > at) break;
        if (due === nextOrderAt) placeOrder();
        else if (due === nextMessageAt) writeMessage();
        else if (confirmation) {
          confirmations.delete(confirmation[0]);
          world.confirmReceipt(confirmation[0]);
        }
        ran += 1;
      }
      return ran;
    },
    nextDueAt() {
      const due = Math.min(nextOrderAt, nextMessageAt, earliestConfirmation()?.[1] ?? Number.POSITIVE_INFINITY);
      return Number.isFinite(due) ? due : undefined;
    },
    awaitingConfirmation(orderId, at) {
      if (config.confirmationsPerMinute <= 0 || confirmations.has(orderId)) return;
      confirmations.set(orderId, at + exponentialDelayMs(confirmRandom, config.confirmationsPerMinute));
    },
    noLongerAwaiting(orderId) {
      confirmations.delete(orderId);
    },
  };
}

export interface BuyerDriver {
  /** Re-plans the timer (an event may have been added earlier than the one waited for). */
  poke(): void;
  stop(): void;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
/** A floor for waits on events not yet due, so a pinned test clock cannot spin the loop. */
const MIN_WAIT_MS = 5;

/** Drives a simulator with real (unref'd) timers against the sandbox clock. */
export function driveBuyers(simulator: BuyerSimulator, now: () => number): BuyerDriver {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function plan(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const due = simulator.nextDueAt();
    if (stopped || due === undefined) return;
    const wait = due - now();
    timer = setTimeout(tick, wait <= 0 ? 0 : Math.min(Math.max(MIN_WAIT_MS, wait), MAX_TIMER_MS));
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    simulator.runDue(now());
    plan();
  }

  plan();
  return {
    poke: plan,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
