/**
 * Pruning keeps the database bounded without forgetting what a re-read still needs: recent bookkeeping, ids
 * near a chat cursor, our own posts ahead of the cursor, live actions, and orders whose chat is still watched.
 */
import { expect, it } from 'vitest';
import { OrderSchema, type MessageId, type Order, type OrderId } from '../../src/seller-api/schemas.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-30T12:00:00Z');
const rules = { now: NOW, retentionMs: 7 * DAY, nearCursorMs: 1_000, orderRetentionMs: 30 * DAY };

const mem = useMemoryDb(() => NOW);

const order = (id: string, status = 'paid'): Order => OrderSchema.parse({ id, status, createdAt: '2025-05-01T00:00:00Z' });
const message = (id: string, createdMs: number) => ({ id: id as MessageId, createdAt: new Date(createdMs).toISOString(), createdMs });
const ids = (orderId: string) =>
  (
    mem.db.prepare('SELECT message_id FROM chat_messages WHERE order_id = ? ORDER BY message_id').all(orderId) as { message_id: string }[]
  ).map((row) => row.message_id);

it('deletes old handled messages behind the cursor, keeps recent ones, those near the cursor and own posts ahead of it', () => {
  const a = 'ord-a' as OrderId;
  mem.queries.orders.insert(order(a), { isOpen: true, chatWatchUntil: undefined }, NOW - 20 * DAY);
  mem.queries.cursors.ensure(a, NOW - 20 * DAY);
  const cursorMs = NOW - 10 * DAY;
  mem.queries.cursors.advance(a, new Date(cursorMs).toISOString(), cursorMs);

  mem.queries.messages.record(a, message('old-behind', cursorMs - 5 * DAY), 'relayed', NOW - 15 * DAY);
  mem.queries.messages.record(a, message('old-near', cursorMs - 500), 'relayed', NOW - 10 * DAY);
  mem.queries.messages.record(a, message('old-at', cursorMs), 'relayed', NOW - 10 * DAY);
  mem.queries.messages.record(a, message('own-ahead', cursorMs + 60_000), 'own', NOW - 10 * DAY);
  mem.queries.messages.record(a, message('recent-behind', cursorMs - DAY), 'relayed', NOW - DAY);

  const result = mem.queries.prune(rules);
  expect(result.messages).toBe(1);
  expect(ids(a)).toEqual(['old-at', 'old-near', 'own-ahead', 'recent-behind']);
  // What the overlapping re-read needs is still there.
  expect(mem.queries.messages.idsFrom(a, cursorMs - 1_000).sort()).toEqual(['old-at', 'old-near', 'own-ahead']);
});

it('keeps everything of a chat that has no cursor yet (it re-reads from the beginning)', () => {
  const b = 'ord-b' as OrderId;
  mem.queries.orders.insert(order(b), { isOpen: true, chatWatchUntil: undefined }, NOW - 20 * DAY);
  mem.queries.cursors.ensure(b, NOW - 20 * DAY);
  mem.queries.messages.record(b, message('own-old', NOW - 19 * DAY), 'own', NOW - 19 * DAY);
  expect(mem.queries.prune(rules).messages).toBe(0);
  expect(ids(b)).toEqual(['own-old']);
});

it('deletes closed orders long unwatched with their links and messages, and keeps the others', () => {
  const watch = (until: number) => ({ isOpen: false, chatWatchUntil: until });
  mem.queries.orders.insert(order('ord-gone', 'completed'), watch(NOW - 31 * DAY), NOW - 40 * DAY);
  mem.queries.orders.insert(order('ord-closed-recently', 'cancelled'), watch(NOW - 2 * DAY), NOW - 5 * DAY);
  mem.queries.orders.insert(order('ord-open'), { isOpen: true, chatWatchUntil: undefined }, NOW - 90 * DAY);
  mem.queries.orders.insert(order('ord-gone-but-pending', 'completed'), watch(NOW - 31 * DAY), NOW - 40 * DAY);
  mem.queries.cursors.ensure('ord-gone' as OrderId, NOW - 40 * DAY);
  mem.queries.messages.record('ord-gone' as OrderId, message('m', NOW - 40 * DAY), 'relayed', NOW - 40 * DAY);
  mem.queries.links.link('ord-gone' as OrderId, { chatId: 1, messageId: 10 }, 'card', NOW - 40 * DAY);
  mem.queries.outbox.insert({ kind: 'message', orderId: 'ord-gone-but-pending' as OrderId, text: 'late' }, 'key-1', NOW - 31 * DAY);

  expect(mem.queries.prune(rules).orders).toBe(1);
  expect(mem.queries.orders.get('ord-gone' as OrderId)).toBeUndefined();
  expect(mem.queries.links.orderFor({ chatId: 1, messageId: 10 })).toBeUndefined();
  expect(ids('ord-gone')).toEqual([]);
  for (const kept of ['ord-closed-recently', 'ord-open', 'ord-gone-but-pending'])
    expect(mem.queries.orders.get(kept as OrderId)).toBeDefined();
});

it('deletes old finished and reported actions, never pending or unreported ones', () => {
  const o = 'ord-x' as OrderId;
  const finish = (key: string, at: number, reported: boolean) => {
    const id = mem.queries.outbox.insert({ kind: 'message', orderId: o, text: key }, key, at);
    mem.queries.outbox.finish(id, { state: 'succeeded', outcome: { ok: true, messageId: 'm' }, code: undefined, attempts: 1, now: at });
    if (reported) mem.queries.outbox.markReported(id, 'succeeded');
    return id;
  };
  finish('old-reported', NOW - 8 * DAY, true);
  const unreported = finish('old-unreported', NOW - 8 * DAY, false);
  const recent = finish('recent', NOW - DAY, true);
  const pending = mem.queries.outbox.insert({ kind: 'take', orderId: o }, 'pending-key', NOW - 30 * DAY);

  expect(mem.queries.prune(rules).actions).toBe(1);
  for (const id of [unreported, recent, pending]) expect(mem.queries.outbox.get(id)).toBeDefined();
});

it('keeps the database bounded: a month of traffic pruned daily leaves about a week of it', () => {
  const o = 'ord-busy' as OrderId;
  mem.queries.orders.insert(order(o), { isOpen: true, chatWatchUntil: undefined }, NOW - 40 * DAY);
  mem.queries.cursors.ensure(o, NOW - 40 * DAY);
  let day = NOW - 30 * DAY;
  for (let d = 0; d < 30; d++, day += DAY) {
    for (let n = 0; n < 50; n++) {
      const at = day + n * 1_000;
      mem.queries.messages.record(o, message(`d${d}-m${n}`, at), 'relayed', at);
      mem.queries.cursors.advance(o, new Date(at).toISOString(), at);
    }
    mem.queries.prune({ ...rules, now: day + DAY });
  }
  const count = (mem.db.prepare('SELECT count(*) AS n FROM chat_messages').get() as { n: number }).n;
  expect(count).toBeLessThanOrEqual(8 * 50);
  expect(count).toBeGreaterThanOrEqual(6 * 50);
});
