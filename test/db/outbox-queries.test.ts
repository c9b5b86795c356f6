/** The outbox table's guarantees, which hold even if a caller skipped the dedupe check. */
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import { createQueries, type Queries } from '../../src/db/queries.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';

let db: SqliteDatabase;
let q: Queries;
beforeEach(() => {
  db = openDatabase(':memory:', { logger: pino({ level: 'silent' }) });
  q = createQueries(db);
});
afterEach(() => {
  db.close();
});
const o = 'ord-1' as OrderId;

it('allows one live take per order, and a new one after a failure', () => {
  const first = q.outbox.insert({ kind: 'take', orderId: o }, 'k1', 1);
  expect(() => q.outbox.insert({ kind: 'take', orderId: o }, 'k2', 2)).toThrow(/UNIQUE/);
  q.outbox.finish(first, { state: 'failed', outcome: { ok: false, code: 'TRANSPORT' }, code: 'TRANSPORT', attempts: 1, now: 3 });
  expect(() => q.outbox.insert({ kind: 'take', orderId: o }, 'k3', 4)).not.toThrow();
  expect(q.outbox.liveOrderAction('take', o)?.idempotencyKey).toBe('k3');
});

it('allows one action per Telegram origin, and any number of messages without one', () => {
  const origin = { chatId: 5, messageId: 9 };
  q.outbox.insert({ kind: 'message', orderId: o, text: 'a', origin }, 'k1', 1);
  expect(() => q.outbox.insert({ kind: 'message', orderId: o, text: 'a', origin }, 'k2', 2)).toThrow(/UNIQUE/);
  q.outbox.insert({ kind: 'message', orderId: o, text: 'b' }, 'k3', 3);
  q.outbox.insert({ kind: 'message', orderId: o, text: 'b' }, 'k4', 4);
  expect(q.outbox.byOrigin(origin)?.idempotencyKey).toBe('k1');
  expect(q.outbox.countPending()).toBe(3);
});

it('runs the actions of one order in queue order: a later one waits while an earlier one backs off', () => {
  const take = q.outbox.insert({ kind: 'take', orderId: o }, 'k1', 10);
  const deliver = q.outbox.insert({ kind: 'deliver', orderId: o, value: 'v' }, 'k2', 11);
  const other = q.outbox.insert({ kind: 'take', orderId: 'ord-2' as OrderId }, 'k3', 12);
  expect(q.outbox.due(100).map((entry) => entry.id)).toEqual([take, other]);

  q.outbox.retryLater(take, {
    code: 'TRANSPORT',
    attempts: 1,
    nextAttemptAt: 500,
    uncertain: false,
    outcome: { ok: 'queued', code: 'TRANSPORT', attempts: 1, nextAttemptAt: 500 },
  });
  expect(q.outbox.due(100).map((entry) => entry.id)).toEqual([other]);
  expect(q.outbox.nextDueAt()).toBe(12);

  q.outbox.finish(take, { state: 'succeeded', outcome: { ok: true }, code: undefined, attempts: 2, now: 600 });
  expect(q.outbox.due(600).map((entry) => entry.id)).toEqual([deliver, other]);
});
