/**
 * Priors: a chat whose order just changed state, or where the seller just acted or answered, is likely to speak
 * next, so it turns hot (read every interval) though it was quiet; adopted chats start quiet.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, eventually, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

it('makes a quiet chat hot when its order changes at the store, and when the seller acts or answers', async () => {
  const { control } = h.sandbox;
  const [changed, answered, delivered] = Array.from({ length: 4 }, () => control.createOrder({ status: 'processing' }).id as OrderId);
  // A pass over the status lists every cycle, a page each; a hot window long enough to outlast the test.
  const engine = h.engine({ statusListsEvery: 1, hotWindowMs: 60_000 });
  await engine.pollNow();
  await engine.pollNow();
  // Adopted chats start quiet, their old messages or none.
  expect(engine.status().watchedChats).toEqual({ hot: 0, quiet: 4 });

  control.setOrderStatus(changed as string, 'awaiting_confirmation');
  await engine.pollNow();
  await engine.pollNow();
  expect(h.sink.changes(changed)).toHaveLength(1);
  expect(engine.status().watchedChats).toEqual({ hot: 1, quiet: 3 });

  engine.enqueue({ kind: 'message', orderId: answered as OrderId, text: 'on its way' });
  engine.enqueue({ kind: 'deliver', orderId: delivered as OrderId, value: 'KEY-1' });
  engine.start();
  await eventually(() => expect(h.sink.outcomes.filter((outcome) => outcome.ok)).toHaveLength(2));
  // The fourth chat, nobody touched, stays quiet.
  expect(engine.status().watchedChats).toEqual({ hot: 3, quiet: 1 });
});
