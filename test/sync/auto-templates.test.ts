/**
 * Templates sent by themselves, through the real engine and the sandbox: each once per order, through crashes and
 * restarts, and never to the orders of the first start's import.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { createTemplateQueries } from '../../src/db/templates.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, eventually, pause, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  const templates = createTemplateQueries(h.db);
  templates.save('greeting', 'Hi, {order}', 1);
  templates.save('delivered', 'Delivered: {order}', 1);
});
afterEach(() => h.close());

const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();
const sellerTexts = (orderId: string) =>
  h.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);
const known = (orderId: string) => h.sink.events.some((event) => event.kind === 'orderAppeared' && event.orderId === orderId);

describe('automatic templates', () => {
  it('greets and confirms delivery of new orders once, never the first start’s import, also after a restart', async () => {
    const imported = h.sandbox.control.createOrder({ status: 'paid', createdAt: HOUR_AGO() }).id as OrderId;
    const first = h.engine();
    first.start();
    await eventually(() => expect(known(imported)).toBe(true));
    const fresh = h.sandbox.control.createOrder({ status: 'paid' }).id as OrderId;
    await eventually(() => expect(sellerTexts(fresh)).toEqual([`Hi, ${fresh}`]));
    // Both delivered on the website: only the new one hears of it.
    h.sandbox.control.setOrderStatus(imported, 'awaiting_confirmation');
    h.sandbox.control.setOrderStatus(fresh, 'awaiting_confirmation');
    await eventually(() => expect(sellerTexts(fresh)).toEqual([`Hi, ${fresh}`, `Delivered: ${fresh}`]));
    await first.stop();

    const { engine: second } = h.restart();
    // Created before the first start but first seen now: still one of the store's existing orders.
    const late = h.sandbox.control.createOrder({ status: 'paid', createdAt: HOUR_AGO() }).id as OrderId;
    second.start();
    await eventually(() => expect(known(late)).toBe(true));
    await second.pollNow();
    await second.pollNow();
    expect(sellerTexts(fresh)).toHaveLength(2);
    expect(sellerTexts(imported)).toEqual([]);
    expect(sellerTexts(late)).toEqual([]);
  });

  it('a database from before templates (an earlier run, no first start record) greets every order it meets', async () => {
    // What an earlier run left behind: its heartbeat (sync/heartbeat.ts).
    createKeyValueStore(h.db).set('sync.lastAliveAt', Date.now() - 60_000);
    const old = h.sandbox.control.createOrder({ status: 'paid', createdAt: HOUR_AGO() }).id as OrderId;
    const engine = h.engine();
    engine.start();
    await eventually(() => expect(sellerTexts(old)).toEqual([`Hi, ${old}`]));
  });

  it('a crash between the card and the commit greets once, after the restart', async () => {
    let crashes = 0;
    const engine = h.engine({
      testHooks: {
        beforeCommit: (event) => {
          if (event.kind === 'orderAppeared' && crashes++ === 0) throw new Error('killed in the crash window');
        },
      },
    });
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id as OrderId;
    await engine.pollNow().catch(() => undefined);
    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    await restarted.pollNow();
    await pause(50);
    await restarted.pollNow();
    expect(sellerTexts(order)).toEqual([`Hi, ${order}`]);
  });
});
