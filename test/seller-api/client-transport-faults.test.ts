/**
 * The client against a store that fails on the way: 5xx, garbled bodies, hangs, resets and refused connections,
 * which of them are retried (POSTs only with an idempotency key), and aborting a request or a wait.
 */
import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../src/shared/sleep.ts';
import { client, ORDER, paidOrder, server, sleeps, useScriptedStore } from './support/client-harness.ts';
import { failure } from './support/failure.ts';
import { closedPort, fail, ok } from './support/scripted-server.ts';

useScriptedStore();

describe('transient failures', () => {
  it('a 503 is retried with jittered backoff, then succeeds', async () => {
    server.script({ status: 503, raw: '<html>Service Unavailable</html>' }, ok({ order: paidOrder }));
    const order = await client().getOrder(ORDER);
    expect(order.id).toBe('ord-1');
    expect(server.requests).toHaveLength(2);
    // Full jitter: random() 0.5 of the first ceiling (base 8 ms).
    expect(sleeps).toEqual([4]);
  });

  it('a 503 with Retry-After waits as told', async () => {
    server.script({ status: 503, raw: 'maintenance', headers: { 'retry-after': '3' } }, ok({ order: paidOrder }));
    await client().getOrder(ORDER);
    expect(sleeps).toEqual([3000]);
  });

  it('an HTML body on a 200 is retried, then reported as TRANSPORT with the attempts', async () => {
    server.fallback = { status: 200, raw: '<!doctype html><title>Captive portal</title>' };
    const api = client();
    const error = await failure(api.listOrders());

    expect(error).toMatchObject({ code: 'TRANSPORT', status: 200, attempts: 3, mayHaveReachedServer: true });
    expect(error.message).toMatch(/not JSON \(text\/html\).*gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
    expect(api.requestCount()).toBe(3);
    // Backoff ceilings double: 8, 16 (random 0.5).
    expect(sleeps).toEqual([4, 8]);
  });

  it.each([
    ['an empty body', { status: 200, raw: '' }],
    ['JSON that is not the envelope', { status: 200, body: { orders: [] } }],
    ['a success envelope whose data does not fit', { status: 200, body: { success: true, data: { orders: 'none' } } }],
    ['a failure envelope without a code', { status: 200, body: { success: false, error: {} } }],
  ] as const)('%s is TRANSPORT, retried', async (_name, reply) => {
    server.fallback = reply;
    const error = await failure(client().listOrders());
    expect(error).toMatchObject({ code: 'TRANSPORT', attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it('a garbled answer is retried and a good one after it is used', async () => {
    server.script({ status: 502, raw: 'Bad Gateway' }, { status: 200, raw: '' }, ok({ products: [{ id: 'p1' }] }));
    await expect(client().listProducts()).resolves.toEqual([
      { id: 'p1', title: undefined, price: undefined, active: undefined, fields: undefined },
    ]);
  });

  // undici checks its parser timeouts on a coarse (~0.5-1 s) tick, so each timed-out attempt costs about a second:
  // two attempts are enough to show the retry.
  it('a response that never comes hits the headers timeout, is retried, then TRANSPORT', async () => {
    server.fallback = 'hang';
    const started = Date.now();
    const error = await failure(client({ timeouts: { headersMs: 100 }, retry: { maxAttempts: 2 } }).getOrder(ORDER));

    expect(error).toMatchObject({ code: 'TRANSPORT', attempts: 2, mayHaveReachedServer: true });
    expect(error.message).toContain('UND_ERR_HEADERS_TIMEOUT');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('connection refused is retried for every method, and marked as not having reached the store', async () => {
    const api = client({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` });
    const error = await failure(api.postMessage(ORDER, 'hello'));

    expect(error).toMatchObject({ code: 'TRANSPORT', attempts: 3, mayHaveReachedServer: false });
    expect(error.message).toContain('ECONNREFUSED');
    expect(api.requestCount()).toBe(3);
  });
});

describe('POSTs and idempotency', () => {
  it('a POST without an idempotency key is not retried once it may have reached the store', async () => {
    server.script('reset');
    const api = client();
    const error = await failure(api.takeOrder(ORDER));

    expect(error).toMatchObject({ code: 'TRANSPORT', attempts: 1, mayHaveReachedServer: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a POST without a key is not retried after a 503 or a timeout either', async () => {
    server.script({ status: 503, raw: 'busy' }, 'hang');
    const api = client({ timeouts: { headersMs: 100 } });
    expect(await failure(api.cancelOrder(ORDER))).toMatchObject({ code: 'TRANSPORT', status: 503, attempts: 1 });
    expect(await failure(api.deliverOrder(ORDER, 'v'))).toMatchObject({ code: 'TRANSPORT', attempts: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('a chat post is never retried blindly, even with a key (the spec does not promise one there)', async () => {
    server.script('reset');
    const error = await failure(client().postMessage(ORDER, 'hello', { idempotencyKey: 'idem-msg' }));
    expect(error).toMatchObject({ attempts: 1, mayHaveReachedServer: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a POST with a key is retried after a reset and a 503, with the same key every time', async () => {
    server.script('reset', { status: 503, raw: 'busy' }, ok({ order: { ...paidOrder, status: 'processing', assigneeType: 'api' } }));
    const order = await client().takeOrder(ORDER, { idempotencyKey: 'idem-take-1' });

    expect(order).toMatchObject({ status: 'processing', assigneeType: 'api' });
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual(['idem-take-1', 'idem-take-1', 'idem-take-1']);
  });
});

describe('abort', () => {
  it('aborts a request in flight with the caller’s reason', async () => {
    server.fallback = 'hang';
    const controller = new AbortController();
    const pending = client({ timeouts: { headersMs: 10_000 } }).getOrder(ORDER, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 30);
    await expect(pending).rejects.toThrow('shutting down');
    expect(server.requests).toHaveLength(1);
  });

  it('aborts a rate-limit wait without sending again', async () => {
    server.fallback = fail(429, 'RATE_LIMIT', { 'retry-after': '30' });
    const controller = new AbortController();
    const api = client({ sleep: abortableSleep });
    const started = Date.now();
    const pending = api.listOrders({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 50);

    await expect(pending).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const api = client();
    await expect(api.listProducts({ signal: AbortSignal.abort() })).rejects.toThrow();
    expect(api.requestCount()).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});
