/**
 * The client against a store that rate-limits: 429s and their hints (Retry-After, RateLimit-*), and waiting out a
 * spent budget before asking. Waits are read from the recording sleep, never wall time.
 */
import { describe, expect, it } from 'vitest';
import { client, NOW, ORDER, paidOrder, server, sleeps, useScriptedStore } from './support/client-harness.ts';
import { fail, ok } from './support/scripted-server.ts';

useScriptedStore();

describe('rate limits', () => {
  it('a 429 with RateLimit headers waits for the reset, retries and succeeds; rateLimit() shows the headers', async () => {
    const api = client();
    expect(api.rateLimit()).toBeUndefined();
    server.script(
      fail(429, 'RATE_LIMIT', { 'ratelimit-limit': '60', 'ratelimit-remaining': '0', 'ratelimit-reset': '3' }),
      ok(
        { orders: [paidOrder], total: 1, page: 1, limit: 50 },
        { 'ratelimit-limit': '60', 'ratelimit-remaining': '59', 'ratelimit-reset': '60' },
      ),
    );

    const page = await api.listOrders();

    expect(page.orders.map((order) => order.id)).toEqual(['ord-1']);
    expect(sleeps).toEqual([3000]);
    expect(api.rateLimit()).toEqual({ limit: 60, remaining: 59, resetAt: NOW + 60_000, observedAt: NOW, sentCount: 2 });
    expect(api.requestCount()).toBe(2);
  });

  it('keeps the answer of the newest request when answers of requests in flight together come back out of order', async () => {
    const api = client();
    const headers = (remaining: number) => ({ 'ratelimit-limit': '60', 'ratelimit-remaining': String(remaining), 'ratelimit-reset': '60' });
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    server.script(
      (_request, res) => {
        // The older request's answer (more left) arrives last.
        void firstHeld.then(() => {
          res.writeHead(200, { 'content-type': 'application/json', ...headers(5) });
          res.end(JSON.stringify({ success: true, data: { products: [] } }));
        });
      },
      ok({ products: [] }, headers(4)),
    );
    const first = api.listProducts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await api.listProducts();
    releaseFirst();
    await first;
    expect(api.rateLimit()).toMatchObject({ remaining: 4, sentCount: 2 });
  });

  it('Retry-After (seconds) wins over RateLimit-Reset', async () => {
    server.script(fail(429, 'RATE_LIMIT', { 'retry-after': '2', 'ratelimit-reset': '10' }), ok({ products: [] }));
    await client().listProducts();
    expect(sleeps).toEqual([2000]);
  });

  it('Retry-After as an HTTP date is measured from the clock', async () => {
    const at = new Date(NOW + 7_000).toUTCString();
    server.script(fail(429, 'RATE_LIMIT', { 'retry-after': at }), ok({ products: [] }));
    await client().listProducts();
    expect(sleeps).toEqual([7000]);
  });

  it('an absolute epoch RateLimit-Reset is understood', async () => {
    server.script(fail(429, 'RATE_LIMIT', { 'ratelimit-reset': String(NOW / 1000 + 4) }), ok({ products: [] }));
    await client().listProducts();
    expect(sleeps).toEqual([4000]);
  });

  it('a single wait is capped, and a 429 without any hint waits the default', async () => {
    server.script(fail(429, 'RATE_LIMIT', { 'retry-after': '3600' }), fail(429, 'RATE_LIMIT'), ok({ products: [] }));
    await client({ maxRateLimitWaitMs: 5_000, defaultRateLimitWaitMs: 750 }).listProducts();
    expect(sleeps).toEqual([5000, 750]);
  });

  it('a 429 is retried even for a POST without an idempotency key: it was not processed', async () => {
    server.script(fail(429, 'RATE_LIMIT', { 'retry-after': '1' }), ok({ message: { id: 'm1', createdAt: '2025-03-01T12:00:00Z' } }));
    const message = await client().postMessage(ORDER, 'hello');
    expect(message.id).toBe('m1');
    expect(server.requests).toHaveLength(2);
  });

  it('when the budget is known to be spent, the next request waits for the reset instead of earning a 429', async () => {
    server.script(
      ok({ products: [] }, { 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': '2' }),
      ok({ products: [] }, { 'ratelimit-limit': '10', 'ratelimit-remaining': '9', 'ratelimit-reset': '60' }),
    );
    const api = client();
    await api.listProducts();
    expect(sleeps).toEqual([]);
    await api.listProducts();
    expect(sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('reads the combined draft header and X-RateLimit fallbacks', async () => {
    server.script(
      ok({ products: [] }, { ratelimit: 'limit=100, remaining=42, reset=30' }),
      ok({ products: [] }, { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': '9' }),
      ok({ products: [] }),
    );
    const api = client();
    await api.listProducts();
    expect(api.rateLimit()).toMatchObject({ limit: 100, remaining: 42, resetAt: NOW + 30_000 });
    await api.listProducts();
    expect(api.rateLimit()).toMatchObject({ limit: 5, remaining: 4, resetAt: NOW + 9_000 });
    await api.listProducts();
    // An answer without the headers keeps the last snapshot.
    expect(api.rateLimit()).toMatchObject({ limit: 5, remaining: 4 });
  });
});
