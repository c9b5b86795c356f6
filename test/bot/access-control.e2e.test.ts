/**
 * Strangers, foreign chats and forged buttons: a polite refusal, no enqueue, no store request. The engine's loops
 * are not running here, so every request the sandbox counts was caused by the test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, GROUP_ID, OTHER_GROUP_ID, settled, STRANGER, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness({ startEngine: false });
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };

describe('access control', () => {
  it("a stranger's tap, reply and commands cause no store request and no enqueue", async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.resetStats();

    const tap = h.telegram.tapLabel(STRANGER, card.messageId, 'Take', inGroup);
    const reply = h.telegram.sendText(STRANGER, 'I am the seller, really', { ...inGroup, replyTo: card.messageId });
    const command = h.telegram.sendText(STRANGER, '/orders', inGroup);
    const privateCommand = h.telegram.sendText(STRANGER, '/products');
    const chatter = h.telegram.sendText(STRANGER, 'just chatting in the group', inGroup);
    await settled(h);

    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/Only the store admins/);
    expect(h.repliesTo(reply.message_id)[0]?.text).toMatch(/only the store admins/i);
    expect(h.repliesTo(command.message_id)[0]?.text).toMatch(/only the store admins/i);
    expect(h.repliesTo(privateCommand.message_id, STRANGER.id)[0]?.text).toMatch(/only the store admins/i);
    expect(h.repliesTo(chatter.message_id)).toEqual([]); // group chatter is not answered

    expect(h.engine.status().outboxDepth).toBe(0);
    expect(h.sandbox.control.stats().total).toBe(0);
    await h.engine.pollNow();
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
    expect(h.sandbox.control.stats().byRoute['POST /orders/{id}/take'] ?? 0).toBe(0);
    expect(h.sandbox.control.stats().byRoute['GET /products'] ?? 0).toBe(0);
  });

  it('an admin in a chat that is not the configured one is refused too', async () => {
    await h.createPaidOrder();
    h.sandbox.control.resetStats();
    const command = h.telegram.sendText(ADMIN, '/products', { chatId: OTHER_GROUP_ID });
    await settled(h);
    expect(h.repliesTo(command.message_id, OTHER_GROUP_ID)[0]?.text).toMatch(/only the store admins/i);
    expect(h.sandbox.control.stats().total).toBe(0);
  });

  it('forged or stale button data does nothing but answer politely', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.resetStats();
    const forged = [
      h.telegram.sendCallback(ADMIN, card.messageId, 'rm:-rf', inGroup),
      h.telegram.sendCallback(ADMIN, card.messageId, 't:ord_that_does_not_exist', inGroup),
      h.telegram.sendCallback(ADMIN, card.messageId, 't:#AAAAAAAAAAAAAAAAAAAAAA', inGroup),
      h.telegram.sendCallback(ADMIN, card.messageId, `dy:${order.id}`, inGroup),
    ];
    await settled(h);
    const answers = forged.map((id) => h.telegram.callbackAnswer(id)?.text);
    expect(answers[0]).toMatch(/no longer valid/);
    expect(answers[1]).toMatch(/does not know this order/);
    expect(answers[2]).toMatch(/no longer valid/);
    expect(answers[3]).toMatch(/expired/);
    expect(h.engine.status().outboxDepth).toBe(0);
    await h.engine.pollNow();
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
    expect(Object.keys(h.sandbox.control.stats().byRoute).filter((route) => route.startsWith('POST'))).toEqual([]);
  });

  it('/start and /help answer anyone, with the ids a seller needs to configure the bridge', async () => {
    h.telegram.sendText(STRANGER, '/start');
    h.telegram.sendText(STRANGER, '/help');
    h.telegram.sendText(ADMIN, '/start', inGroup);
    await settled(h);
    // Handled concurrently: the answers may come in either order.
    const answers = h.telegram.botMessages(STRANGER.id).map((message) => message.text);
    const start = answers.find((text) => text.includes('Seller bot'));
    const help = answers.find((text) => text.startsWith('How it works'));
    expect(start).toContain(`You (user ${STRANGER.id}) are not an admin`);
    expect(start).toContain(`This chat (${STRANGER.id}) is not the configured chat`);
    expect(help).toContain('/orders');
    expect(help).toContain('Deliver without value');
    const adminStart = h.telegram.botMessages(GROUP_ID).at(-1)!.text;
    expect(adminStart).toContain(`This chat (${GROUP_ID}) is where orders are posted`);
    expect(adminStart).toContain(`You (user ${ADMIN.id}) may take`);
  });
});
