/**
 * Seeded ids: two sandboxes with one seed give their n-th store, product, order and message the same id whatever
 * else each did in between, as two real stores may (the several-stores tests rely on it); without a seed, or with
 * another, the ids differ. Ids still sort by creation within a kind, and a length makes them as long as asked.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.ts';

const start = useSandbox();

describe('seeded sandbox ids', () => {
  it('repeat across sandboxes of one seed, whatever else each one did', async () => {
    const [a, b] = await Promise.all([start({ ids: { seed: 7 } }), start({ ids: { seed: 7 } })]);
    expect(b.sandbox.store.storeId).toBe(a.sandbox.store.storeId);
    expect(b.control.products(b.sandbox.store.storeId).map((p) => p.id)).toEqual(
      a.control.products(a.sandbox.store.storeId).map((p) => p.id),
    );
    // Each store its own key: the same ids, reached with different keys.
    expect(b.sandbox.store.apiKey).not.toBe(a.sandbox.store.apiKey);

    const first = a.control.createOrder();
    // Only `a` gets messages and a second order: `b`'s next order still gets `a`'s second id.
    a.control.postBuyerMessage(first.id, 'hello');
    a.control.postBuyerMessage(first.id, 'anyone?');
    const second = a.control.createOrder();
    const [bFirst, bSecond] = [b.control.createOrder(), b.control.createOrder()];
    expect([bFirst.id, bSecond.id]).toEqual([first.id, second.id]);
    expect(b.control.postBuyerMessage(bFirst.id, 'other text').id).toBe(a.control.messages(first.id)[0]?.id);
    expect(first.id < second.id).toBe(true);
  });

  it('differ with another seed or none', async () => {
    const [a, other, random] = await Promise.all([start({ ids: { seed: 7 } }), start({ ids: { seed: 8 } }), start()]);
    const id = a.control.createOrder().id;
    expect(other.control.createOrder().id).not.toBe(id);
    expect(random.control.createOrder().id).not.toBe(id);
  });

  it('are as long as asked, and usable through the API', async () => {
    const { control, api } = await start({ ids: { seed: 7, length: 64 } });
    const order = control.createOrder({ status: 'paid' });
    expect(order.id).toHaveLength(64);
    expect(order.id).toMatch(/^ord_[0-9a-z]{6}[0-9a-f]{54}$/);
    const reply = await api('POST', `/orders/${order.id}/take`, { headers: { 'idempotency-key': 'k1' } });
    expect(reply.status).toBe(200);
    expect(control.order(order.id)?.status).toBe('processing');
  });
});
