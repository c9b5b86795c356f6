/**
 * The realistic workload (`--profile realistic`): order lifecycles and buyers who write about their own order
 * (realistic-plan.ts), new paid orders arriving faster around a daily peak. Every step goes through the sandbox's
 * in-process control, at its planned time on the subject's clock. A message counts as "hot" when its order's
 * buyer wrote within the last 10 min (a conversation going on), otherwise as "quiet" — the engine's own notion.
 */
import type { SandboxControl } from '../src/sandbox/contract.ts';
import { deriveRandom, exponentialDelayMs } from '../src/sandbox/random.ts';
import { isOpener, topicOf, type Opener } from './message-topic-kind.ts';
import type { ScenarioSpec } from './profiles.ts';
import { peakRate, planNewOrder, planOpenOrder, type DailyPeak, type PlannedStep } from './realistic-plan.ts';
import { createChatBurst } from './chat-burst.ts';
import type { RecentPast } from './realistic-past.ts';
import { OPEN_STATUSES, tagged, type LoadDriver, type LoadListener, type MessageClass, type SeededStore } from './store-load.ts';
import { MINUTE, type TimeScale } from './time-scale.ts';

const HOT_WINDOW_MS = 10 * MINUTE;

interface Due {
  at: number;
  run(): void;
}

export function startRealisticLoad(
  control: SandboxControl,
  spec: ScenarioSpec,
  store: SeededStore,
  scale: TimeScale,
  listener: LoadListener,
  startAt: number,
  stockedProductId: string,
  peak: DailyPeak,
  past: RecentPast,
): LoadDriver {
  const queue: Due[] = [];
  const lastMessage = new Map<string, number>();
  const lastOpener = new Map<string, Opener>();
  let sequence = 0;
  let newOrders = 0;
  /** New orders, in the order they were created. */
  const created: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const push = (due: Due) => {
    let i = queue.length;
    while (i > 0 && (queue[i - 1] as Due).at > due.at) i--;
    queue.splice(i, 0, due);
  };
  const schedule = (orderId: string, steps: readonly PlannedStep[]) => {
    for (const step of steps) push({ at: startAt + scale.toReal(step.atMs), run: () => perform(orderId, step) });
  };

  /** `kind` undefined: hot when the order's buyer wrote within the hot window, else quiet. */
  const post = (orderId: string, text: string, kind?: MessageClass) => {
    const tag = `r${++sequence}`;
    const message = control.postBuyerMessage(orderId, tagged(text, tag));
    const createdMs = Date.parse(message.createdAt);
    const previous = lastMessage.get(orderId);
    lastMessage.set(orderId, createdMs);
    const talking = previous !== undefined && scale.toStoreMs(createdMs - previous) <= HOT_WINDOW_MS;
    const topic = topicOf(text, lastOpener.get(orderId));
    if (topic !== undefined && isOpener(topic)) lastOpener.set(orderId, topic);
    listener.messageCreated({
      id: message.id,
      orderId,
      createdMs,
      kind: kind ?? (talking ? 'hot' : 'quiet'),
      tag,
      ...(topic === undefined ? {} : { topic }),
    });
  };

  function perform(orderId: string, step: PlannedStep): void {
    if (step.kind === 'message') {
      post(orderId, step.text);
      return;
    }
    try {
      control.setOrderStatus(orderId, step.status);
      listener.statusChanged({ orderId, status: step.status, at: Date.now() });
    } catch {
      // The order went elsewhere meanwhile (cancelled by the subject): its plan ends here.
    }
  }

  store.openOrderIds.forEach((orderId, k) => {
    schedule(orderId, planOpenOrder(deriveRandom(spec.seed, `open-${k}`)));
  });
  // The orders of the last minutes before the start: their buyers' earlier lines count for hot and for topics.
  for (const { orderId, steps, history } of past.orders) {
    for (const { text, at } of history) {
      lastMessage.set(orderId, at);
      const topic = topicOf(text, lastOpener.get(orderId));
      if (topic !== undefined && isOpener(topic)) lastOpener.set(orderId, topic);
    }
    for (const step of steps) push({ at: past.seededAt + scale.toReal(step.atMs), run: () => perform(orderId, step) });
  }

  // New orders: a Poisson stream at the peak's highest rate, thinned down to the rate of the moment.
  const arrivals = deriveRandom(spec.seed, 'realistic-orders');
  const topRate = spec.ordersPerMinute * peak.factor;
  let nextArrivalMs = exponentialDelayMs(arrivals, topRate);
  const planArrival = () => {
    push({
      at: startAt + scale.toReal(nextArrivalMs),
      run: () => {
        const atMs = nextArrivalMs;
        if (arrivals() < peakRate(peak, atMs) / peak.factor) createOrder(atMs);
        nextArrivalMs += exponentialDelayMs(arrivals, topRate);
        planArrival();
      },
    });
  };
  function createOrder(paidAtMs: number): void {
    const k = newOrders++;
    const stocked = Math.floor((k + 1) * spec.stockedShare) > Math.floor(k * spec.stockedShare);
    const order = control.createOrder({ status: 'paid', ...(stocked ? { productId: stockedProductId } : {}) });
    created.push(order.id);
    listener.orderCreated({ id: order.id, createdMs: Date.parse(order.createdAt ?? new Date().toISOString()), kind: 'new', stocked });
    schedule(order.id, planNewOrder(deriveRandom(spec.seed, `new-${k}`), paidAtMs, stocked));
  }
  planArrival();

  function tick(): void {
    timer = undefined;
    while (!stopped && queue.length > 0 && (queue[0] as Due).at <= Date.now()) (queue.shift() as Due).run();
    plan();
  }
  function plan(): void {
    if (stopped || timer || queue.length === 0) return;
    timer = setTimeout(tick, Math.max(0, (queue[0] as Due).at - Date.now()));
  }
  plan();

  const isOpen = (orderId: string) => OPEN_STATUSES.includes(control.order(orderId)?.status ?? '');
  const talking = (orderId: string) =>
    scale.toStoreMs(Date.now() - (lastMessage.get(orderId) ?? Number.NEGATIVE_INFINITY)) <= HOT_WINDOW_MS;
  const everyOrder = () => [...store.openOrderIds, ...past.orders.map((order) => order.orderId), ...created];
  const chatBurst = createChatBurst(
    {
      inConversation: () => everyOrder().filter((orderId) => isOpen(orderId) && talking(orderId)),
      others: () => everyOrder().filter((orderId) => isOpen(orderId) && !talking(orderId)),
      isOpen,
      post,
    },
    spec.seed,
    scale,
  );
  return {
    chatBurst,
    // The daily peak is this workload's surge; there is no separate burst.
    burst() {},
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      chatBurst.stop();
    },
  };
}
