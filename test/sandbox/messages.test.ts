import { describe, expect, it } from 'vitest';
import { manualClock, type Reply, useSandbox } from './helpers.ts';

const start = useSandbox();
const texts = (reply: Reply): string[] => reply.json.data.messages.map((message: { text: string }) => message.text);

describe('sandbox order chat (spec 4.7, 4.8, README "API assumptions")', () => {
  it('posts a seller message and lists it with the buyer messages, oldest first', async () => {
    const clock = manualClock(Date.parse('2025-02-02T02:02:02.000Z'));
    const { control, api } = await start({ now: clock.now });
    const order = control.createOrder();
    control.postBuyerMessage(order.id, 'Hi <there> & 🙂');
    clock.advance(10);
    const posted = await api('POST', `/orders/${order.id}/messages`, { body: { text: 'Hello! Sending now.' } });
    expect(posted.status).toBe(201);
    expect(posted.json.data.message).toEqual({
      id: expect.stringMatching(/^msg_/),
      senderRole: 'seller',
      text: 'Hello! Sending now.',
      createdAt: '2025-02-02T02:02:02.010Z',
    });
    clock.advance(10);
    control.postBuyerMessage(order.id, 'system note', { senderRole: 'system' });

    const list = await api('GET', `/orders/${order.id}/messages`);
    expect(list.status).toBe(200);
    expect(list.json.data.nextCursor).toBeNull();
    expect(list.json.data.messages.map((m: { senderRole: string; text: string }) => [m.senderRole, m.text])).toEqual([
      ['buyer', 'Hi <there> & 🙂'],
      ['seller', 'Hello! Sending now.'],
      ['system', 'system note'],
    ]);
    expect(control.messages(order.id)).toEqual(list.json.data.messages);
  });

  it('returns only messages strictly after the cursor, with nextCursor while more follow', async () => {
    const clock = manualClock(Date.parse('2025-01-01T00:00:00.000Z'));
    const { control, api } = await start({ now: clock.now });
    const order = control.createOrder();
    for (let i = 1; i <= 5; i += 1) {
      clock.advance(1000);
      control.postBuyerMessage(order.id, `m${i}`);
    }
    const first = await api('GET', `/orders/${order.id}/messages?limit=2`);
    expect(texts(first)).toEqual(['m1', 'm2']);
    expect(first.json.data.nextCursor).toBe('2025-01-01T00:00:02.000Z');
    const second = await api('GET', `/orders/${order.id}/messages?limit=2&cursor=${first.json.data.nextCursor}`);
    expect(texts(second)).toEqual(['m3', 'm4']);
    const third = await api('GET', `/orders/${order.id}/messages?limit=2&cursor=${second.json.data.nextCursor}`);
    expect(texts(third)).toEqual(['m5']);
    expect(third.json.data.nextCursor).toBeNull();
    // Exactly a page's worth left: no further cursor.
    const exact = await api('GET', `/orders/${order.id}/messages?limit=3&cursor=${first.json.data.nextCursor}`);
    expect(texts(exact)).toEqual(['m3', 'm4', 'm5']);
    expect(exact.json.data.nextCursor).toBeNull();
    // A cursor at the newest message: nothing new.
    const none = await api('GET', `/orders/${order.id}/messages?cursor=2025-01-01T00:00:05.000Z`);
    expect(none.json.data).toEqual({ messages: [], nextCursor: null });
    // Other ISO spellings of an instant work as cursors.
    const offset = await api('GET', `/orders/${order.id}/messages?cursor=${encodeURIComponent('2025-01-01T01:00:03+01:00')}`);
    expect(texts(offset)).toEqual(['m4', 'm5']);
  });

  it('a page may end inside a group of equal timestamps: re-reading from just before loses nothing', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    const at = (iso: string) => ({ createdAt: iso });
    control.postBuyerMessage(order.id, 'a', at('2025-01-01T00:00:01.000Z'));
    // Three messages in the same millisecond, posted out of order in time on purpose.
    control.postBuyerMessage(order.id, 'e', at('2025-01-01T00:00:03.000Z'));
    control.postBuyerMessage(order.id, 'b', at('2025-01-01T00:00:02.000Z'));
    control.postBuyerMessage(order.id, 'c', at('2025-01-01T00:00:02.000Z'));
    control.postBuyerMessage(order.id, 'd', at('2025-01-01T00:00:02.000Z'));

    const page1 = await api('GET', `/orders/${order.id}/messages?limit=3`);
    expect(texts(page1)).toEqual(['a', 'b', 'c']);
    expect(page1.json.data.nextCursor).toBe('2025-01-01T00:00:02.000Z');

    // Blindly following nextCursor skips 'd' (same createdAt as the cursor): the documented trap.
    const blind = await api('GET', `/orders/${order.id}/messages?limit=3&cursor=${page1.json.data.nextCursor}`);
    expect(texts(blind)).toEqual(['e']);

    // The bridge's way: re-read from just before the newest timestamp seen and dedupe by id.
    const seen = new Map<string, string>();
    for (const message of page1.json.data.messages) seen.set(message.id, message.text);
    const justBefore = new Date(Date.parse(page1.json.data.nextCursor) - 1).toISOString();
    const reread = await api('GET', `/orders/${order.id}/messages?limit=3&cursor=${justBefore}`);
    for (const message of reread.json.data.messages) seen.set(message.id, message.text);
    const rest = await api('GET', `/orders/${order.id}/messages?limit=3&cursor=${reread.json.data.nextCursor}`);
    for (const message of rest.json.data.messages) seen.set(message.id, message.text);
    expect([...seen.values()].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('caps limit at 100 with a default of 50', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    for (let i = 0; i < 120; i += 1) control.postBuyerMessage(order.id, `n${i}`);
    const byDefault = await api('GET', `/orders/${order.id}/messages`);
    expect(byDefault.json.data.messages).toHaveLength(50);
    expect(byDefault.json.data.nextCursor).not.toBeNull();
    const capped = await api('GET', `/orders/${order.id}/messages?limit=500`);
    expect(capped.json.data.messages).toHaveLength(100);
  });

  it('refuses a bad cursor or limit with VALIDATION_ERROR', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    for (const query of ['cursor=yesterday', 'limit=0', 'limit=x']) {
      const reply = await api('GET', `/orders/${order.id}/messages?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses invalid message bodies with 400 VALIDATION_ERROR and posts nothing', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    const invalid = [
      { body: {} },
      { body: { text: '' } },
      { body: { text: '   \n\t ' } },
      { body: { text: 42 } },
      { body: { text: null } },
      { body: { text: 'x'.repeat(4001) } },
      { body: 'just a string' },
      { body: [{ text: 'in an array' }] },
      { rawBody: '{"text": "unterminated' },
      {},
    ];
    for (const options of invalid) {
      const reply = await api('POST', `/orders/${order.id}/messages`, options);
      expect(reply.status, JSON.stringify(options).slice(0, 60)).toBe(400);
      expect(reply.json).toEqual({ success: false, error: expect.objectContaining({ code: 'VALIDATION_ERROR' }) });
    }
    expect(control.messages(order.id)).toEqual([]);
  });

  it('accepts exactly 4000 characters, counting emoji as one', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    expect((await api('POST', `/orders/${order.id}/messages`, { body: { text: 'y'.repeat(4000) } })).status).toBe(201);
    expect((await api('POST', `/orders/${order.id}/messages`, { body: { text: '🎮'.repeat(4000) } })).status).toBe(201);
    expect((await api('POST', `/orders/${order.id}/messages`, { body: { text: '🎮'.repeat(4001) } })).status).toBe(400);
    expect(control.messages(order.id)).toHaveLength(2);
  });

  it('an unknown order has no chat', async () => {
    const { api, control } = await start();
    expect((await api('GET', '/orders/ord_none/messages')).json.error.code).toBe('ORDER_NOT_FOUND');
    expect((await api('POST', '/orders/ord_none/messages', { body: { text: 'hi' } })).json.error.code).toBe('ORDER_NOT_FOUND');
    expect(() => control.postBuyerMessage('ord_none', 'hi')).toThrow(expect.objectContaining({ code: 'ORDER_NOT_FOUND' }));
  });

  it('buyers may write long texts (the bot must split, not drop)', async () => {
    const { api, control } = await start();
    const order = control.createOrder();
    control.postBuyerMessage(order.id, 'long '.repeat(2000));
    const list = await api('GET', `/orders/${order.id}/messages`);
    expect(list.json.data.messages[0].text).toHaveLength(10_000);
  });
});
