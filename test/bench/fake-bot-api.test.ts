/**
 * The benchmark's fake Bot API: it refuses beyond Telegram's limits with a compressed `retry_after`, and reports what
 * reached the chat with the buyer-message tag and the order it is about.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi, type TelegramEvent } from '../../bench/telegram/fake-bot-api.ts';
import { createTimeScale } from '../../bench/time-scale.ts';

const TOKEN = '1:test';
const ORDER = 'ord_00000a0123456789';
let fake: FakeBotApi | undefined;
afterEach(async () => {
  await fake?.close();
});

async function call(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${fake?.apiRoot}/bot${TOKEN}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return (await response.json()) as {
    ok: boolean;
    error_code?: number;
    result?: { message_id: number };
    parameters?: { retry_after: number };
  };
}

describe('fake Bot API', () => {
  it('records sends and edits with every buyer-message tag they carry and their order, and answers 429 with retry_after compressed by S', async () => {
    // S = 2: one store second is 500 ms real, longer than these four calls take even on a busy machine.
    fake = await startFakeBotApi({ token: TOKEN, scale: createTimeScale(2) });
    const events: TelegramEvent[] = [];
    fake.listen((event) => events.push(event));

    const card = await call('sendMessage', { chat_id: 7, text: `Order <code>${ORDER}</code>` });
    // Two buyer messages coalesced into one Telegram message: both reached the chat.
    await call('sendMessage', { chat_id: 7, text: `order ${ORDER}: hello [#u12]\n\norder ${ORDER}: still there? [#u13]` });
    await call('editMessageText', { chat_id: 7, message_id: card.result?.message_id, text: `Order ${ORDER} delivered` });
    // The burst of 3 is spent: the 4th within the same store second is refused, for one store second (0.5 s real).
    const refused = await call('sendMessage', { chat_id: 7, text: 'more' });

    expect(refused).toMatchObject({ ok: false, error_code: 429 });
    expect(refused.parameters?.retry_after).toBe(0.5);
    expect(events.map(({ kind, tags, orderId }) => ({ kind, tags, orderId }))).toEqual([
      { kind: 'send', tags: [], orderId: ORDER },
      { kind: 'send', tags: ['u12', 'u13'], orderId: ORDER },
      { kind: 'edit', tags: [], orderId: ORDER },
    ]);
    expect(fake.stats()).toMatchObject({ status429: 1, byMethod: { sendMessage: 3, editMessageText: 1 } });
    // Each event and refusal names its chat: with several stores each store's chat is told apart.
    expect(events.map((event) => event.chatId)).toEqual([7, 7, 7]);
    expect(Object.keys(fake.stats().refusedByChat)).toEqual(['7']);
    expect(fake.stats().refusedByChat['7']).toHaveLength(1);
  });

  it('refuses a wrong token and answers a long poll with nothing', async () => {
    fake = await startFakeBotApi({ token: TOKEN, scale: createTimeScale(60) });
    const wrong = await fetch(`${fake.apiRoot}/botnope/getMe`, { method: 'POST' });
    expect(wrong.status).toBe(404);
    expect(await call('getUpdates', { timeout: 0 })).toEqual({ ok: true, result: [] });
  });
});
