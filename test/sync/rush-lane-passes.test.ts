/**
 * Which lane each chat read asks the request budget for (chat-watch.ts `laneOf`), recorded by a budget that admits
 * as many reads as the test says: a rush's chats, whether spliced into the pass that found the burst or left to a
 * later pass by the budget, go in the rush lane; the other due chats in the chat lane. The watcher runs on the
 * sandbox store and a database of its own, on a clock the test moves.
 */
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createQueries, type Queries } from '../../src/db/queries.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createKeyedLock } from '../../src/shared/keyed-lock.ts';
import { createChatWatcher, type ChatWatcher } from '../../src/sync/chat-watch.ts';
import { createHandOff } from '../../src/sync/hand-off.ts';
import { createHealth } from '../../src/sync/health.ts';
import type { Lane, RequestBudget } from '../../src/sync/request-budget.ts';
import { createSinkHold } from '../../src/sync/sink-hold.ts';
import { chatWatchRules, engineSettings } from '../../src/sync/wiring.ts';
import { MINUTE, NOW, SECOND } from '../support/schedule-rules.ts';
import { createHarness, type Harness } from './harness.ts';

const INTERVAL = 10 * SECOND;

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
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

function watcher(queries: Queries, budget: RequestBudget, now: () => number): ChatWatcher {
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
  const { control } = h.sandbox;
  let clock = NOW;
  const now = () => clock;
  const queries = createQueries(h.db, now);
  const watch = () => {
    const order = control.createOrder({ status: 'processing' });
    queries.orders.insert(order, { isOpen: true, chatWatchUntil: undefined }, clock);
    queries.cursors.ensure(order.id as OrderId, clock);
    return order.id as OrderId;
  };
  const others = Array.from({ length: 6 }, watch);
  const writers = [watch(), watch()];
  const recording = recordingBudget();
  const chats = watcher(queries, recording.budget, now);
  const pass = () => ({
    api: h.api,
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
  expect(h.sink.messages(writer)).toHaveLength(1);
  expect(found).toEqual(['hot', 'rush', 'rush', 'rush']);

  // The next pass reads the rest of the rush first, from the read order, in the same lane; then the writer's chat,
  // due again an interval after its message, in the chat lane.
  clock += INTERVAL;
  const rest = recording.pass();
  await chats.readDue(pass());
  expect(rest).toEqual(['rush', 'rush', 'rush', 'rush', 'hot']);
  expect(queries.cursors.get(writer)?.lastReadAt).toBe(clock);
});
