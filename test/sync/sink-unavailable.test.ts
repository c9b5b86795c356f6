/**
 * A sink that says it is unavailable as a whole (the chat blocked or removed the bot): sync holds every event,
 * asks the sink once per backoff period rather than once per event, reads no chat meanwhile, and once the sink
 * answers again hands everything off in order, each once.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SyncSink } from '../../src/sync/contract.ts';
import { createHarness, createPaidOrder, eventually, pause, type Harness, type RecordingSink } from './harness.ts';

class Unavailable extends Error {
  readonly sinkUnavailable = true;
}

/** The recording sink, refusing order and message events with an "unavailable" error while `down()`. */
function unavailableWhile(inner: RecordingSink, down: () => boolean, onCall: () => void): SyncSink {
  const gate =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      onCall();
      if (down()) throw new Unavailable('Forbidden: bot was blocked by the user');
      return call(...args);
    };
  return {
    orderAppeared: gate((order) => inner.orderAppeared(order)),
    orderChanged: gate((order, previous) => inner.orderChanged(order, previous)),
    messageArrived: gate((order, message, timing) => inner.messageArrived(order, message, timing)),
    actionSettled: (outcome) => inner.actionSettled(outcome),
  };
}

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

it('holds every event in order while the sink is unavailable, asks it once per backoff period, and reads no chat', async () => {
  let down = false;
  let callsWhileDown = 0;
  const countCall = () => {
    if (down) callsWhileDown += 1;
  };
  const sink = unavailableWhile(h.sink, () => down, countCall);
  const engine = h.engine({ sink, pollIntervalMs: 20, sinkRetryBaseMs: 20, sinkRetryMaxMs: 640 });
  const known = createPaidOrder(h);
  engine.start();
  await eventually(() => expect(h.sink.appeared()).toEqual([known]));

  down = true;
  const first = createPaidOrder(h);
  h.sandbox.control.postBuyerMessage(known, 'm1');
  await pause(300);
  const chatReads = () => h.sandbox.control.stats().byRoute['GET /orders/{id}/messages'] ?? 0;
  const readsBefore = chatReads();
  h.sandbox.control.postBuyerMessage(known, 'm2');
  const second = createPaidOrder(h);
  await pause(400);
  expect(chatReads()).toBeLessThanOrEqual(readsBefore + 2);
  // 35 cycles: a probe per backoff period (20, 40, 80, 160, 320 ms), not a call per event per cycle.
  expect(callsWhileDown).toBeLessThanOrEqual(7);

  down = false;
  await eventually(() => {
    expect(h.sink.appeared()).toEqual([known, first, second]);
    expect(h.sink.messages(known).map((message) => message.text)).toEqual(['m1', 'm2']);
  }, 5_000);
  await pause(100);
  expect(h.sink.appeared()).toEqual([known, first, second]);
  expect(h.sink.messages().map((message) => message.text)).toEqual(['m1', 'm2']);
});
