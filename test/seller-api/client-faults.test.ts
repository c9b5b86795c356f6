/**
 * The client against a misbehaving store. The store is a real loopback HTTP server driven by a script
 * (see support/scripted-server.ts for why not nock); waits are measured through an injected sleep and clock,
 * never wall time.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abortableSleep } from '../../src/shared/sleep.ts';
import { createSellerApiClient, type SellerApiClient, type SellerApiClientOptions } from '../../src/seller-api/client.ts';
import type { SellerApiError } from '../../src/seller-api/errors.ts';
import { listAllOrders } from '../../src/seller-api/paging.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { failure } from './support/failure.ts';
import { closedPort, fail, ok, startScriptedServer, type ScriptedServer } from './support/scripted-server.ts';

const API_KEY = 'svc_sk_' + 'k3Y5ecReT0123456789abcdefghijABCDEFGHIJ0';
const ORDER = 'ord-1' as OrderId;
const NOW = Date.parse('2025-03-01T12:00:00Z');
const paidOrder = { id: 'ord-1', status: 'paid', createdAt: '2025-03-01T11:00:00Z', productTitle: 'Key', amount: 10 };

let server: ScriptedServer;
let sleeps: number[];
let clients: SellerApiClient[];

beforeEach(async () => {
  server = await startScriptedServer();
  sleeps = [];
  clients = [];
});

afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.close();
});

/** A client with millisecond retries, a pinned clock and a sleep that records and returns at once. */
function client(overrides: Partial<SellerApiClientOptions> = {}): SellerApiClient {
  const created = createSellerApiClient({
    baseUrl: server.baseUrl,
    apiKey: API_KEY,
    logger: pino({ level: 'silent' }),
    retry: { maxAttempts: 3, baseDelayMs: 8, maxDelayMs: 20 },
    timeouts: { headersMs: 150, bodyMs: 150, connectMs: 500 },
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
  clients.push(created);
  return created;
}

describe('requests the client sends', () => {
  it('sends bearer auth and JSON, and tolerates a trailing slash on the base URL', async () => {
    server.script(ok({ orders: [], total: 0, page: 2, limit: 5 }), ok({ order: paidOrder }), ok({ order: paidOrder }));
    const api = client({ baseUrl: `${server.baseUrl}/` });

    await api.listOrders({ status: 'processing', page: 2, limit: 5 });
    await api.takeOrder(ORDER, { idempotencyKey: 'idem-1' });
    await api.cancelOrder(ORDER);

    const [list, take, cancel] = server.requests;
    expect(list?.url).toBe('/v1/orders?status=processing&page=2&limit=5');
    expect(list?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(list?.headers.accept).toBe('application/json');
    expect(take).toMatchObject({ method: 'POST', url: '/v1/orders/ord-1/take', body: '' });
    expect(take?.headers['idempotency-key']).toBe('idem-1');
    expect(take?.headers['content-type']).toBeUndefined();
    expect(cancel).toMatchObject({ method: 'POST', url: '/v1/orders/ord-1/cancel', body: '{}' });
    expect(cancel?.headers['content-type']).toBe('application/json');
    expect(cancel?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends the issued value in the configured deliver field, and {} without a value', async () => {
    server.script(ok({ order: paidOrder }), ok({ order: paidOrder }), ok({ order: paidOrder }));
    await client().deliverOrder(ORDER, 'CODE-123');
    await client().deliverOrder(ORDER, undefined);
    await client({ deliverField: 'value' }).deliverOrder(ORDER, 'CODE-9');

    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([{ deliveredValue: 'CODE-123' }, {}, { value: 'CODE-9' }]);
  });

  it('encodes order ids in paths and passes message cursor and limit', async () => {
    server.script(
      ok({ messages: [], nextCursor: null }),
      ok({ message: { id: 'm1', senderRole: 'seller', text: 'hi', createdAt: '2025-03-01T12:00:00Z' } }),
    );
    const api = client();
    await api.listMessages('a/b c' as OrderId, { cursor: '2025-03-01T12:00:00.000Z' as never, limit: 7 });
    const message = await api.postMessage(ORDER, 'hello', { idempotencyKey: 'idem-msg' });

    expect(server.requests[0]?.url).toBe('/v1/orders/a%2Fb%20c/messages?cursor=2025-03-01T12%3A00%3A00.000Z&limit=7');
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ text: 'hello' });
    expect(server.requests[1]?.headers['idempotency-key']).toBe('idem-msg');
    expect(message).toMatchObject({ id: 'm1', senderRole: 'seller', text: 'hi' });
  });
});

describe('error codes of the spec', () => {
  it.each([
    ['API_KEY_INVALID', 401],
    ['ORDER_NOT_FOUND', 404],
    ['ORDER_INVALID_STATUS', 409],
    ['VALIDATION_ERROR', 400],
  ] as const)('%s is thrown as its own code, once, without retry', async (code, status) => {
    server.script(fail(status, code));
    const api = client();
    const error = await failure(api.takeOrder(ORDER, { idempotencyKey: 'idem' }));

    expect(error).toMatchObject({ code, status, attempts: 1 });
    expect(error.message).toContain(code);
    expect(server.requests).toHaveLength(1);
    expect(api.requestCount()).toBe(1);
  });

  it('acts on the code, not the status: ORDER_NOT_FOUND on a 200 or a 500 is still ORDER_NOT_FOUND', async () => {
    server.script(fail(200, 'ORDER_NOT_FOUND'), fail(500, 'ORDER_NOT_FOUND'));
    const api = client();
    expect(await failure(api.getOrder(ORDER))).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 200 });
    expect(await failure(api.getOrder(ORDER))).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 500, attempts: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('RATE_LIMIT is retried and, when it persists, thrown after the bounded attempts', async () => {
    server.fallback = fail(429, 'RATE_LIMIT', { 'retry-after': '1' });
    const error = await failure(client().listOrders());

    expect(error).toMatchObject({ code: 'RATE_LIMIT', status: 429, attempts: 3 });
    expect(error.message).toContain('gave up after 3 attempts');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('an unknown code becomes API_ERROR keeping the code and status; final on 4xx, retried on 5xx', async () => {
    server.script(fail(422, 'PRODUCT_DISABLED'));
    const final = await failure(client().getOrder(ORDER));
    expect(final).toMatchObject({ code: 'API_ERROR', apiCode: 'PRODUCT_DISABLED', status: 422, attempts: 1 });

    server.script(fail(503, 'MAINTENANCE'), ok({ order: paidOrder }));
    await expect(client().getOrder(ORDER)).resolves.toMatchObject({ id: 'ord-1' });
    expect(server.requests).toHaveLength(3);
  });

  it('a 401 whose body is not the envelope is still API_KEY_INVALID', async () => {
    server.script({ status: 401, raw: '<html>Unauthorized</html>' });
    expect(await failure(client().listProducts())).toMatchObject({ code: 'API_KEY_INVALID', status: 401 });
    expect(server.requests).toHaveLength(1);
  });
});

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
    expect(api.rateLimit()).toEqual({ limit: 60, remaining: 59, resetAt: NOW + 60_000, observedAt: NOW });
    expect(api.requestCount()).toBe(2);
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

describe('tolerance of the spec gaps', () => {
  it('accepts unknown statuses, unknown senderRoles and absent optional fields', async () => {
    server.script(
      ok({ order: { id: 'ord-1', status: 'refunded' } }),
      ok({
        messages: [
          { id: 'm1', senderRole: 'moderator', text: 'hi', createdAt: '2025-03-01T12:00:00Z' },
          { id: 'm2', createdAt: '2025-03-01T12:00:01Z' },
        ],
      }),
      ok({ orders: [{ id: 'o9', status: 'disputed', amount: null, fieldValues: null }] }),
    );
    const api = client();

    const order = await api.getOrder(ORDER);
    expect(order).toMatchObject({ id: 'ord-1', status: 'refunded' });
    expect([order.createdAt, order.amount, order.fieldValues, order.assigneeType]).toEqual([undefined, undefined, undefined, undefined]);
    const page = await api.listMessages(ORDER);
    expect(page.messages).toMatchObject([
      { id: 'm1', senderRole: 'moderator' },
      { id: 'm2', senderRole: 'unknown', text: '' },
    ]);
    expect(page.nextCursor).toBeUndefined();
    const orders = await api.listOrders();
    expect(orders.orders).toMatchObject([{ id: 'o9', status: 'disputed' }]);
    expect([orders.orders[0]?.amount, orders.orders[0]?.fieldValues, orders.total]).toEqual([undefined, undefined, undefined]);
  });

  it('accepts 201 as a success status', async () => {
    server.script({
      status: 201,
      body: { success: true, data: { message: { id: 'm1', senderRole: 'seller', text: 'x', createdAt: '2025-03-01T12:00:00Z' } } },
    });
    await expect(client().postMessage(ORDER, 'x')).resolves.toMatchObject({ id: 'm1' });
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

describe('the key stays secret', () => {
  it('never appears in error messages, error JSON or logs, even when the server echoes it', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const echo = (request: { headers: Record<string, unknown> }, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>you sent ${String(request.headers.authorization)}</html>`);
    };
    server.fallback = echo;
    const api = client({ logger });
    const errors: SellerApiError[] = [await failure(api.listOrders())];
    server.fallback = fail(401, 'API_KEY_INVALID');
    errors.push(await failure(api.takeOrder(ORDER)));
    const refused = client({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, logger, retry: { maxAttempts: 1 } });
    errors.push(await failure(refused.listProducts()));

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('[redacted]');
    for (const text of [...lines, ...errors.map((error) => `${error.message} ${error.stack} ${JSON.stringify(error)}`)]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(API_KEY.slice(7));
    }
  });
});

describe('a list with records that do not match the spec', () => {
  const logLines = () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { lines, logger: pino({ level: 'warn' }, destination) };
  };

  it('uses the good orders, skips the bad ones with a warning, and does not retry the page', async () => {
    const { lines, logger } = logLines();
    const broken = [{ id: 42, status: 'paid' }, { id: 'ord-3', status: null }, 'not an object'];
    server.script(ok({ orders: [paidOrder, ...broken, { id: 'ord-2', status: 'processing' }], total: 5, page: 1, limit: 10 }));
    const page = await client({ logger }).listOrders();

    expect(page.orders.map((order) => order.id)).toEqual(['ord-1', 'ord-2']);
    expect(page.skipped?.map((record) => record.index)).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(1);
    const warning = lines.find((line) => line.includes('skipped'));
    expect(warning).toContain('"skippedCount":3');
    expect(warning).toContain('GET /orders');
  });

  it('skips a message without createdAt and keeps the others of the page', async () => {
    server.script(
      ok({
        messages: [
          { id: 'm1', senderRole: 'buyer', text: 'hi', createdAt: '2025-03-01T11:00:00Z' },
          { id: 'm2', senderRole: 'buyer', text: 'no time' },
          { id: 'm3', senderRole: 'buyer', text: 'still here', createdAt: '2025-03-01T11:00:01Z' },
        ],
        nextCursor: null,
      }),
    );
    const page = await client().listMessages(ORDER);
    expect(page.messages.map((message) => message.id)).toEqual(['m1', 'm3']);
    expect(page.skipped).toEqual([{ index: 1, problems: [expect.stringContaining('createdAt')] }]);
  });

  it('keeps paging past a full page that had a malformed record', async () => {
    const order = (id: string) => ({ ...paidOrder, id });
    server.script(
      ok({ orders: [order('a'), { id: 7 }, order('b')], total: 5, page: 1, limit: 3 }),
      ok({ orders: [order('c'), order('d')], total: 5, page: 2, limit: 3 }),
    );
    const orders = await listAllOrders(client(), { limit: 3 });
    expect(orders.map((found) => found.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/orders?page=1&limit=3', '/v1/orders?page=2&limit=3']);
  });

  it('still treats a list that is not a list as a garbled answer', async () => {
    server.script(ok({ orders: 'nope' }), ok({ orders: 'nope' }), ok({ orders: 'nope' }));
    const error = await failure(client().listOrders());
    expect(error.code).toBe('TRANSPORT');
    expect(server.requests).toHaveLength(3);
  });
});
