/**
 * The store's life during a run, from a seed: the open orders and their chat history set up before the subject
 * starts, then buyers — chatting buyers writing at random (Poisson) intervals, occasional messages on quiet
 * orders, new paid orders at a steady rate — and, when asked, a burst. Everything goes through the sandbox's
 * in-process control, so setting up costs the subject no request.
 *
 * Each kind of event draws from its own random stream: the same seed gives the same store and the same buyer
 * timeline (relative to the subject's start) whichever subject runs against it.
 */
import type { Topic } from './message-topic-kind.ts';
import type { SandboxControl } from '../src/sandbox/contract.ts';
import { deriveRandom, exponentialDelayMs, type Random } from '../src/sandbox/random.ts';
import { createChatBurst, type ChatBurst } from './chat-burst.ts';
import type { ScenarioSpec } from './profiles.ts';
import { HOUR, MINUTE, type TimeScale } from './time-scale.ts';

/**
 * hot: a chatting buyer; quiet: an order without one; burst: the burst's messages (on quiet orders); chat-burst: the
 * chat burst's (chat-burst.ts); history: before the start.
 */
export type MessageClass = 'hot' | 'quiet' | 'burst' | 'chat-burst' | 'history';
/** open: there before the start; new: a paid order arriving during the run; burst: the burst's orders. */
export type OrderClass = 'open' | 'new' | 'burst';

export interface LoadListener {
  /**
   * `tag`: the `[#…]` mark in the text, by which the fake Bot API tells which message reached Telegram; `topic`: what
   * a realistic buyer wrote about (message-topics.ts).
   */
  messageCreated(message: { id: string; orderId: string; createdMs: number; kind: MessageClass; tag?: string; topic?: Topic }): void;
  /** `stocked`: of the product with stock, which ours delivers by itself. */
  orderCreated(order: { id: string; createdMs: number; kind: OrderClass; stocked: boolean }): void;
  /** The store changed an order's status (realistic workload); `at` real ms. */
  statusChanged(change: { orderId: string; status: string; at: number }): void;
}

/** The mark a buyer text carries so its relay can be recognised in Telegram (`[#h12]`). */
export function tagged(text: string, tag: string): string {
  return `${text} [#${tag}]`;
}

export interface SeededStore {
  openOrderIds: string[];
  chatting: string[];
  /** Open orders without a chatting buyer: where quiet and burst messages land. */
  quiet: string[];
}

export interface LoadDriver {
  /** Creates the burst's orders now and spreads its messages over the burst's spread. */
  burst(): void;
  chatBurst: ChatBurst;
  stop(): void;
}

const HISTORY_SHARE_OF_QUIET = 0.3;
/** The sandbox's open statuses: what both subjects list. */
export const OPEN_STATUSES: readonly string[] = ['paid', 'processing', 'awaiting_confirmation'];
const HISTORY_PER_CHATTING = 2;

export function seedStore(control: SandboxControl, spec: ScenarioSpec, scale: TimeScale, listener: LoadListener): SeededStore {
  const random = deriveRandom(spec.seed, 'setup');
  const now = Date.now();
  const ago = (storeMs: number) => now - scale.toReal(storeMs);
  const orders: { id: string; createdMs: number }[] = [];
  for (let i = 0; i < spec.openOrders; i++) {
    const createdMs = ago(between(random, 10 * MINUTE, 48 * HOUR));
    const order = control.createOrder({ status: 'processing', createdAt: new Date(createdMs).toISOString() });
    orders.push({ id: order.id, createdMs });
    listener.orderCreated({ id: order.id, createdMs, kind: 'open', stocked: false });
  }
  const shuffled = shuffle(random, orders);
  const chatting = shuffled.slice(0, spec.chatting);
  const quiet = shuffled.slice(spec.chatting);

  let sequence = 0;
  const history = (order: { id: string; createdMs: number }) => {
    const createdMs = Math.round(between(random, order.createdMs, ago(MINUTE)));
    const tag = `h${++sequence}`;
    const message = control.postBuyerMessage(order.id, tagged(`earlier question about ${order.id}`, tag), {
      createdAt: new Date(createdMs).toISOString(),
    });
    listener.messageCreated({ id: message.id, orderId: order.id, createdMs: Date.parse(message.createdAt), kind: 'history', tag });
  };
  for (const order of chatting) for (let i = 0; i < HISTORY_PER_CHATTING; i++) history(order);
  for (const order of quiet) if (random() < HISTORY_SHARE_OF_QUIET) history(order);

  return {
    openOrderIds: orders.map((order) => order.id),
    chatting: chatting.map((order) => order.id),
    quiet: quiet.map((order) => order.id),
  };
}

interface Stream {
  nextAt: number;
  fire(): void;
  advance(): void;
}

/**
 * Starts the buyers; `startAt` (real ms) is the subject's start, the origin of the timeline. `stockedProductId`
 * gets `spec.stockedShare` of the new orders; the others are of the store's first product.
 */
export function startLoad(
  control: SandboxControl,
  spec: ScenarioSpec,
  store: SeededStore,
  scale: TimeScale,
  listener: LoadListener,
  startAt: number,
  stockedProductId: string,
): LoadDriver {
  const post = (orderId: string, kind: MessageClass, text: string) => {
    const tag = `u${sequence}`;
    const message = control.postBuyerMessage(orderId, tagged(text, tag));
    listener.messageCreated({ id: message.id, orderId, createdMs: Date.parse(message.createdAt), kind, tag });
  };
  const turns = { new: 0, burst: 0 };
  const newOrder = (kind: 'new' | 'burst') => {
    const stocked = stockedTurn(turns[kind]++, spec.stockedShare);
    const order = control.createOrder({ status: 'paid', ...(stocked ? { productId: stockedProductId } : {}) });
    listener.orderCreated({ id: order.id, createdMs: Date.parse(order.createdAt ?? new Date().toISOString()), kind, stocked });
  };

  const poisson = (name: string, perMinute: number, fire: (random: Random) => void): Stream | undefined => {
    if (perMinute <= 0) return undefined;
    const random = deriveRandom(spec.seed, name);
    const stream: Stream = {
      nextAt: startAt + scale.toReal(exponentialDelayMs(random, perMinute)),
      fire: () => fire(random),
      advance() {
        stream.nextAt += scale.toReal(exponentialDelayMs(random, perMinute));
      },
    };
    return stream;
  };

  let sequence = 0;
  const streams = [
    // One Poisson stream over all chatting buyers is the same as one per buyer, each at chatGap.
    poisson('chatting', (spec.chatting * MINUTE) / spec.chatGapMs, (random) =>
      post(pick(random, store.chatting), 'hot', `chatting buyer message ${++sequence}`),
    ),
    poisson('quiet', store.quiet.length > 0 ? spec.quietPerMinute : 0, (random) =>
      post(pick(random, store.quiet), 'quiet', `a question on a quiet order ${++sequence}`),
    ),
    poisson('orders', spec.ordersPerMinute, () => newOrder('new')),
  ].filter((stream): stream is Stream => stream !== undefined);

  const burstRandom = deriveRandom(spec.seed, 'burst');
  const pendingBurst: { at: number; orderId: string }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function plan(): void {
    if (timer) clearTimeout(timer);
    if (stopped) return;
    const next = Math.min(...streams.map((stream) => stream.nextAt), pendingBurst[0]?.at ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(next)) return;
    timer = setTimeout(tick, Math.max(0, next - Date.now()));
  }

  function tick(): void {
    const now = Date.now();
    for (;;) {
      const stream = streams.reduce<Stream | undefined>(
        (early, s) => (early === undefined || s.nextAt < early.nextAt ? s : early),
        undefined,
      );
      const burst = pendingBurst[0];
      if (burst !== undefined && burst.at <= now && (stream === undefined || burst.at <= stream.nextAt)) {
        pendingBurst.shift();
        post(burst.orderId, 'burst', `burst message ${++sequence}`);
        continue;
      }
      if (stream === undefined || stream.nextAt > now) break;
      stream.fire();
      stream.advance();
    }
    plan();
  }

  plan();
  const chatting = new Set(store.chatting);
  const isOpen = (orderId: string) => OPEN_STATUSES.includes(control.order(orderId)?.status ?? '');
  const chatBurst = createChatBurst(
    {
      inConversation: () => store.chatting.filter(isOpen),
      others: () => store.quiet.filter(isOpen),
      isOpen,
      post: (orderId, text, kind) => post(orderId, kind ?? (chatting.has(orderId) ? 'hot' : 'quiet'), `${text} ${++sequence}`),
    },
    spec.seed,
    scale,
  );
  return {
    chatBurst,
    burst() {
      for (let i = 0; i < spec.burst.orders; i++) newOrder('burst');
      const targets = shuffle(burstRandom, store.quiet).slice(0, spec.burst.messages);
      const now = Date.now();
      for (const orderId of targets) pendingBurst.push({ at: now + scale.toReal(burstRandom() * spec.burst.spreadMs), orderId });
      pendingBurst.sort((a, b) => a.at - b.at);
      plan();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      chatBurst.stop();
    },
  };
}

/**
 * Whether the k-th order (from 0) of a stream is a stocked one: exactly `share` of every stream, evenly spread, and
 * drawing no random number, so the buyers' timeline stays what it was.
 */
function stockedTurn(k: number, share: number): boolean {
  return Math.floor((k + 1) * share) > Math.floor(k * share);
}

function between(random: Random, min: number, max: number): number {
  return min + random() * Math.max(0, max - min);
}

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
