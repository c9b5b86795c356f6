import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { call, manualClock, useSandbox } from './helpers.ts';

const start = useSandbox();

describe('sandbox control surface over HTTP (/_sandbox)', () => {
  it('creates a store and an order, and the new key sees it through /v1', async () => {
    const { sandbox, controlCall } = await start();
    const created = await controlCall('POST', '/stores', { body: { name: 'Second', products: 2 } });
    expect(created.status).toBe(200);
    const { storeId, apiKey } = created.json.data.store;
    expect(apiKey).toMatch(/^svc_sk_[A-Za-z0-9]{40}$/);

    const products = await controlCall('GET', `/stores/${storeId}/products`);
    expect(products.json.data.products).toHaveLength(2);
    const catalog = await controlCall('GET', `/stores/${storeId}/catalog`);
    expect(catalog.json.data.products.filter((p: { automationEnabled: boolean }) => !p.automationEnabled)).toHaveLength(1);

    const order = await controlCall('POST', '/orders', {
      body: {
        storeId,
        productId: products.json.data.products[1].id,
        quantity: 3,
        fieldValues: [{ label: 'Email', value: 'a@example.com' }],
      },
    });
    expect(order.status).toBe(200);
    const orderId = order.json.data.order.id;
    const listed = await call(sandbox.baseUrl, 'GET', '/orders', { key: apiKey });
    expect(listed.json.data.orders).toEqual([
      expect.objectContaining({ id: orderId, quantity: 3, fieldValues: [{ fieldId: 'field_1', label: 'Email', value: 'a@example.com' }] }),
    ]);
  });

  it('sets a status, confirms receipt, posts and lists buyer messages', async () => {
    const clock = manualClock();
    const { control, controlCall, api } = await start({ now: clock.now });
    const order = control.createOrder();
    const status = await controlCall('POST', `/orders/${order.id}/status`, { body: { status: 'awaiting_confirmation' } });
    expect(status.json.data.order.status).toBe('awaiting_confirmation');
    const confirmed = await controlCall('POST', `/orders/${order.id}/confirm`);
    expect(confirmed.json.data.order.status).toBe('completed');
    const again = await controlCall('POST', `/orders/${order.id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('ORDER_INVALID_STATUS');

    const posted = await controlCall('POST', `/orders/${order.id}/messages`, {
      body: { text: 'where is my <key> & 🎁', senderRole: 'buyer', createdAt: '2025-03-01T12:00:00.123Z' },
    });
    expect(posted.json.data.message).toMatchObject({ senderRole: 'buyer', createdAt: '2025-03-01T12:00:00.123Z' });
    const listed = await controlCall('GET', `/orders/${order.id}/messages`);
    expect(listed.json.data.messages).toEqual([posted.json.data.message]);
    expect((await api('GET', `/orders/${order.id}/messages`)).json.data.messages).toEqual([posted.json.data.message]);
    const shown = await controlCall('GET', `/orders/${order.id}`);
    expect(shown.json.data.order).toMatchObject({ id: order.id, status: 'completed', refunded: false });
  });

  it('revokes a key', async () => {
    const { sandbox, controlCall, api } = await start();
    const revoked = await controlCall('POST', '/keys/revoke', { body: { apiKey: sandbox.store.apiKey } });
    expect(revoked.json.data).toEqual({ revoked: true });
    expect((await api('GET', '/orders')).json.error.code).toBe('API_KEY_INVALID');
    const unknown = await controlCall('POST', '/keys/revoke', { body: { apiKey: 'svc_sk_nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('svc_sk_nope');
  });

  it('breaks and heals the API, for a while or until told', async () => {
    const clock = manualClock();
    const { controlCall, api } = await start({ now: clock.now });
    expect((await controlCall('POST', '/break', { body: { mode: 'http503', forMs: 1000 } })).json.data).toEqual({
      mode: 'http503',
      untilMs: clock.now() + 1000,
    });
    expect((await api('GET', '/orders')).status).toBe(503);
    // The control surface itself is never broken.
    expect((await controlCall('GET', '/stats')).status).toBe(200);
    clock.advance(1000);
    expect((await api('GET', '/orders')).status).toBe(200);

    await controlCall('POST', '/break', { body: { mode: 'html' } });
    expect((await api('GET', '/orders')).headers.get('content-type')).toContain('text/html');
    await controlCall('POST', '/heal');
    expect((await api('GET', '/orders')).status).toBe(200);
  });

  it('reports and resets stats', async () => {
    const { controlCall, api } = await start();
    await api('GET', '/products');
    await api('GET', '/orders/ord_x');
    const stats = await controlCall('GET', '/stats');
    expect(stats.json.data).toEqual({
      byStatus: { 200: 1, 404: 1 },
      byRoute: { 'GET /products': 1, 'GET /orders/{id}': 1 },
      total: 2,
    });
    await controlCall('POST', '/stats/reset');
    expect((await controlCall('GET', '/stats')).json.data.total).toBe(0);
  });

  it('answers bad input with VALIDATION_ERROR and unknown things with 404 codes', async () => {
    const { controlCall } = await start();
    const cases: [string, string, object | undefined, number, string][] = [
      ['POST', '/stores', { products: 0 }, 400, 'VALIDATION_ERROR'],
      ['POST', '/orders', { quantity: -1 }, 400, 'VALIDATION_ERROR'],
      ['POST', '/orders', { storeId: 'sto_missing' }, 404, 'STORE_NOT_FOUND'],
      ['POST', '/orders', { productId: 'prd_missing' }, 404, 'PRODUCT_NOT_FOUND'],
      ['POST', '/orders', { createdAt: 'last tuesday' }, 400, 'VALIDATION_ERROR'],
      ['GET', '/orders/ord_missing', undefined, 404, 'ORDER_NOT_FOUND'],
      ['POST', '/orders/ord_missing/messages', { text: 'hi' }, 404, 'ORDER_NOT_FOUND'],
      ['POST', '/break', { mode: 'teapot' }, 400, 'VALIDATION_ERROR'],
      ['GET', '/stores/sto_missing/products', undefined, 404, 'STORE_NOT_FOUND'],
      ['GET', '/nothing', undefined, 404, 'NOT_FOUND'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const reply = await controlCall(method, path, body === undefined ? {} : { body });
      expect(reply.status, `${method} ${path}`).toBe(status);
      expect(reply.json.error.code, `${method} ${path}`).toBe(code);
    }
    const malformed = await controlCall('POST', '/orders', { rawBody: '{oops' });
    expect(malformed.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('answers outside /v1 and /_sandbox with a 404 envelope', async () => {
    const { sandbox } = await start();
    const reply = await call(sandbox.baseUrl.replace(/\/v1$/, ''), 'GET', '/v2/products');
    expect(reply.status).toBe(404);
    expect(reply.json.error.code).toBe('NOT_FOUND');
  });
});

const externalIPv4 = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

describe('sandbox control surface access', () => {
  it.skipIf(externalIPv4 === undefined)('refuses clients that are not on loopback with 403 FORBIDDEN', async () => {
    const { sandbox } = await start({ host: externalIPv4 });
    const origin = sandbox.baseUrl.replace(/\/v1$/, '');
    const reply = await call(origin, 'GET', '/_sandbox/stats');
    expect(reply.status).toBe(403);
    expect(reply.json.error.code).toBe('FORBIDDEN');
    // The API itself is for everyone with a key.
    expect((await call(sandbox.baseUrl, 'GET', '/products', { key: sandbox.store.apiKey })).status).toBe(200);
  });
});
