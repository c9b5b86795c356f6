/**
 * The client's wire contract against a scripted store: the requests it sends, the spec's error codes, and how it
 * reads answers that stretch or break the spec (unknown values, malformed records), without ever leaking the key.
 */
import { describe, expect, it } from 'vitest';
import type { SellerApiError } from '../../src/seller-api/errors.ts';
import { listAllOrders } from '../../src/seller-api/paging.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { API_KEY, client, ORDER, paidOrder, server, sleeps, useScriptedStore } from './support/client-harness.ts';
import { failure } from './support/failure.ts';
import { logLines } from '../support/log-lines.ts';
import { closedPort, fail, ok } from './support/scripted-server.ts';

useScriptedStore();

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

describe('the key stays secret', () => {
  it('never appears in error messages, error JSON or logs, even when the server echoes it', async () => {
    const { lines, logger } = logLines('debug');
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

  // A message without createdAt is kept (odd-fields.test.ts); one without an id cannot be relayed once and only once.
  it('skips a message without an id and keeps the others of the page', async () => {
    server.script(
      ok({
        messages: [
          { id: 'm1', senderRole: 'buyer', text: 'hi', createdAt: '2025-03-01T11:00:00Z' },
          { senderRole: 'buyer', text: 'no id', createdAt: '2025-03-01T11:00:00Z' },
          { id: 'm3', senderRole: 'buyer', text: 'still here', createdAt: '2025-03-01T11:00:01Z' },
        ],
        nextCursor: null,
      }),
    );
    const page = await client().listMessages(ORDER);
    expect(page.messages.map((message) => message.id)).toEqual(['m1', 'm3']);
    expect(page.skipped).toEqual([{ index: 1, problems: [expect.stringContaining('id')] }]);
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
