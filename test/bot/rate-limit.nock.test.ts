/** Telegram's 429 with `retry_after`, word for word (nock): waited out, and nothing overtakes the request that waits. */
import { afterEach, describe, expect, it } from 'vitest';
import { TELEGRAM_FAULTS } from '../support/nock-telegram.ts';
import { createNockBridge, GROUP_ID, type NockBridge } from './nock-bridge.ts';

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('429 Too Many Requests', () => {
  it('a card refused with retry_after is sent after the wait, and the buyer message after it', async () => {
    h = await createNockBridge();
    const order = h.sandbox.control.createOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'first question');
    h.telegram.replyNext('sendMessage', TELEGRAM_FAULTS.tooManyRequests(1));
    await h.engine.pollNow();
    await h.engine.pollNow();

    const sends = h.telegram.callsOf('sendMessage');
    expect(sends.map((call) => [call.status, String(call.body.text).includes('first question') ? 'message' : 'card'])).toEqual([
      [429, 'card'],
      [200, 'card'],
      [200, 'message'],
    ]);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a request waiting out retry_after keeps its place: later sends to the chat wait behind it', async () => {
    h = await createNockBridge();
    h.telegram.replyNext('sendMessage', TELEGRAM_FAULTS.tooManyRequests(1));
    const first = h.bridge.postNotice('first');
    // Asked a moment later, while the first waits out its retry_after.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = h.bridge.postNotice('second');
    await Promise.all([first, second]);
    await h.drained();

    const sends = h.telegram.callsOf('sendMessage');
    expect(sends.map((call) => [call.status, call.body.text, call.body.chat_id])).toEqual([
      [429, 'first', GROUP_ID],
      [200, 'first', GROUP_ID],
      [200, 'second', GROUP_ID],
    ]);
  });
});
