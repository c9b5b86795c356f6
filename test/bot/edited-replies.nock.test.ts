/**
 * A seller edits a reply the buyer already got: edits never reach the buyer, so the bot says so and offers to
 * send the edited text as a new message (a button); nothing is sent until it is tapped, and a double tap sends once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { callbackUpdate, editedMessageUpdate, messageUpdate } from '../support/telegram-updates.ts';
import { ADMIN, createBridgeHarness, eventually } from './harness.ts';
import { BOT_ID, createNockBridge, GROUP_ID, type NockBridge } from './nock-bridge.ts';

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface InlineButton {
  text: string;
  callback_data: string;
}
const buttonsOf = (body: Record<string, unknown>) =>
  ((body.reply_markup as { inline_keyboard?: InlineButton[][] } | undefined)?.inline_keyboard ?? []).flat();

describe('an edited reply', () => {
  it('is not sent by itself: the bot offers to send the edited text as a new message, once', async () => {
    h = await createNockBridge();
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    const card = h.cardSends(order.id)[0]!;
    const reply = { from: ADMIN, chatId: GROUP_ID, messageId: 80, replyTo: { messageId: card.messageId!, botId: BOT_ID } };
    await h.handle(messageUpdate({ ...reply, text: 'The code is 1234' }));
    await h.engine.pollNow();

    await h.handle(editedMessageUpdate({ ...reply, text: 'The code is 1243, sorry' }, 1_900_000_000));
    await h.engine.pollNow();
    expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toEqual(['The code is 1234']);
    const offer = h.telegram.callsOf('sendMessage').at(-1)!;
    expect(String(offer.body.text)).toContain('Edits do not reach the buyer');
    expect(offer.body.reply_parameters).toEqual({ message_id: 80, allow_sending_without_reply: true });
    const [button] = buttonsOf(offer.body);
    expect(button?.text).toBe('Send the edited text');
    expect(Buffer.byteLength(button!.callback_data)).toBeLessThanOrEqual(64);

    const tap = () =>
      callbackUpdate({ from: ADMIN, chatId: GROUP_ID, messageId: offer.messageId!, data: button!.callback_data, botId: BOT_ID });
    await h.handle(tap());
    await h.handle(tap());
    await h.engine.pollNow();
    expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toEqual(['The code is 1234', 'The code is 1243, sorry']);
    const settled = h.telegram.callsOf('editMessageText').filter((call) => call.body.message_id === offer.messageId);
    expect(settled.length).toBeGreaterThan(0);
    expect(buttonsOf(settled[0]!.body)).toEqual([]);
    expect(h.telegram.callsOf('setMessageReaction').at(-1)!.body).toMatchObject({ message_id: offer.messageId });
  });

  it('an offer the bot no longer knows says so and sends nothing', async () => {
    h = await createNockBridge();
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    await h.handle(callbackUpdate({ from: ADMIN, chatId: GROUP_ID, messageId: 999, data: 'er:80.1900000000', botId: BOT_ID }));
    const answer = h.telegram.callsOf('answerCallbackQuery').at(-1)!;
    expect(String(answer.body.text)).toContain('expired');
    await h.engine.pollNow();
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
  });

  it('an edit of a message that is not a reply to an order is left alone', async () => {
    h = await createNockBridge();
    await h.handle(editedMessageUpdate({ from: ADMIN, chatId: GROUP_ID, messageId: 81, text: 'just chatting' }));
    expect(h.telegram.callsOf('sendMessage')).toEqual([]);
  });
});

it('polling asks Telegram for edited messages', async () => {
  const bridge = await createBridgeHarness();
  try {
    await eventually(() => expect(bridge.telegram.callsOf('getUpdates').length).toBeGreaterThan(0));
    expect(bridge.telegram.callsOf('getUpdates')[0]!.params.allowed_updates).toContain('edited_message');
  } finally {
    await bridge.close();
  }
});
