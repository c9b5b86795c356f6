/**
 * A seller answers a buyer with a photo, a file, a sticker, a voice message or a video: the store takes only text,
 * so the bot says so, and sends the caption as text when there is one, after saying so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { messageUpdate, type MediaKind } from '../support/telegram-updates.ts';
import { ADMIN } from './harness.ts';
import { BOT_ID, createNockBridge, GROUP_ID, type NockBridge } from './nock-bridge.ts';

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function orderWithCard() {
  h = await createNockBridge();
  const order = h.sandbox.control.createOrder();
  await h.engine.pollNow();
  return { order, card: h.cardSends(order.id)[0]! };
}

const NAMES: Record<MediaKind, string> = { photo: 'photo', document: 'file', sticker: 'sticker', voice: 'voice message', video: 'video' };

describe.each(Object.entries(NAMES) as [MediaKind, string][])('a %s as a reply to a card', (media, name) => {
  it('is not sent; the bot says only text reaches the buyer, under it', async () => {
    const { order, card } = await orderWithCard();
    await h!.handle(
      messageUpdate({ from: ADMIN, chatId: GROUP_ID, messageId: 70, replyTo: { messageId: card.messageId!, botId: BOT_ID }, media }),
    );
    await h!.engine.pollNow();
    const said = h!.telegram.callsOf('sendMessage').at(-1)!;
    expect(said.body.reply_parameters).toEqual({ message_id: 70, allow_sending_without_reply: true });
    expect(String(said.body.text)).toContain(`this ${name} cannot reach the buyer`);
    expect(h!.sandbox.control.messages(order.id)).toEqual([]);
  });
});

describe('a captioned media reply', () => {
  it('says the media does not reach the buyer, then sends the caption as text and acknowledges it', async () => {
    const { order, card } = await orderWithCard();
    const reply = { from: ADMIN, chatId: GROUP_ID, messageId: 71, replyTo: { messageId: card.messageId!, botId: BOT_ID } };
    await h!.handle(messageUpdate({ ...reply, media: 'photo', caption: '  Your key: AAAA-BBBB  ' }));
    const said = h!.telegram.callsOf('sendMessage').at(-1)!;
    expect(String(said.body.text)).toContain('this photo does not reach the buyer');
    expect(String(said.body.text)).toContain('caption is sent as text');
    expect(h!.sandbox.control.messages(order.id)).toEqual([]);

    await h!.engine.pollNow();
    expect(h!.sandbox.control.messages(order.id).map((message) => message.text)).toEqual(['Your key: AAAA-BBBB']);
    const reaction = h!.telegram.callsOf('setMessageReaction').at(-1)!;
    expect(reaction.body).toMatchObject({ chat_id: GROUP_ID, message_id: 71, reaction: [{ type: 'emoji', emoji: '👍' }] });
  });

  it('through /reply too', async () => {
    const { order } = await orderWithCard();
    await h!.handle(messageUpdate({ from: ADMIN, chatId: ADMIN.id, messageId: 5, text: `/reply ${order.id}` }));
    await h!.handle(
      messageUpdate({ from: ADMIN, chatId: ADMIN.id, messageId: 6, media: 'document', caption: 'the manual, in short: restart it' }),
    );
    expect(String(h!.telegram.callsOf('sendMessage').at(-1)!.body.text)).toContain('this file does not reach the buyer');
    await h!.engine.pollNow();
    expect(h!.sandbox.control.messages(order.id).map((message) => message.text)).toEqual(['the manual, in short: restart it']);
  });
});
