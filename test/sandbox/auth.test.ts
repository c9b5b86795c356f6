import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.ts';

const start = useSandbox();

describe('sandbox auth (spec part 5, README "API assumptions")', () => {
  it('accepts the key as Authorization: Bearer and as X-API-Key', async () => {
    const { api, sandbox } = await start();
    const bearer = await api('GET', '/products');
    expect(bearer.status).toBe(200);
    expect(bearer.json.success).toBe(true);

    const header = await api('GET', '/products', { key: null, headers: { 'x-api-key': sandbox.store.apiKey } });
    expect(header.status).toBe(200);
    expect(header.json.data).toEqual(bearer.json.data);
  });

  it('refuses a missing, wrong, malformed or non-Bearer key with 401 API_KEY_INVALID', async () => {
    const { api, sandbox } = await start();
    const wrongKey = `svc_sk_${'A'.repeat(40)}`;
    const attempts = [
      await api('GET', '/orders', { key: null }),
      await api('GET', '/orders', { key: wrongKey }),
      await api('GET', '/orders', { key: null, headers: { 'x-api-key': wrongKey } }),
      await api('GET', '/orders', { key: null, headers: { authorization: `Basic ${sandbox.store.apiKey}` } }),
      await api('GET', '/orders', { key: sandbox.store.apiKey.slice(0, -1) }),
      await api('POST', '/orders/whatever/take', { key: null }),
    ];
    for (const reply of attempts) {
      expect(reply.status).toBe(401);
      expect(reply.json).toEqual({ success: false, error: expect.objectContaining({ code: 'API_KEY_INVALID' }) });
    }
  });

  it('issues keys of the spec format and never echoes them', async () => {
    const { sandbox, control, api } = await start();
    const second = control.createStore();
    for (const key of [sandbox.store.apiKey, second.apiKey]) expect(key).toMatch(/^svc_sk_[A-Za-z0-9]{40}$/);
    expect(second.apiKey).not.toBe(sandbox.store.apiKey);
    const refused = await api('GET', '/orders', { key: `${sandbox.store.apiKey}x` });
    expect(refused.text).not.toContain(sandbox.store.apiKey);
  });

  it('a revoked key fails at once, other stores keep working', async () => {
    const { sandbox, control, api } = await start();
    const other = control.createStore();
    expect((await api('GET', '/orders')).status).toBe(200);

    control.revokeKey(sandbox.store.apiKey);
    const revoked = await api('GET', '/orders');
    expect(revoked.status).toBe(401);
    expect(revoked.json.error.code).toBe('API_KEY_INVALID');
    expect((await api('GET', '/orders', { key: null, headers: { 'x-api-key': sandbox.store.apiKey } })).status).toBe(401);
    expect((await api('GET', '/orders', { key: other.apiKey })).status).toBe(200);
  });

  it('revoking an unknown key is an error with a code', async () => {
    const { control } = await start();
    expect(() => control.revokeKey(`svc_sk_${'b'.repeat(40)}`)).toThrow(expect.objectContaining({ code: 'KEY_NOT_FOUND' }));
  });

  it("a key never sees another store's orders", async () => {
    const { sandbox, control, api } = await start();
    const other = control.createStore({ name: 'Other' });
    const mine = control.createOrder();
    const theirs = control.createOrder({ storeId: other.storeId });

    const myList = await api('GET', '/orders');
    expect(myList.json.data.orders.map((order: { id: string }) => order.id)).toEqual([mine.id]);
    const theirList = await api('GET', '/orders', { key: other.apiKey });
    expect(theirList.json.data.orders.map((order: { id: string }) => order.id)).toEqual([theirs.id]);

    for (const [method, path] of [
      ['GET', `/orders/${theirs.id}`],
      ['POST', `/orders/${theirs.id}/take`],
      ['POST', `/orders/${theirs.id}/deliver`],
      ['POST', `/orders/${theirs.id}/cancel`],
      ['GET', `/orders/${theirs.id}/messages`],
      ['POST', `/orders/${theirs.id}/messages`],
    ] as const) {
      const reply = await api(method, path, method === 'POST' ? { body: { text: 'hi' } } : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.json.error.code).toBe('ORDER_NOT_FOUND');
    }
    // Nothing happened to their order.
    expect(control.order(theirs.id)?.status).toBe('paid');
    expect(control.messages(theirs.id)).toEqual([]);
    // And their products are not ours.
    const myProducts = (await api('GET', '/products')).json.data.products.map((product: { id: string }) => product.id);
    expect(myProducts).toEqual(control.products(sandbox.store.storeId).map((product) => product.id));
    expect(myProducts).not.toContain(control.products(other.storeId)[0]?.id);
  });
});
