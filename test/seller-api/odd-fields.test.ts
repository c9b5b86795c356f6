/**
 * One wrongly typed optional field does not cost the whole record: the order (or message) is kept, that field is
 * stringified when it can be read as text (arrays of strings joined with ", ") or dropped, and the log names the
 * dropped field, never its value.
 */
import { describe, expect, it } from 'vitest';
import { orderCard } from '../../src/bot/cards/render-card.ts';
import { listAllOrders, listMessagesAfter } from '../../src/seller-api/paging.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { client, ORDER, paidOrder, server, useScriptedStore } from './support/client-harness.ts';
import { logLines } from '../support/log-lines.ts';
import { ok } from './support/scripted-server.ts';
import { en } from '../support/texts.ts';

useScriptedStore();

const oddOrder = {
  ...paidOrder,
  id: 'ord-odd',
  amount: '12.50 EUR',
  createdAt: 1732291260000,
  fieldValues: [
    { fieldId: 'f1', label: 'Regions', value: ['EU', 'US'] },
    { fieldId: 'f2', label: 'Email', value: 'a@example.com' },
    { fieldId: 'f3', label: 'Odd', value: { nested: 'secret-ish' } },
  ],
};

describe('records with a wrongly typed optional field', () => {
  it('keeps the order in a list: the amount dropped, the multi-value field joined, the numeric time as text; the log names the field only', async () => {
    const { lines, logger } = logLines();
    server.script(ok({ orders: [oddOrder, paidOrder], total: 2, page: 1, limit: 10 }));
    const page = await client({ logger }).listOrders();

    expect(page.orders.map((order) => order.id)).toEqual(['ord-odd', 'ord-1']);
    const [odd] = page.orders;
    expect(odd?.amount).toBeUndefined();
    expect(odd?.createdAt).toBe('1732291260000');
    expect(odd?.fieldValues).toEqual([
      { fieldId: 'f1', label: 'Regions', value: 'EU, US' },
      { fieldId: 'f2', label: 'Email', value: 'a@example.com' },
      { fieldId: 'f3', label: 'Odd', value: undefined },
    ]);
    expect(page.skipped ?? []).toEqual([]);

    const warning = lines.find((line) => line.includes('dropped'));
    expect(warning).toContain('"amount"');
    expect(warning).toContain('fieldValues.2.value');
    expect(warning).not.toContain('12.50 EUR');
    expect(warning).not.toContain('secret-ish');
  });

  it('keeps it when the store answers for that order alone, and through the paging helper', async () => {
    server.script(ok({ order: oddOrder }), ok({ orders: [oddOrder], total: 1, page: 1, limit: 100 }));
    const api = client();
    expect((await api.getOrder('ord-odd' as typeof ORDER)).id).toBe('ord-odd');
    expect((await listAllOrders(api)).map((order) => order.id)).toEqual(['ord-odd']);
  });

  it('shows on the card what could be shown', async () => {
    server.script(ok({ order: oddOrder }));
    const { text } = parseTelegramHtml(orderCard(en, await client().getOrder('ord-odd' as typeof ORDER)).html);
    expect(text).toContain('Regions: EU, US');
    expect(text).toContain('Email: a@example.com');
    expect(text).toContain('Created: 1732291260000');
    expect(text).toContain('Odd: ');
    expect(text).not.toContain('Amount');
  });

  it('still skips a record whose id or status is unusable', async () => {
    server.script(
      ok({ orders: [{ ...oddOrder, id: 42 }, { ...oddOrder, id: 'ord-x', status: null }, paidOrder], total: 3, page: 1, limit: 10 }),
    );
    const page = await client().listOrders();
    expect(page.orders.map((order) => order.id)).toEqual(['ord-1']);
    expect(page.skipped?.map((record) => record.index)).toEqual([0, 1]);
  });
});

describe('a message without createdAt', () => {
  it('is kept, and comes first in its read, in the order the store listed it', async () => {
    server.script(
      ok({
        messages: [
          { id: 'm3', senderRole: 'buyer', text: 'third', createdAt: '2025-03-01T11:00:02Z' },
          { id: 'm9', senderRole: 'buyer', text: 'no time' },
          { id: 'm1', senderRole: 'buyer', text: 'first', createdAt: '2025-03-01T11:00:00Z' },
          { id: 'm0', senderRole: 'buyer', text: 123, createdAt: 1740826800000 },
        ],
        nextCursor: null,
      }),
    );
    const messages = await listMessagesAfter(client(), ORDER);
    expect(messages.map((message) => message.id)).toEqual(['m9', 'm0', 'm1', 'm3']);
    expect(messages[0]?.createdAt).toBeUndefined();
    expect(messages[1]).toMatchObject({ text: '123', createdAt: '1740826800000' });
  });
});
