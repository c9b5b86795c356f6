/**
 * The store goes down for a while (503s, an HTML error page from a proxy, hanging requests, reset
 * connections) while orders, messages and seller actions keep coming. After it heals: nothing lost,
 * nothing doubled, the outbox drained.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, pause, eventually, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe.each(['http503', 'html', 'hang', 'reset'] as const)('the store answering %s for a while', (mode) => {
  it('loses nothing, doubles nothing and drains the outbox once it heals', async () => {
    const { control } = h.sandbox;
    const early = [1, 2].map(() => control.createOrder({ status: 'paid' }).id as OrderId);
    const engine = h.engine({ pollIntervalMs: 25 });
    engine.start();
    await eventually(() => expect(h.sink.appeared()).toHaveLength(2));

    control.breakApi(mode);
    const late = [1, 2].map(() => control.createOrder({ status: 'paid' }).id as OrderId);
    control.postBuyerMessage(early[0] as string, 'during the outage');
    const take = engine.enqueue({ kind: 'take', orderId: early[0] as OrderId });
    const post = engine.enqueue({ kind: 'message', orderId: early[1] as OrderId, text: 'sent while down' });
    // A hanging request fails only when the client's 300 ms timeout (twice) has passed.
    await eventually(() => {
      expect(engine.status().errorsInARow).toBeGreaterThan(0);
      expect(engine.status().outboxDepth).toBeGreaterThan(0);
    });
    await pause(100);
    control.heal();
    control.postBuyerMessage(late[0] as string, 'after healing');

    await eventually(() => {
      expect(h.sink.appeared().sort()).toEqual([...early, ...late].sort());
      expect(
        h.sink
          .messages()
          .map((message) => message.text)
          .sort(),
      ).toEqual(['after healing', 'during the outage']);
      expect(engine.status().outboxDepth).toBe(0);
      expect(control.messages(early[1] as string)).toHaveLength(1);
    }, 8_000);
    await engine.stop();

    expect(control.order(early[0] as string)?.status).toBe('processing');
    expect(control.messages(early[1] as string).map((message) => message.text)).toEqual(['sent while down']);
    const finals = h.sink.outcomes.filter((outcome) => outcome.ok !== 'queued');
    expect(finals.map((outcome) => [outcome.actionId, outcome.ok]).sort()).toEqual(
      [
        [take.actionId, true],
        [post.actionId, true],
      ].sort(),
    );
    expect(engine.status().errorsInARow).toBe(0);
    expect(engine.status().running).toBe(false);
  });
});
