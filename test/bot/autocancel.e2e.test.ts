/**
 * /autocancel through the public surfaces: the sandbox store and the fake Bot API, with one clock for the store, sync
 * and the bot that the test moves on (`later`), and every reminder pass run by the test (`remindNow`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditQueries } from '../../src/db/audit.ts';
import { createTemplateQueries } from '../../src/db/templates.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import type { ChatMessage } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, STRANGER, settled, type BridgeHarness } from './harness.ts';

const MINUTE = 60_000;
const inGroup = { chatId: GROUP_ID };
const SORRY = 'Sorry, we could not serve this order in time. You have been refunded.';

let h: BridgeHarness;
let offset = 0;
const clock = () => Date.now() + offset;
let product: ProductId;

async function start(startEngine = true): Promise<void> {
  offset = 0;
  h = await createBridgeHarness({
    reminders: { untakenAfterMs: undefined, unansweredAfterMs: undefined, tickMs: 60 * MINUTE },
    sandbox: { now: clock },
    engine: { now: clock },
    bot: { now: clock },
    startEngine,
  });
  product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
  // The seller's apology, sent by the bot with each auto-cancel.
  createTemplateQueries(h.db).save('sorry', SORRY, 0);
}
beforeEach(() => start());
afterEach(() => h.close());

async function later(minutes: number): Promise<void> {
  offset += minutes * MINUTE;
  await h.bridge.remindNow();
  // What the pass said is in the Telegram queue: shown once it drained.
  await h.drained();
}

/** Sends a command as `from` and waits for the bot's reply to it. */
async function command(text: string, from = ADMIN): Promise<ChatMessage> {
  const sent = h.telegram.sendText(from, text, inGroup);
  await settled(h);
  let reply: ChatMessage | undefined;
  await eventually(() => {
    reply = h.repliesTo(sent.message_id)[0] ?? h.telegram.botMessages(GROUP_ID).find((message) => message.messageId > sent.message_id);
    expect(reply).toBeDefined();
  });
  return reply!;
}

const cancelPosts = () => h.sandbox.control.stats().byRoute['POST /orders/{id}/cancel'] ?? 0;
const notices = (orderId: string) => h.telegram.botMessages(GROUP_ID).filter((message) => message.text.startsWith(`✖️ Order ${orderId}`));

describe('/autocancel', () => {
  it('warns halfway, then cancels with refund once, sends the sorry message once, and tells the chat', async () => {
    expect((await command(`/autocancel ${product} 20`)).text).toContain('will be cancelled and refunded');
    // The rule is a step of its own in the audit trail, with who set it; no order.
    expect(createAuditQueries(h.db).latestSteps(1)).toMatchObject([
      { action: 'autocancel-set', actor: { kind: 'person', userId: ADMIN.id }, result: 'ok', orderId: undefined },
    ]);
    const { order, card } = await h.createPaidOrder({ productId: product });
    await later(9);
    expect(h.repliesTo(card.messageId)).toEqual([]);

    await later(1);
    const warning = h.repliesTo(card.messageId);
    expect(warning).toHaveLength(1);
    expect(warning[0]?.text).toMatch(/^⚠️ Order .* will be cancelled and refunded automatically in 10 min/);
    expect(labels(warning[0])).toEqual(['Take']);

    await later(9);
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
    expect(cancelPosts()).toBe(0);

    await later(1);
    await eventually(() => expect(h.sandbox.control.order(order.id)).toMatchObject({ status: 'cancelled', refunded: true }));
    await eventually(async () => {
      await h.bridge.remindNow();
      await h.drained();
      expect(notices(order.id)).toHaveLength(1);
    });
    expect(notices(order.id)[0]?.text).toContain('nobody took it within 20 min');
    await eventually(() => expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toEqual([SORRY]));

    await later(20);
    await later(20);
    await h.engine.pollNow();
    expect(cancelPosts()).toBe(1);
    expect(notices(order.id)).toHaveLength(1);
    expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toEqual([SORRY]);
    // The card says so too, like after a Cancel button, naming the rule as the one who cancelled.
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual([]));
    expect(h.telegram.message(GROUP_ID, card.messageId)?.text).toMatch(/cancelled by bot \(auto-cancel\) · \d\d:\d\d/);
  });

  it('a Take after the warning keeps the order', async () => {
    await command(`/autocancel ${product} 20`);
    const { order, card } = await h.createPaidOrder({ productId: product });
    await later(10);
    const warning = h.repliesTo(card.messageId)[0];
    expect(warning).toBeDefined();
    h.telegram.tapLabel(ADMIN, warning!.messageId, 'Take', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('processing'));
    await eventually(() => expect(h.engine.findOrder(order.id)?.status).toBe('processing'));
    await later(20);
    await later(20);
    expect(h.sandbox.control.order(order.id)?.status).toBe('processing');
    expect(cancelPosts()).toBe(0);
  });

  it('does not cancel an order taken on the website that the bridge still believes paid', async () => {
    await h.close();
    await start(false); // sync runs only when the test says: what the bridge last read stays stale
    await command(`/autocancel ${product} 20`);
    const { order, card } = await h.createPaidOrder({ productId: product });
    await later(10);
    expect(h.repliesTo(card.messageId)).toHaveLength(1);

    h.sandbox.control.setOrderStatus(order.id, 'processing');
    await later(10);
    expect(h.engine.findOrder(order.id)?.status).toBe('paid'); // stale, as after a restart
    await h.engine.pollNow(); // the outbox runs the cancel: it reads the order first
    expect(h.sandbox.control.order(order.id)).toMatchObject({ status: 'processing', refunded: false });
    expect(cancelPosts()).toBe(0);
    await h.bridge.remindNow();
    await h.drained();
    expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toMatch(
      new RegExp(`^⚠️ Order ${order.id} was not cancelled automatically: it is no longer waiting to be taken`),
    );
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
  });

  it('lists the settings, and `off` or 0 ends one', async () => {
    expect((await command('/autocancel')).text).toMatch(/^No product has auto-cancel/);
    const other = h.sandbox.control.products(h.sandbox.store.storeId)[1]?.id as ProductId;
    await command(`/autocancel ${product} 20`);
    await command(`/autocancel ${other} 7.5`);
    const list = await command('/autocancel');
    expect(list.text).toContain('Auto-cancel: 2 products');
    expect(list.text).toContain(`${product} — after 20 min`);
    expect(list.text).toContain(`${other} — after 7.5 min`);
    expect((await command(`/autocancel ${other} soon`)).text).toMatch(/must be a number of minutes/);
    // A product id the store does not know (a typo) sets nothing: the seller would count on a rule that never acts.
    expect((await command('/autocancel prd_typo 5')).text).toMatch(/^No product prd_typo among the products with automation/);
    expect((await command('/autocancel')).text).not.toContain('prd_typo');

    expect((await command(`/autocancel ${product} off`)).text).toContain('Auto-cancel is off for product');
    const after = (await command('/autocancel')).text;
    expect(after).not.toContain(product);
    expect(after).toContain(other);
    // 0 minutes ends a rule too, as 0 turns off every other minute setting.
    expect((await command(`/autocancel ${other} 0`)).text).toContain('Auto-cancel is off for product');
    expect((await command('/autocancel')).text).toMatch(/^No product has auto-cancel/);
    const { order, card } = await h.createPaidOrder({ productId: product });
    await later(15);
    await later(30);
    expect(h.repliesTo(card.messageId)).toEqual([]);
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
    expect(cancelPosts()).toBe(0);
  });

  it('refuses a non-admin, and nothing reaches the store', async () => {
    h.sandbox.control.resetStats();
    const refused = await command(`/autocancel ${product} 1`, STRANGER);
    expect(refused.text).toMatch(/only the store admins/i);
    expect((await command('/autocancel')).text).toMatch(/^No product has auto-cancel/);
    const { order } = await h.createPaidOrder({ productId: product });
    await later(5);
    await later(5);
    await h.engine.pollNow();
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
    expect(Object.keys(h.sandbox.control.stats().byRoute).filter((route) => route.startsWith('POST'))).toEqual([]);
  });
});
