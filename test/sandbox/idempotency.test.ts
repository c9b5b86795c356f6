import { describe, expect, it } from 'vitest';
import { manualClock, useSandbox } from './helpers.ts';

const start = useSandbox();

describe('sandbox Idempotency-Key (spec 4.4-4.6, README "API assumptions")', () => {
  it('a repeated take returns the first response and acts once', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now });
    const order = control.createOrder();
    const headers = { 'idempotency-key': 'take-1' };
    const first = await api('POST', `/orders/${order.id}/take`, { headers });
    clock.advance(5000);
    const again = await api('POST', `/orders/${order.id}/take`, { headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Without the key the same request is a new one: the order is no longer paid.
    expect((await api('POST', `/orders/${order.id}/take`)).json.error.code).toBe('ORDER_INVALID_STATUS');
  });

  it('replays a failure as a failure: same status, same body', async () => {
    const { control, api } = await start();
    const order = control.createOrder({ status: 'processing' });
    const headers = { 'idempotency-key': 'take-2' };
    const first = await api('POST', `/orders/${order.id}/take`, { headers });
    expect(first.status).toBe(409);
    control.setOrderStatus(order.id, 'paid');
    const again = await api('POST', `/orders/${order.id}/take`, { headers });
    expect(again.status).toBe(409);
    expect(again.text).toBe(first.text);
    expect(control.order(order.id)?.status).toBe('paid');
  });

  it('a repeated seller message with the same key is posted once', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    const headers = { 'idempotency-key': 'msg-1' };
    const first = await api('POST', `/orders/${order.id}/messages`, { headers, body: { text: 'Your key is on its way' } });
    const again = await api('POST', `/orders/${order.id}/messages`, { headers, body: { text: 'Your key is on its way' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.data.message.id).toBe(first.json.data.message.id);
    expect(control.messages(order.id)).toHaveLength(1);
  });

  it('concurrent repeats act once', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    const headers = { 'idempotency-key': 'race' };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', `/orders/${order.id}/deliver`, { headers, body: { deliveredValue: 'v' } })),
    );
    // The order is paid, so deliver is refused; what matters is one decision, replayed to all.
    expect(new Set(replies.map((reply) => reply.text)).size).toBe(1);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', `/orders/${order.id}/cancel`, { headers: { 'idempotency-key': 'race-cancel' } })),
    );
    expect(cancels.every((reply) => reply.status === 200)).toBe(true);
    expect(cancels.filter((reply) => reply.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
  });

  it('is scoped per store key and per request', async () => {
    const { control, api } = await start();
    const other = control.createStore();
    const mine = control.createOrder();
    const second = control.createOrder();
    const theirs = control.createOrder({ storeId: other.storeId });
    const headers = { 'idempotency-key': 'shared' };
    expect((await api('POST', `/orders/${mine.id}/take`, { headers })).status).toBe(200);
    // Same key, other order: a different request, which acts.
    expect((await api('POST', `/orders/${second.id}/take`, { headers })).json.data.order.status).toBe('processing');
    // Same key, other store's key: its own request.
    const foreign = await api('POST', `/orders/${theirs.id}/take`, { key: other.apiKey, headers });
    expect(foreign.status).toBe(200);
    expect(foreign.json.data.order.id).toBe(theirs.id);
  });

  it('forgets keys after idempotencyTtlMs', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now, idempotencyTtlMs: 60_000 });
    const order = control.createOrder();
    const headers = { 'idempotency-key': 'ttl' };
    await api('POST', `/orders/${order.id}/take`, { headers });
    clock.advance(59_999);
    expect((await api('POST', `/orders/${order.id}/take`, { headers })).status).toBe(200);
    clock.advance(1);
    const late = await api('POST', `/orders/${order.id}/take`, { headers });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('ORDER_INVALID_STATUS');
  });

  it('remembers keys 24 hours by default', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now });
    const order = control.createOrder();
    const headers = { 'idempotency-key': 'day' };
    await api('POST', `/orders/${order.id}/take`, { headers });
    clock.advance(24 * 3600_000 - 1);
    expect((await api('POST', `/orders/${order.id}/take`, { headers })).status).toBe(200);
    clock.advance(1);
    expect((await api('POST', `/orders/${order.id}/take`, { headers })).status).toBe(409);
  });

  it('refuses an over-long Idempotency-Key', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    const reply = await api('POST', `/orders/${order.id}/take`, { headers: { 'idempotency-key': 'k'.repeat(256) } });
    expect(reply.status).toBe(400);
    expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    expect(control.order(order.id)?.status).toBe('paid');
  });
});
