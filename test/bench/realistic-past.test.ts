/**
 * The realistic workload starts on a store that was already running: the orders of its last 20 minutes exist at the
 * start as their plans left them, their buyers' earlier lines are backdated history, and a line after the start that
 * follows one of them within the hot window counts as hot.
 */
import { afterEach, expect, it } from 'vitest';
import type { ScenarioSpec } from '../../bench/profiles.ts';
import { startRealisticLoad } from '../../bench/realistic-load.ts';
import { PAST_MS, seedRecentPast } from '../../bench/realistic-past.ts';
import type { LoadListener, MessageClass } from '../../bench/store-load.ts';
import { createTimeScale, MINUTE } from '../../bench/time-scale.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';

let sandbox: SandboxHandle | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const spec = (seed: number): ScenarioSpec => ({
  openOrders: 0,
  chatting: 0,
  chatGapMs: 90_000,
  quietPerMinute: 0,
  ordersPerMinute: 1,
  stockedShare: 0.5,
  burst: { orders: 0, messages: 0, spreadMs: 0 },
  seed,
});

interface Recorded {
  messages: { id: string; orderId: string; createdMs: number; kind: MessageClass }[];
  orders: { id: string; createdMs: number; kind: string }[];
}

function recorder(): LoadListener & Recorded {
  const recorded: Recorded = { messages: [], orders: [] };
  return {
    ...recorded,
    messageCreated: (message) => recorded.messages.push(message),
    orderCreated: (order) => recorded.orders.push(order),
    statusChanged: () => {},
  };
}

it('creates the last 20 minutes of orders backdated, as their plans left them, with their earlier lines as history', async () => {
  sandbox = await startSandbox();
  const { control } = sandbox;
  const scale = createTimeScale(60);
  const listener = recorder();
  const past = seedRecentPast(control, spec(1), scale, listener);

  // About one order a minute.
  expect(past.orders.length).toBeGreaterThan(8);
  expect(past.orders.length).toBeLessThan(40);
  for (const { orderId, steps, history } of past.orders) {
    const order = control.order(orderId);
    const createdMs = Date.parse(order?.createdAt ?? '');
    expect(createdMs).toBeGreaterThanOrEqual(past.seededAt - scale.toReal(PAST_MS) - 1);
    expect(createdMs).toBeLessThanOrEqual(past.seededAt);
    // Paid, or taken when its plan took it before the start; delivery comes later than 20 minutes.
    const takenLater = steps.some((step) => step.kind === 'status' && step.status === 'processing');
    expect(order?.status).toBe(takenLater ? 'paid' : 'processing');
    expect(steps.every((step) => step.atMs >= 0)).toBe(true);
    // Its lines before the start are at the store, backdated, and are history to the bench.
    const atStore = control.messages(orderId).map((message) => Date.parse(message.createdAt));
    expect(atStore).toEqual(history.map((line) => line.at));
    for (const at of atStore) expect(at).toBeLessThan(past.seededAt);
  }
  expect(listener.orders.map((order) => order.kind)).toEqual(past.orders.map(() => 'open'));
  const history = past.orders.flatMap((order) => order.history);
  expect(history.length).toBeGreaterThan(0);
  expect(listener.messages.map((message) => message.kind)).toEqual(history.map(() => 'history'));
});

it('counts a line after the start as hot when the same buyer wrote within 10 minutes before it', async () => {
  sandbox = await startSandbox();
  const { control } = sandbox;
  // 6000× faster: a store minute is 10 real ms.
  const scale = createTimeScale(6000);
  // A seed whose recent past has a buyer who wrote in the last minutes and writes again soon after the start.
  let found: { seed: number; orderId: string } | undefined;
  const listener = recorder();
  let past: ReturnType<typeof seedRecentPast> | undefined;
  for (let seed = 0; seed < 30 && found === undefined; seed++) {
    past = seedRecentPast(control, spec(seed), scale, listener);
    const order = past.orders.find(
      ({ history, steps }) =>
        history.length > 0 &&
        (history.at(-1)?.at as number) > (past?.seededAt as number) - scale.toReal(8 * MINUTE) &&
        steps[0]?.kind === 'message' &&
        steps[0].atMs < 2 * MINUTE,
    );
    if (order !== undefined) found = { seed, orderId: order.orderId };
  }
  expect(found).toBeDefined();
  const live = recorder();
  const load = startRealisticLoad(
    control,
    spec(found?.seed as number),
    { openOrderIds: [], chatting: [], quiet: [] },
    scale,
    live,
    Date.now(),
    control.products(sandbox.store.storeId)[0]?.id as string,
    { atMs: 60 * MINUTE, widthMs: 10 * MINUTE, factor: 3 },
    past as NonNullable<typeof past>,
  );
  await new Promise((resolve) => setTimeout(resolve, scale.toReal(3 * MINUTE)));
  load.stop();
  const first = live.messages.find((message) => message.orderId === found?.orderId);
  expect(first?.kind).toBe('hot');
});
