/**
 * A rush's reads go in a lane of their own (chat-watch.ts `LANE`): not paced like the other chat reads, which the
 * budget spreads evenly over the store's window once a cycle spends ahead of even spending (here: a new window's
 * first seconds). In the engine on the sandbox store with a real window (its clock pinned to the test's), the budget's
 * waits moving that clock; and in the chat watcher alone with a budget that records each read's lane, in the pass that
 * found the rush and in the pass after.
 */
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { createQueries, type Queries } from '../../src/db/queries.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createKeyedLock } from '../../src/shared/keyed-lock.ts';
import { createChatWatcher, type ChatWatcher } from '../../src/sync/chats/chat-watch.ts';
import { createHandOff } from '../../src/sync/hand-off/hand-off.ts';
import { createHealth } from '../../src/sync/support/health.ts';
import type { Lane, RequestBudget } from '../../src/sync/budget/request-budget.ts';
import { createSinkHold } from '../../src/sync/hand-off/sink-hold.ts';
import { chatWatchRules, engineSettings } from '../../src/sync/run/wiring.ts';
import { MINUTE, NOW, SECOND } from '../support/schedule-rules.ts';
import { createHarness, type Harness } from './harness.ts';

const INTERVAL = 10 * SECOND;
/** Short, so the store's pace is known (and a rush can start) within minutes of the start. */
const HOT_WINDOW = 2 * MINUTE;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
});

it("reads a rush's chats at one instant, in a new window's first seconds where chat reads wait their pace", async () => {
  const clock = { now: NOW };
  const now = () => clock.now;
  // The budget's waits and the client's (a spent window, a retry) move the test's clock, never real time.
  const sleep = async (ms: number) => {
    clock.now += ms;
  };
  h = await createHarness({ sandbox: { now, rateLimit: { limit: 60, windowMs: MINUTE } }, client: { now, sleep } });
  const { control } = h.sandbox;
  const api = h.api;
  const order = () => control.createOrder({ status: 'processing' }).id as OrderId;
  const others = Array.from({ length: 12 }, order);
  const writer = order();
  const cursors = createQueries(h.db).cursors;
  const engine = h.engine({
    now,
    budgetSleep: sleep,
    pollIntervalMs: INTERVAL,
    pollNowLookaheadMs: 0,
    hotWindowMs: HOT_WINDOW,
    // One buyer writing where none did for a hot window starts a rush: the test chooses the cycle it begins in.
    rushChats: 1,
  });
  const readAt = (orderId: OrderId) => cursors.get(orderId)?.lastReadAt as number;
  const cycle = async () => {
    clock.now += INTERVAL;
    await engine.pollNow();
  };
  const windowEndsBeforeNext = () => (api.rateLimit()?.resetAt ?? Number.POSITIVE_INFINITY) <= now() + INTERVAL;

  await engine.pollNow();
  while (now() < NOW + 2 * HOT_WINDOW || !windowEndsBeforeNext()) await cycle();
  control.postBuyerMessage(writer, 'hello?', { createdAt: new Date(now()).toISOString() });
  // Long overdue: the first chat the next cycle reads.
  cursors.schedule(writer, { nextReadAt: NOW, emptyReads: 0, failures: 0 });
  await cycle();

  expect(h.sink.messages(writer)).toHaveLength(1);
  const rushRead = others.map(readAt);
  // Read right after the writer's, in the same instant. In the chat lane a new window's even pace puts a second or
  // more between reads after its first few: they would spread over the cycle and beyond.
  expect(rushRead).toEqual(others.map(() => readAt(writer)));
  expect(control.stats().byStatus[429] ?? 0).toBe(0);
});

/** Records each read's lane; admits while `left` > 0 (the rest wait past the pass's deadline). */
function recordingBudget() {
  const lanes: Lane[] = [];
  let left = Number.POSITIVE_INFINITY;
  const budget: RequestBudget = {
    send: (_lane, _signal, request) => request(),
    admit: async (lane) => {
      if (left <= 0) return false;
      left -= 1;
      lanes.push(lane);
      return true;
    },
    holdUntil: () => {},
    delayFor: () => 0,
    idle: () => false,
    storeLimit: () => undefined,
  };
  return {
    budget,
    /** The lanes of the next pass's reads; at most `admits` of them go. */
    pass(admits = Number.POSITIVE_INFINITY): Lane[] {
      lanes.length = 0;
      left = admits;
      return lanes;
    },
  };
}

function watcher(h: Harness, queries: Queries, budget: RequestBudget, now: () => number): ChatWatcher {
  const silent = pino({ level: 'silent' });
  const sinkHold = createSinkHold(now, 0, 0);
  return createChatWatcher({
    queries,
    handOff: createHandOff(h.db, h.sink, sinkHold, () => 'live'),
    lock: createKeyedLock(),
    budget,
    health: createHealth(),
    logger: silent,
    now,
    rules: chatWatchRules(engineSettings(INTERVAL, { rushChats: 1 })),
    isEcho: () => false,
    claimEcho: () => false,
    sinkHold,
  });
}

it("asks for the rush lane for a rush's reads in the pass that found it and in the pass after, the chat lane otherwise", async () => {
  const harness = await createHarness();
  h = harness;
  const { control } = harness.sandbox;
  let clock = NOW;
  const now = () => clock;
  const queries = createQueries(harness.db, now);
  const watch = () => {
    const order = control.createOrder({ status: 'processing' });
    queries.orders.insert(order, { isOpen: true, chatWatchUntil: undefined }, clock);
    queries.cursors.ensure(order.id as OrderId, clock);
    return order.id as OrderId;
  };
  const others = Array.from({ length: 6 }, watch);
  const writers = [watch(), watch()];
  const recording = recordingBudget();
  const chats = watcher(harness, queries, recording.budget, now);
  const pass = () => ({
    api: harness.api,
    horizon: clock,
    deadline: clock + INTERVAL,
    waitSignal: new AbortController().signal,
    requestSignal: new AbortController().signal,
  });

  // Every chat read once (a first read starts no rush), in the chat lane.
  expect(recording.pass()).toEqual([]);
  await chats.readDue(pass());
  // A hot window later one buyer writes; a rush (one chat is enough here) begins at that chat's read.
  clock += 11 * MINUTE;
  const writer = writers[0] as OrderId;
  control.postBuyerMessage(writer, 'hello?', { createdAt: new Date(clock).toISOString() });
  for (const orderId of [...others, ...writers])
    queries.cursors.schedule(orderId, { nextReadAt: clock + MINUTE, emptyReads: 1, failures: 0 });
  queries.cursors.schedule(writer, { nextReadAt: NOW, emptyReads: 0, failures: 0 });

  // The writer's read, then the rush spliced in; the budget lets three of its reads go.
  const found = recording.pass(4);
  await chats.readDue(pass());
  expect(harness.sink.messages(writer)).toHaveLength(1);
  expect(found).toEqual(['hot', 'rush', 'rush', 'rush']);

  // The next pass reads the rest of the rush first, from the read order, in the same lane; then the writer's chat,
  // due again an interval after its message, in the chat lane.
  clock += INTERVAL;
  const rest = recording.pass();
  await chats.readDue(pass());
  expect(rest).toEqual(['rush', 'rush', 'rush', 'rush', 'hot']);
  expect(queries.cursors.get(writer)?.lastReadAt).toBe(clock);
});
