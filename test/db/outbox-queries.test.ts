/** The outbox table's guarantees, which hold even if a caller skipped the dedupe check. */
import { expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const mem = useMemoryDb();
const o = 'ord-1' as OrderId;

it('allows one live take per order, and a new one after a failure', () => {
  const first = mem.queries.outbox.insert({ kind: 'take', orderId: o }, 'k1', 1);
  expect(() => mem.queries.outbox.insert({ kind: 'take', orderId: o }, 'k2', 2)).toThrow(/UNIQUE/);
  mem.queries.outbox.finish(first, { state: 'failed', outcome: { ok: false, code: 'TRANSPORT' }, code: 'TRANSPORT', attempts: 1, now: 3 });
  expect(() => mem.queries.outbox.insert({ kind: 'take', orderId: o }, 'k3', 4)).not.toThrow();
  expect(mem.queries.outbox.liveOrderAction('take', o)?.idempotencyKey).toBe('k3');
});

it('allows one action per Telegram origin, and any number of messages without one', () => {
  const origin = { chatId: 5, messageId: 9 };
  mem.queries.outbox.insert({ kind: 'message', orderId: o, text: 'a', origin }, 'k1', 1);
  expect(() => mem.queries.outbox.insert({ kind: 'message', orderId: o, text: 'a', origin }, 'k2', 2)).toThrow(/UNIQUE/);
  mem.queries.outbox.insert({ kind: 'message', orderId: o, text: 'b' }, 'k3', 3);
  mem.queries.outbox.insert({ kind: 'message', orderId: o, text: 'b' }, 'k4', 4);
  expect(mem.queries.outbox.byOrigin(origin)?.idempotencyKey).toBe('k1');
  expect(mem.queries.outbox.countPending()).toBe(3);
});

it('runs the actions of one order in queue order: a later one waits while an earlier one backs off', () => {
  const take = mem.queries.outbox.insert({ kind: 'take', orderId: o }, 'k1', 10);
  const deliver = mem.queries.outbox.insert({ kind: 'deliver', orderId: o, value: 'v' }, 'k2', 11);
  const other = mem.queries.outbox.insert({ kind: 'take', orderId: 'ord-2' as OrderId }, 'k3', 12);
  expect(mem.queries.outbox.due(100).map((entry) => entry.id)).toEqual([take, other]);

  mem.queries.outbox.retryLater(take, {
    code: 'TRANSPORT',
    attempts: 1,
    nextAttemptAt: 500,
    uncertain: false,
    outcome: { ok: 'queued', code: 'TRANSPORT', attempts: 1, nextAttemptAt: 500 },
  });
  expect(mem.queries.outbox.due(100).map((entry) => entry.id)).toEqual([other]);
  expect(mem.queries.outbox.nextDueAt()).toBe(12);

  mem.queries.outbox.finish(take, { state: 'succeeded', outcome: { ok: true }, code: undefined, attempts: 2, now: 600 });
  expect(mem.queries.outbox.due(600).map((entry) => entry.id)).toEqual([deliver, other]);
});
