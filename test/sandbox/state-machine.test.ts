import { describe, expect, it } from 'vitest';
import { manualClock, useSandbox } from './helpers.ts';

const start = useSandbox();

const ACTIONS = ['take', 'deliver', 'cancel'] as const;
const STATUSES = ['paid', 'processing', 'awaiting_confirmation', 'cancelled', 'completed', 'refunded'] as const;
const LEGAL: Record<(typeof ACTIONS)[number], readonly string[]> = {
  take: ['paid'],
  deliver: ['processing'],
  cancel: ['paid', 'processing'],
};

describe('sandbox order state machine (spec part 3, README "API assumptions")', () => {
  it('take: paid -> processing, executor api, takenAt set', async () => {
    const clock = manualClock(Date.parse('2025-06-01T08:00:00.000Z'));
    const { control, api } = await start({ now: clock.now });
    const order = control.createOrder();
    clock.advance(1500);
    const reply = await api('POST', `/orders/${order.id}/take`);
    expect(reply.status).toBe(200);
    expect(reply.json.data.order).toMatchObject({
      id: order.id,
      status: 'processing',
      assigneeType: 'api',
      takenAt: '2025-06-01T08:00:01.500Z',
      deliveredAt: null,
    });
    expect(control.order(order.id)?.status).toBe('processing');
  });

  it('deliver: processing -> awaiting_confirmation with deliveredValue and deliveredAt', async () => {
    const clock = manualClock(Date.parse('2025-06-01T08:00:00.000Z'));
    const { control, api } = await start({ now: clock.now });
    const order = control.createOrder();
    await api('POST', `/orders/${order.id}/take`);
    clock.advance(60_000);
    const reply = await api('POST', `/orders/${order.id}/deliver`, { body: { deliveredValue: 'KEY-AAAA-BBBB & <ok>' } });
    expect(reply.status).toBe(200);
    expect(reply.json.data.order).toMatchObject({
      status: 'awaiting_confirmation',
      deliveredValue: 'KEY-AAAA-BBBB & <ok>',
      deliveredAt: '2025-06-01T08:01:00.000Z',
    });
    expect(control.order(order.id)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'KEY-AAAA-BBBB & <ok>' });
  });

  it('deliver accepts an empty body, {} and a null value, and refuses a non-string value', async () => {
    const { control, api } = await start();
    for (const options of [{}, { body: {} }, { body: { deliveredValue: null } }, { body: { deliveredValue: '' } }]) {
      const order = control.createOrder({ status: 'processing' });
      const reply = await api('POST', `/orders/${order.id}/deliver`, options);
      expect(reply.status).toBe(200);
      expect(reply.json.data.order).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: null });
    }
    const order = control.createOrder({ status: 'processing' });
    for (const options of [{ body: { deliveredValue: 42 } }, { rawBody: '{"deliveredValue":' }, { body: ['x'] }]) {
      const reply = await api('POST', `/orders/${order.id}/deliver`, options);
      expect(reply.status).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect(control.order(order.id)?.status).toBe('processing');
  });

  it('cancel from paid and from processing refunds the buyer', async () => {
    const { control, api } = await start();
    const paid = control.createOrder();
    const processing = control.createOrder();
    await api('POST', `/orders/${processing.id}/take`);
    expect(control.order(paid.id)?.refunded).toBe(false);

    for (const order of [paid, processing]) {
      const reply = await api('POST', `/orders/${order.id}/cancel`, { body: {} });
      expect(reply.status).toBe(200);
      expect(reply.json.data.order.status).toBe('cancelled');
      expect(control.order(order.id)).toMatchObject({ status: 'cancelled', refunded: true });
    }
    // An empty body is fine too; malformed JSON is not.
    const third = control.createOrder();
    expect((await api('POST', `/orders/${third.id}/cancel`, { rawBody: 'nope' })).json.error.code).toBe('VALIDATION_ERROR');
    expect(control.order(third.id)?.refunded).toBe(false);
    expect((await api('POST', `/orders/${third.id}/cancel`)).status).toBe(200);
  });

  it('answers 409 ORDER_INVALID_STATUS on every illegal transition and changes nothing', async () => {
    const { control, api } = await start();
    let checked = 0;
    for (const status of STATUSES) {
      for (const action of ACTIONS) {
        if (LEGAL[action].includes(status)) continue;
        const order = control.createOrder({ status });
        const before = control.order(order.id);
        const reply = await api('POST', `/orders/${order.id}/${action}`, { body: { deliveredValue: 'x' } });
        expect(reply.status, `${action} from ${status}`).toBe(409);
        expect(reply.json).toEqual({ success: false, error: expect.objectContaining({ code: 'ORDER_INVALID_STATUS' }) });
        expect(control.order(order.id), `${action} from ${status}`).toEqual(before);
        checked += 1;
      }
    }
    expect(checked).toBe(STATUSES.length * ACTIONS.length - 4);
  });

  it('every legal transition succeeds from its state', async () => {
    const { control, api } = await start();
    for (const action of ACTIONS) {
      for (const status of LEGAL[action]) {
        const order = control.createOrder({ status });
        const reply = await api('POST', `/orders/${order.id}/${action}`);
        expect(reply.status, `${action} from ${status}`).toBe(200);
      }
    }
  });

  it('a second take of the same order (without idempotency key) is ORDER_INVALID_STATUS', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    expect((await api('POST', `/orders/${order.id}/take`)).status).toBe(200);
    expect((await api('POST', `/orders/${order.id}/take`)).json.error.code).toBe('ORDER_INVALID_STATUS');
  });

  it('the buyer confirms receipt: awaiting_confirmation -> completed, and only from there', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    expect(() => control.confirmReceipt(order.id)).toThrow(expect.objectContaining({ code: 'ORDER_INVALID_STATUS' }));
    await api('POST', `/orders/${order.id}/take`);
    await api('POST', `/orders/${order.id}/deliver`, { body: { deliveredValue: 'CODE-1' } });
    expect(control.confirmReceipt(order.id)).toMatchObject({ status: 'completed', deliveredValue: 'CODE-1' });
    const seen = await api('GET', `/orders/${order.id}`);
    expect(seen.json.data.order.status).toBe('completed');
    expect((await api('GET', '/orders?status=completed')).json.data.orders).toHaveLength(1);
    expect(() => control.confirmReceipt('ord_missing')).toThrow(expect.objectContaining({ code: 'ORDER_NOT_FOUND' }));
  });

  it('setOrderStatus changes the status as the website would, without checks', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    expect(control.setOrderStatus(order.id, 'completed').status).toBe('completed');
    expect((await api('GET', `/orders/${order.id}`)).json.data.order.status).toBe('completed');
    expect(control.setOrderStatus(order.id, 'cancelled')).toMatchObject({ status: 'cancelled', refunded: true });
    expect(() => control.setOrderStatus(order.id, '')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => control.setOrderStatus('ord_missing', 'paid')).toThrow(expect.objectContaining({ code: 'ORDER_NOT_FOUND' }));
  });

  it('actions on an unknown order are ORDER_NOT_FOUND', async () => {
    const { api } = await start();
    for (const action of ACTIONS) {
      const reply = await api('POST', `/orders/ord_unknown/${action}`);
      expect(reply.status).toBe(404);
      expect(reply.json.error.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await api('POST', '/orders/%E0%A4%A/take')).status).toBe(404);
  });
});
