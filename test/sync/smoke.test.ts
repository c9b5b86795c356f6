import { afterEach, beforeEach, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => { h = await createHarness(); });
afterEach(async () => { await h.close(); });

it('smoke', async () => {
  const engine = h.engine();
  const o = h.sandbox.control.createOrder({ status: 'paid' });
  h.sandbox.control.postBuyerMessage(o.id, 'hello');
  await engine.pollNow();
  console.log(h.sink.events, engine.status(), h.sandbox.control.stats());
  const t = engine.enqueue({ kind: 'take', orderId: o.id });
  const t2 = engine.enqueue({ kind: 'take', orderId: o.id });
  const m = engine.enqueue({ kind: 'message', orderId: o.id, text: 'hi buyer', origin: { chatId: 1, messageId: 5 } });
  await engine.pollNow();
  await engine.pollNow();
  console.log(t, t2, m, h.sink.outcomes, h.sink.events.slice(2), h.sandbox.control.order(o.id)?.status);
  expect(h.sink.events.length).toBeGreaterThan(0);
});
