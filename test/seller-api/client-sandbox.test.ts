/**
 * The client and the paging helpers against the sandbox store over real loopback HTTP: the whole life of an
 * order, the errors a store gives, idempotent replay, store isolation, paging, the message cursor, and the
 * sandbox's own faults and rate limit.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/contract.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { createSellerApiClient, type SellerApiClient, type SellerApiClientOptions } from '../../src/seller-api/client.ts';
import { listAllOrders, listMessagesAfter } from '../../src/seller-api/paging.ts';
import type { Cursor, OrderId } from '../../src/seller-api/schemas.ts';
import { failure } from './support/failure.ts';

let sandbox: SandboxHandle;
let clients: SellerApiClient[];

async function start(options: SandboxOptions = {}): Promise<void> {
  sandbox = await startSandbox(options);
}

beforeEach(() => {
  clients = [];
});

afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await sandbox?.close();
});

function client(overrides: Partial<SellerApiClientOptions> = {}): SellerApiClient {
  const created = createSellerApiClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.store.apiKey,
    logger: pino({ level: 'silent' }),
    retry: { maxAttempts: 3, baseDelayMs: 2, maxDelayMs: 10 },
    timeouts: { headersMs: 2_000, bodyMs: 2_000, connectMs: 1_000 },
    // Jitter never rounds a wait to 0 ms here: tests that heal the store inside `sleep` rely on it being called.
    random: () => 0.5,
    ...overrides,
  });
  clients.push(created);
  return created;
}

/**
 * A rate-limited sandbox and a client sharing one pinned clock: the client's waits move the clock, so the
 * window resets without anyone sleeping.
 */
async function clockedStoreAndClient(rateLimit: { limit: number; windowMs: number }, overrides: Partial<SellerApiClientOptions> = {}) {
  let clock = Date.parse('2025-03-01T12:00:00Z');
  await start({ rateLimit, now: () => clock });
  const waits: number[] = [];
  const api = client({
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    ...overrides,
  });
  return { api, waits, now: () => clock };
}

const paidOrder = (input: Parameters<SandboxHandle['control']['createOrder']>[0] = {}) =>
  sandbox.control.createOrder({ storeId: sandbox.store.storeId, ...input }).id as OrderId;

describe('orders through their life', () => {
  beforeEach(() => start());

  it('take → processing by api, deliver with a value → awaiting_confirmation, buyer confirms → completed', async () => {
    const api = client();
    const id = paidOrder();

    const listed = await api.listOrders();
    expect(listed.orders.map((order) => order.id)).toContain(id);

    const taken = await api.takeOrder(id, { idempotencyKey: 'take-1' });
    expect(taken).toMatchObject({ id, status: 'processing', assigneeType: 'api' });
    expect(Date.parse(taken.takenAt ?? '')).not.toBeNaN();

    const delivered = await api.deliverOrder(id, 'KEY-AAAA-BBBB', { idempotencyKey: 'deliver-1' });
    expect(delivered).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'KEY-AAAA-BBBB' });
    expect(Date.parse(delivered.deliveredAt ?? '')).not.toBeNaN();

    sandbox.control.confirmReceipt(id);
    expect(await api.getOrder(id)).toMatchObject({ id, status: 'completed', deliveredValue: 'KEY-AAAA-BBBB' });
  });

  it('delivers without a value', async () => {
    const api = client();
    const id = paidOrder();
    await api.takeOrder(id);
    const delivered = await api.deliverOrder(id, undefined);
    expect(delivered.status).toBe('awaiting_confirmation');
    expect(delivered.deliveredValue).toBeUndefined();
  });

  it('cancel refunds the buyer', async () => {
    const api = client();
    const id = paidOrder();
    const cancelled = await api.cancelOrder(id, { idempotencyKey: 'cancel-1' });
    expect(cancelled.status).toBe('cancelled');
    expect(sandbox.control.order(id)?.refunded).toBe(true);
  });

  it('illegal transitions answer ORDER_INVALID_STATUS and change nothing', async () => {
    const api = client();
    const paid = paidOrder();
    expect(await failure(api.deliverOrder(paid, 'x'))).toMatchObject({ code: 'ORDER_INVALID_STATUS', attempts: 1 });

    await api.takeOrder(paid);
    expect(await failure(api.takeOrder(paid))).toMatchObject({ code: 'ORDER_INVALID_STATUS' });

    await api.deliverOrder(paid, 'x');
    expect(await failure(api.cancelOrder(paid))).toMatchObject({ code: 'ORDER_INVALID_STATUS' });
    expect(sandbox.control.order(paid)).toMatchObject({ status: 'awaiting_confirmation', refunded: false });
  });

  it('an unknown order is ORDER_NOT_FOUND on every order endpoint', async () => {
    const api = client();
    const ghost = 'ord_missing' as OrderId;
    const calls = [
      api.getOrder(ghost),
      api.takeOrder(ghost),
      api.deliverOrder(ghost, 'v'),
      api.cancelOrder(ghost),
      api.listMessages(ghost),
      api.postMessage(ghost, 'hi'),
    ];
    for (const call of calls) expect(await failure(call)).toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });

  it('the same idempotency key twice gets the same answer and the store acts once', async () => {
    const api = client();
    const id = paidOrder();

    const first = await api.takeOrder(id, { idempotencyKey: 'take-once' });
    const again = await api.takeOrder(id, { idempotencyKey: 'take-once' });
    expect(again).toEqual(first);
    // A new key is a new request: the order is no longer paid, so it is refused.
    expect(await failure(api.takeOrder(id, { idempotencyKey: 'take-other' }))).toMatchObject({ code: 'ORDER_INVALID_STATUS' });

    const delivered = await api.deliverOrder(id, 'first value', { idempotencyKey: 'deliver-once' });
    const replayed = await api.deliverOrder(id, 'first value', { idempotencyKey: 'deliver-once' });
    expect(replayed).toEqual(delivered);
    expect(sandbox.control.order(id)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'first value' });
    expect(sandbox.control.order(id)?.takenAt).toBe(first.takenAt);
  });

  it('chat: posts as the seller, rejects an empty text, reads back', async () => {
    const api = client();
    const id = paidOrder();
    sandbox.control.postBuyerMessage(id, 'is it instant?');
    const posted = await api.postMessage(id, 'yes, within a minute');
    expect(posted).toMatchObject({ senderRole: 'seller', text: 'yes, within a minute' });

    expect(await failure(api.postMessage(id, '   '))).toMatchObject({ code: 'VALIDATION_ERROR', attempts: 1 });

    const page = await api.listMessages(id);
    expect(page.messages.map((message) => [message.senderRole, message.text])).toEqual([
      ['buyer', 'is it instant?'],
      ['seller', 'yes, within a minute'],
    ]);
  });

  it('lists only automation-enabled products', async () => {
    const products = await client().listProducts();
    const expected = sandbox.control.products(sandbox.store.storeId);
    expect(products.map((product) => product.id).sort()).toEqual(expected.map((product) => product.id).sort());
    const disabled = sandbox.control.catalog(sandbox.store.storeId).filter((product) => !product.automationEnabled);
    expect(disabled.length).toBeGreaterThan(0);
    for (const product of disabled) expect(products.map((p) => p.id)).not.toContain(product.id);
  });
});

describe('keys and stores', () => {
  beforeEach(() => start());

  it("a key of store B does not see store A's orders", async () => {
    const storeB = sandbox.control.createStore({ name: 'B' });
    const apiB = client({ apiKey: storeB.apiKey });
    const orderOfA = paidOrder();

    expect(await failure(apiB.getOrder(orderOfA))).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(await failure(apiB.takeOrder(orderOfA))).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(await failure(apiB.listMessages(orderOfA))).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await listAllOrders(apiB)).map((order) => order.id)).not.toContain(orderOfA);
    expect(sandbox.control.order(orderOfA)?.status).toBe('paid');
  });

  it('a revoked key is API_KEY_INVALID, at once and without retries', async () => {
    const api = client();
    await api.listProducts();
    sandbox.control.revokeKey(sandbox.store.apiKey);

    const error = await failure(api.listProducts());
    expect(error).toMatchObject({ code: 'API_KEY_INVALID', status: 401, attempts: 1 });
    expect(error.message).not.toContain(sandbox.store.apiKey);
    expect(api.requestCount()).toBe(2);
  });

  it('a wrong key is API_KEY_INVALID', async () => {
    expect(await failure(client({ apiKey: `svc_sk_${'x'.repeat(40)}` }).listOrders())).toMatchObject({ code: 'API_KEY_INVALID' });
  });
});

describe('paging', () => {
  beforeEach(() => start());

  it('listAllOrders reads every page, each order once, sorted by createdAt then id', async () => {
    const base = Date.parse('2025-03-01T10:00:00Z');
    const created: string[] = [];
    for (let n = 0; n < 23; n++) {
      // Pairs share a createdAt, to exercise the id tie-break.
      created.push(paidOrder({ createdAt: new Date(base + Math.floor(n / 2) * 1000).toISOString() }));
    }
    const taken = paidOrder();
    const api = client();
    await api.takeOrder(taken);
    const before = api.requestCount();

    const orders = await listAllOrders(api, { limit: 5 });

    expect(orders.map((order) => order.id)).toEqual(
      [...created].sort((a, b) => {
        const ta = Date.parse(sandbox.control.order(a)?.createdAt ?? '');
        const tb = Date.parse(sandbox.control.order(b)?.createdAt ?? '');
        return ta - tb || (a < b ? -1 : a > b ? 1 : 0);
      }),
    );
    expect(api.requestCount() - before).toBe(5);

    const processing = await listAllOrders(api, { status: 'processing' });
    expect(processing.map((order) => order.id)).toEqual([taken]);
  });

  it('listMessagesAfter returns messages sharing one createdAt across page edges, all once, in order', async () => {
    const id = paidOrder();
    const t = (second: number) => new Date(Date.parse('2025-03-01T12:00:00Z') + second * 1000).toISOString();
    // With pages of 4, the first page ends inside the group at second 1.
    const plan = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3];
    const posted = plan.map((second, n) => sandbox.control.postBuyerMessage(id, `m${n}`, { createdAt: t(second) }));
    const api = client();

    // Blindly following the sandbox's nextCursor skips the rest of a group cut by a page edge.
    const first = await api.listMessages(id, { limit: 4 });
    const second = await api.listMessages(id, { limit: 4, cursor: first.nextCursor! });
    const naive = [...first.messages, ...second.messages].map((message) => message.id);
    expect(naive).toHaveLength(8);
    expect(naive).not.toContain(posted[4]?.id);

    const all = await listMessagesAfter(api, id, { limit: 4 });
    const inOrder = [...posted].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
    expect(all.map((message) => message.id)).toEqual(inOrder.map((message) => message.id));
    expect(new Set(all.map((message) => message.text)).size).toBe(10);

    // Next poll: one new message at the same instant as our newest, one later. Only those two come back.
    const sameInstant = sandbox.control.postBuyerMessage(id, 'late twin', { createdAt: t(3) });
    const later = sandbox.control.postBuyerMessage(id, 'later', { createdAt: t(4) });
    const newest = all.at(-1)!;
    const fresh = await listMessagesAfter(api, id, {
      after: newest.createdAt as Cursor,
      seenIds: new Set(all.map((message) => message.id)),
      limit: 4,
    });
    expect(fresh.map((message) => message.id)).toEqual([sameInstant.id, later.id]);
  });
});

describe('faults and limits of the sandbox', () => {
  it('a 503 outage is retried until the store heals', async () => {
    await start();
    const id = paidOrder();
    sandbox.control.breakApi('http503');
    const waits: number[] = [];
    const api = client({
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 2) sandbox.control.heal();
      },
    });

    await expect(api.getOrder(id)).resolves.toMatchObject({ id });
    expect(api.requestCount()).toBe(3);
  });

  it('an HTML answering proxy ends in TRANSPORT after the bounded attempts', async () => {
    await start();
    sandbox.control.breakApi('html');
    const api = client();
    const error = await failure(api.listProducts());
    expect(error).toMatchObject({ code: 'TRANSPORT', attempts: 3 });
    expect(sandbox.control.stats().total).toBe(3);
  });

  it('a keyed take through a connection reset is retried and acts once', async () => {
    await start();
    const id = paidOrder();
    sandbox.control.breakApi('reset');
    const api = client({
      sleep: async () => {
        sandbox.control.heal();
      },
    });
    const order = await api.takeOrder(id, { idempotencyKey: 'take-through-reset' });
    expect(order.status).toBe('processing');
    expect(api.requestCount()).toBe(2);
  });

  it('the rate limit: waits for the window named by the headers, then goes on; rateLimit() reflects them', async () => {
    const { api, waits, now } = await clockedStoreAndClient({ limit: 2, windowMs: 10_000 }, { waitWhenBudgetSpent: false });

    await api.listProducts();
    expect(api.rateLimit()).toMatchObject({ limit: 2, remaining: 1, resetAt: now() + 10_000 });
    await api.listProducts();
    await api.listProducts();

    expect(waits).toEqual([10_000]);
    expect(sandbox.control.stats().byStatus).toMatchObject({ 200: 3, 429: 1 });
    expect(api.rateLimit()).toMatchObject({ limit: 2, remaining: 1 });
  });

  it('with the budget known spent, the client waits before sending and earns no 429', async () => {
    const { api, waits } = await clockedStoreAndClient({ limit: 2, windowMs: 5_000 });

    for (let n = 0; n < 5; n++) await api.listProducts();

    expect(sandbox.control.stats().byStatus).toEqual({ 200: 5 });
    expect(waits).toEqual([5_000, 5_000]);
  });
});
