/**
 * Reply templates through the public Telegram surface: saving and refusing them, /t as a reply, the Quick reply menu
 * on a card, and the templates sent by themselves (greeting, delivered) exactly once and never to imported orders.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, allLabels, createBridgeHarness, eventually, GROUP_ID, labels, STRANGER, type BridgeHarness } from './harness.ts';

const inGroup = { chatId: GROUP_ID };
let h: BridgeHarness;

beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

/** Sends a command as the admin and waits for the bot's answer to it. */
async function command(text: string, replyTo?: number, from = ADMIN): Promise<string> {
  const sent = h.telegram.sendText(from, text, { ...inGroup, ...(replyTo === undefined ? {} : { replyTo }) });
  let answer = '';
  await eventually(() => {
    const reply = h.repliesTo(sent.message_id)[0];
    if (!reply) throw new Error(`no answer to ${text}`);
    answer = reply.text;
  });
  return answer;
}

/** A paid order whose card the bridge has linked: only then can a person reply to it or tap it (a real person is slower). */
async function linkedOrder(input?: Parameters<BridgeHarness['createPaidOrder']>[0]) {
  const created = await h.createPaidOrder(input);
  const ref = { chatId: GROUP_ID, messageId: created.card.messageId };
  await eventually(() => expect(h.engine.orderForTelegramMessage(ref)).toBe(created.order.id));
  return created;
}

const sellerTexts = (orderId: string) =>
  h.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);

describe('saving templates', () => {
  it('saves, shows, lists, replaces and deletes; multi-line text is kept', async () => {
    expect(await command('/template thanks Thank you for {order}!\nEnjoy {product}.')).toBe('✓ New template thanks saved.');
    expect(await command('/template Thanks')).toBe('thanks\nThank you for {order}!\nEnjoy {product}.');
    expect(await command('/template thanks Thanks again')).toBe('✓ Template thanks replaced.');
    expect(await command('/templates')).toContain('• thanks — Thanks again');
    expect(await command('/untemplate thanks')).toBe('✓ Template thanks deleted.');
    expect(await command('/template thanks')).toContain('No template thanks');
  });

  it('refuses a bad name and an unknown placeholder with the reason, and saves nothing', async () => {
    expect(await command('/template hi.there Hello')).toBe('Bad template name: a name may have only letters, digits, _ and -.');
    expect(await command('/template hi Hello {buyer}')).toContain('Not saved: unknown placeholder {buyer}.');
    expect(await command('/templates')).toContain('No templates yet.');
  });
});

describe('sending a template', () => {
  it('/t as a reply to the card goes to the buyer through the outbox; a missing field is said', async () => {
    await command('/template region Your region: {field:Region}. Order {order}.');
    const { order, card } = await linkedOrder({ fieldValues: [{ fieldId: 'e', label: 'Email', value: 'a@b.c' }] });
    const sent = h.telegram.sendText(ADMIN, '/t region', { ...inGroup, replyTo: card.messageId });
    await eventually(() =>
      expect(h.repliesTo(sent.message_id).map((m) => m.text)).toContain('Note: this order has no “Region”: left empty in the text.'),
    );
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(order.id)).toEqual([`Your region: . Order ${order.id}.`]);
    });
    // The same acknowledgement as a typed reply: a reaction on the seller's /t.
    await eventually(() => expect(h.telegram.message(GROUP_ID, sent.message_id)?.reactions).toEqual(['👍']));
  });

  it('refuses a text over the store limit before anything is sent', async () => {
    expect(await command(`/template long ${'x'.repeat(3970)} {field:Email}`)).toBe('✓ New template long saved.');
    const email = `${'y'.repeat(40)}@example.com`;
    const { order, card } = await linkedOrder({ fieldValues: [{ fieldId: 'e', label: 'Email', value: email }] });
    expect(await command('/t long', card.messageId)).toBe(
      "Not sent: long gives 4023 characters for this order, more than the store's 4000.",
    );
    await h.engine.pollNow();
    expect(sellerTexts(order.id)).toEqual([]);
  });

  it('Quick reply opens the templates as buttons, one tap sends once, and the card gets its buttons back', async () => {
    const longName = 'ж'.repeat(32);
    await command('/template hello Hello, order {order}');
    await command(`/template ${longName} Long name`);
    const { order, card } = await linkedOrder();
    expect(allLabels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Take', 'Cancel', '⚡ Quick reply']);
    h.telegram.tapLabel(ADMIN, card.messageId, '⚡ Quick reply', inGroup);
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['📝 hello', `📝 ${longName}`, '✖ Close']));
    const menu = h.telegram.message(GROUP_ID, card.messageId)?.replyMarkup?.inline_keyboard.flat() ?? [];
    expect(menu).toHaveLength(3);
    for (const button of [...menu, ...(card.replyMarkup?.inline_keyboard.flat() ?? [])])
      expect(Buffer.byteLength((button as { callback_data: string }).callback_data)).toBeLessThanOrEqual(64);

    h.telegram.tapLabel(ADMIN, card.messageId, '📝 hello', inGroup);
    h.telegram.tapLabel(ADMIN, card.messageId, '📝 hello', inGroup);
    await eventually(() => expect(allLabels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Take', 'Cancel', '⚡ Quick reply']));
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(order.id)).toEqual([`Hello, order ${order.id}`]);
    });

    // Close puts the card's buttons back without sending anything.
    h.telegram.tapLabel(ADMIN, card.messageId, '⚡ Quick reply', inGroup);
    await eventually(() => expect(allLabels(h.telegram.message(GROUP_ID, card.messageId))).toContain('✖ Close'));
    h.telegram.tapLabel(ADMIN, card.messageId, '✖ Close', inGroup);
    await eventually(() => expect(allLabels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Take', 'Cancel', '⚡ Quick reply']));
    await h.engine.pollNow();
    expect(sellerTexts(order.id)).toHaveLength(1);
  });
});

describe('in a forum group', () => {
  it("/t in an order's topic needs no reply", async () => {
    await h.close();
    h = await createBridgeHarness({ forum: true, topics: 'auto' });
    await command('/template hello Hello from the topic of {order}');
    const { order, card } = await linkedOrder();
    const sent = h.telegram.sendText(ADMIN, '/t hello', { ...inGroup, threadId: card.threadId! });
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(order.id)).toEqual([`Hello from the topic of ${order.id}`]);
    });
    await eventually(() => expect(h.telegram.message(GROUP_ID, sent.message_id)?.reactions).toEqual(['👍']));
  });
});

describe('templates sent by themselves', () => {
  it('greets a new order once, across a restart, and never an order that existed before the first start', async () => {
    await command('/template greeting Hi! Thanks for {order}.');
    const old = h.sandbox.control.createOrder({ createdAt: new Date(Date.now() - 3_600_000).toISOString() });
    const { order } = await linkedOrder();
    await eventually(() => expect(h.cardsOf(old.id)).toHaveLength(1));
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(order.id)).toEqual([`Hi! Thanks for ${order.id}.`]);
    });
    await h.restart();
    const { order: later } = await linkedOrder();
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(later.id)).toEqual([`Hi! Thanks for ${later.id}.`]);
    });
    expect(sellerTexts(order.id)).toHaveLength(1);
    expect(sellerTexts(old.id)).toEqual([]);
  });

  it('sends delivered after Deliver, once', async () => {
    await command('/template delivered Your {product} is delivered.');
    const { order, card } = await h.takePaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toContain('Reply to this message with the issued value'));
    const prompt = h.lastBotMessage();
    // The step is recorded just after its prompt is sent; a person cannot reply faster than that.
    await eventually(() => expect(h.kv.get(`bot.deliver-step:${GROUP_ID}:${prompt.messageId}`)).toBeDefined());
    h.telegram.sendText(ADMIN, 'KEY-1', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.lastBotMessage().text).toContain('with this value?'));
    h.telegram.tapLabel(ADMIN, h.lastBotMessage().messageId, 'Confirm', inGroup);
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(order.id)).toEqual([`Your ${order.productTitle} is delivered.`]);
    });
    await h.engine.pollNow();
    expect(sellerTexts(order.id)).toHaveLength(1);
  });
});

describe('confirm-reminder', () => {
  it('reminds a buyer once when the order waits for confirmation long enough, also across a restart', async () => {
    await h.close();
    h = await createBridgeHarness({ engine: { autoTemplates: { remindConfirmMs: 300 } } });
    await command('/template confirm-reminder Please confirm {order}.');
    const { order } = await h.takePaidOrder();
    // Delivered on the store's website: the bridge sees the change.
    h.sandbox.control.setOrderStatus(order.id, 'awaiting_confirmation');
    await eventually(async () => {
      await h.engine.pollNow();
      expect(sellerTexts(order.id)).toEqual([`Please confirm ${order.id}.`]);
    });
    await h.restart();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await h.engine.pollNow();
    expect(sellerTexts(order.id)).toHaveLength(1);
  });

  it("never reminds an order of the first start's import", async () => {
    await h.close();
    h = await createBridgeHarness({ engine: { autoTemplates: { remindConfirmMs: 100 } } });
    await command('/template confirm-reminder Please confirm {order}.');
    const old = h.sandbox.control.createOrder({ createdAt: new Date(Date.now() - 3_600_000).toISOString() });
    h.sandbox.control.setOrderStatus(old.id, 'awaiting_confirmation');
    await h.engine.pollNow();
    await eventually(() => expect(h.cardsOf(old.id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await h.engine.pollNow();
    expect(sellerTexts(old.id)).toEqual([]);
  });
});

describe('who may change templates', () => {
  it('refuses a save from someone not allowed to act (the admin-only check sits behind access control)', async () => {
    await h.close();
    h = await createBridgeHarness();
    expect(await command('/template hi Hello', undefined, STRANGER)).not.toContain('saved');
    expect(await command('/templates')).toContain('No templates yet.');
  });
});
