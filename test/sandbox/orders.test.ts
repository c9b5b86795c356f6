import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/seller-api/schemas.ts';
import { manualClock, type Reply, useSandbox } from './helpers.ts';

const start = useSandbox();
const ids = (reply: Reply): string[] => reply.json.data.orders.map((order: { id: string }) => order.id);

describe('sandbox products and orders (spec 4.1-4.3, README "API assumptions")', () => {
  it('lists only automation-enabled products, in the spec shape', async () => {
    const { sandbox, control, api } = await start();
    const catalog = control.catalog(sandbox.store.storeId);
    const disabled = catalog.filter((product) => !product.automationEnabled);
    expect(disabled.length).toBeGreaterThanOrEqual(1);

    const reply = await api('GET', '/products');
    expect(reply.status).toBe(200);
    const listed: (Product & { fields: unknown[] })[] = reply.json.data.products;
    expect(listed.map((product) => product.id)).toEqual(catalog.filter((p) => p.automationEnabled).map((p) => p.id));
    expect(listed.map((product) => product.id)).not.toContain(disabled[0]?.id);
    for (const product of listed) {
      expect(product).not.toHaveProperty('automationEnabled');
      expect(product).toMatchObject({ id: expect.any(String), title: expect.any(String), price: expect.any(Number), active: true });
      for (const field of product.fields) {
        expect(field).toMatchObject({ id: expect.any(String), type: 'text', label: expect.any(String), required: expect.any(Boolean) });
      }
    }
  });

  it('a new store has the asked number of automated products plus a disabled one', async () => {
    const { control } = await start();
    const store = control.createStore({ products: 2 });
    expect(control.products(store.storeId)).toHaveLength(2);
    expect(control.catalog(store.storeId)).toHaveLength(3);
    expect(control.createStore().storeId).not.toBe(store.storeId);
    expect(control.products(control.createStore().storeId)).toHaveLength(1);
  });

  it('lists orders of automation-enabled products only, and hides the others by id too', async () => {
    const { sandbox, control, api } = await start();
    const disabled = control.catalog(sandbox.store.storeId).find((product) => !product.automationEnabled);
    const hidden = control.createOrder({ productId: disabled?.id });
    const shown = control.createOrder();
    expect(ids(await api('GET', '/orders'))).toEqual([shown.id]);
    expect((await api('GET', '/orders')).json.data.total).toBe(1);
    expect(ids(await api('GET', `/orders?productId=${disabled?.id}`))).toEqual([]);
    const direct = await api('GET', `/orders/${hidden.id}`);
    expect(direct.status).toBe(404);
    expect(direct.json.error.code).toBe('ORDER_NOT_FOUND');
  });

  it('without a status filter returns the paid orders; with one, that status only', async () => {
    const { control, api } = await start();
    const paid = control.createOrder();
    const processing = control.createOrder({ status: 'processing' });
    const odd = control.createOrder({ status: 'refunded' });
    expect(ids(await api('GET', '/orders'))).toEqual([paid.id]);
    expect(ids(await api('GET', '/orders?status=paid'))).toEqual([paid.id]);
    expect(ids(await api('GET', '/orders?status=processing'))).toEqual([processing.id]);
    expect(ids(await api('GET', '/orders?status=refunded'))).toEqual([odd.id]);
    expect(ids(await api('GET', '/orders?status=cancelled'))).toEqual([]);
  });

  it('filters by productId', async () => {
    const { sandbox, control, api } = await start();
    const [first, second] = control.products(sandbox.store.storeId);
    const a = control.createOrder({ productId: first?.id });
    const b = control.createOrder({ productId: second?.id });
    expect(ids(await api('GET', `/orders?productId=${first?.id}`))).toEqual([a.id]);
    expect(ids(await api('GET', `/orders?productId=${second?.id}`))).toEqual([b.id]);
    expect((await api('GET', `/orders?productId=${second?.id}`)).json.data.total).toBe(1);
  });

  it('sorts newest first and pages from 1 with total, page and limit', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now });
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      created.push(control.createOrder().id);
      clock.advance(1000);
    }
    const newestFirst = [...created].reverse();

    const first = await api('GET', '/orders?limit=3');
    expect(first.json.data).toMatchObject({ total: 7, page: 1, limit: 3 });
    expect(ids(first)).toEqual(newestFirst.slice(0, 3));
    const second = await api('GET', '/orders?limit=3&page=2');
    expect(ids(second)).toEqual(newestFirst.slice(3, 6));
    const third = await api('GET', '/orders?limit=3&page=3');
    expect(ids(third)).toEqual(newestFirst.slice(6));
    const beyond = await api('GET', '/orders?limit=3&page=4');
    expect(beyond.json.data).toMatchObject({ orders: [], total: 7, page: 4 });

    const all = await api('GET', '/orders');
    expect(all.json.data).toMatchObject({ page: 1, limit: 20, total: 7 });
    expect(ids(all)).toEqual(newestFirst);
  });

  it('uses the created time, not the insertion order, to sort', async () => {
    const { control, api } = await start();
    const old = control.createOrder({ createdAt: '2024-01-01T00:00:00.000Z' });
    const older = control.createOrder({ createdAt: '2023-01-01T00:00:00.000Z' });
    const newest = control.createOrder({ createdAt: '2025-01-01T00:00:00.000Z' });
    expect(ids(await api('GET', '/orders'))).toEqual([newest.id, old.id, older.id]);
  });

  it('caps limit at 100 and refuses malformed paging with VALIDATION_ERROR', async () => {
    const { control, api } = await start();
    for (let i = 0; i < 105; i += 1) control.createOrder();
    const capped = await api('GET', '/orders?limit=1000');
    expect(capped.status).toBe(200);
    expect(capped.json.data).toMatchObject({ limit: 100, total: 105 });
    expect(capped.json.data.orders).toHaveLength(100);

    for (const query of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=2.5', 'limit=ten']) {
      const reply = await api('GET', `/orders?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('shows an order with ISO timestamps, field values and nulls for what has not happened', async () => {
    const clock = manualClock(Date.parse('2025-05-05T10:20:30.456Z'));
    const { sandbox, control, api } = await start({ now: clock.now });
    const product = control.products(sandbox.store.storeId)[0];
    const order = control.createOrder({ quantity: 2 });
    const reply = await api('GET', `/orders/${encodeURIComponent(order.id)}`);
    expect(reply.status).toBe(200);
    expect(reply.json.data.order).toEqual({
      id: order.id,
      status: 'paid',
      createdAt: '2025-05-05T10:20:30.456Z',
      productId: product?.id,
      productTitle: product?.title,
      quantity: 2,
      amount: Math.round((product?.price ?? 0) * 2 * 100) / 100,
      fieldValues: order.fieldValues,
      assigneeType: null,
      deliveredValue: null,
      takenAt: null,
      deliveredAt: null,
    });
    expect(order.fieldValues?.length).toBeGreaterThan(0);
    expect(order.id).toMatch(/^ord_/);

    const missing = await api('GET', '/orders/ord_nope');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ success: false, error: expect.objectContaining({ code: 'ORDER_NOT_FOUND' }) });
  });

  it('answers unknown /v1 paths with NOT_FOUND in the envelope', async () => {
    const { api } = await start();
    const reply = await api('GET', '/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ success: false, error: expect.objectContaining({ code: 'NOT_FOUND' }) });
    expect((await api('DELETE', '/products')).json.error.code).toBe('NOT_FOUND');
  });

  it('tolerates doubled and trailing slashes in paths', async () => {
    const { api } = await start();
    expect((await api('GET', '//products/')).status).toBe(200);
  });
});
