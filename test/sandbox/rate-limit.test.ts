import { describe, expect, it } from 'vitest';
import { manualClock, useSandbox } from './helpers.ts';

const start = useSandbox();

const rateHeaders = (headers: Headers) => ({
  limit: headers.get('ratelimit-limit'),
  remaining: headers.get('ratelimit-remaining'),
  reset: headers.get('ratelimit-reset'),
});

describe('sandbox rate limit (spec part 8, README "API assumptions")', () => {
  it('sends RateLimit-* headers on every /v1 response, whatever its outcome', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now, rateLimit: { limit: 50, windowMs: 10_000 } });
    const order = control.createOrder();
    const replies = [
      await api('GET', '/products'),
      await api('GET', '/orders'),
      await api('GET', `/orders/${order.id}`),
      await api('GET', '/orders/ord_missing'),
      await api('POST', `/orders/${order.id}/deliver`),
      await api('POST', `/orders/${order.id}/messages`, { body: {} }),
      await api('GET', '/orders?page=0'),
      await api('GET', '/no-such-route'),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 404, 409, 400, 400, 404]);
    replies.forEach((reply, index) => {
      expect(rateHeaders(reply.headers)).toEqual({ limit: '50', remaining: String(50 - index - 1), reset: '10' });
    });
    const unauthorised = await api('GET', '/orders', { key: null });
    expect(unauthorised.status).toBe(401);
    expect(rateHeaders(unauthorised.headers).limit).toBe('50');
  });

  it('answers 429 RATE_LIMIT with Retry-After when the budget is spent, and does not act', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now, rateLimit: { limit: 3, windowMs: 60_000 } });
    const order = control.createOrder();
    for (let i = 0; i < 3; i += 1) expect((await api('GET', '/orders')).status).toBe(200);
    clock.advance(20_500);
    const limited = await api('POST', `/orders/${order.id}/take`);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ success: false, error: expect.objectContaining({ code: 'RATE_LIMIT' }) });
    // 39.5 s left in the window: whole seconds, rounded up.
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(rateHeaders(limited.headers)).toEqual({ limit: '3', remaining: '0', reset: '40' });
    expect(control.order(order.id)?.status).toBe('paid');

    clock.advance(39_500);
    const fresh = await api('POST', `/orders/${order.id}/take`);
    expect(fresh.status).toBe(200);
    expect(rateHeaders(fresh.headers)).toEqual({ limit: '3', remaining: '2', reset: '60' });
  });

  it('counts per key: one store spending its budget does not limit another', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now, rateLimit: { limit: 2, windowMs: 1000 } });
    const other = control.createStore();
    await api('GET', '/orders');
    await api('GET', '/orders');
    expect((await api('GET', '/orders')).status).toBe(429);
    const theirs = await api('GET', '/orders', { key: other.apiKey });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('rounds a sub-second reset up to 1', async () => {
    const { api } = await start({ rateLimit: { limit: 1, windowMs: 200 } });
    await api('GET', '/orders');
    const limited = await api('GET', '/orders');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit-reset')).toBe('1');
  });

  it('sends no RateLimit headers when unlimited', async () => {
    const { api } = await start();
    const reply = await api('GET', '/orders');
    expect(reply.status).toBe(200);
    expect(rateHeaders(reply.headers)).toEqual({ limit: null, remaining: null, reset: null });
  });

  it('counts every response by status and route in stats()', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now, rateLimit: { limit: 3, windowMs: 1000 } });
    const order = control.createOrder();
    await api('GET', '/orders');
    await api('POST', `/orders/${order.id}/take`);
    await api('POST', `/orders/${order.id}/take`);
    await api('GET', '/orders', { key: null }); // its own (keyless) budget
    await api('GET', '/orders'); // the key's fourth request
    expect(control.stats()).toEqual({
      byStatus: { 200: 2, 409: 1, 401: 1, 429: 1 },
      byRoute: { 'GET /orders': 3, 'POST /orders/{id}/take': 2 },
      total: 5,
    });
    control.resetStats();
    expect(control.stats()).toEqual({ byStatus: {}, byRoute: {}, total: 0 });
  });
});
