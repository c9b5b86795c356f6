/**
 * The Telegram queue's table: an event queued once per key, a card's pending edits collapsed into one item, new
 * content before edits, nothing of an order overtaking an item that waits for its retry, progress recorded, and
 * what was sent kept for a while (re-offers) then pruned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { QueueEntry } from '../../src/core/telegram-queue-rows.ts';
import { createTelegramQueueQueries, type TelegramQueueQueries } from '../../src/db/telegram-queue.ts';

const NOW = 1_000_000;
let dir: string;
let db: SqliteDatabase;
let queue: TelegramQueueQueries;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tg-queue-'));
  db = openDatabase(join(dir, 'db.sqlite'), { logger: pino({ level: 'silent' }) });
  queue = createTelegramQueueQueries(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const message = (orderId: string, id: string): QueueEntry => ({
  kind: 'message',
  lane: 0,
  orderId,
  dedupKey: `message:${orderId}:${id}`,
  payload: id,
});
const change = (orderId: string, state: string) => ({ kind: 'change', lane: 1 as const, orderId, payload: state });
/** Takes the next item and marks it sent, as the drainer does once Telegram accepted it. */
const sendNext = (now = NOW) => {
  const row = queue.next(now, 0);
  if (row) queue.progress([{ seq: row.seq, partsSent: 1, done: true }], now);
  return row?.payload;
};

describe('telegram queue', () => {
  it('queues an event once per key, even after it was sent', () => {
    expect(queue.add(message('a', 'm1'), NOW)).toBe(true);
    expect(queue.add(message('a', 'm1'), NOW)).toBe(false);
    expect(sendNext()).toBe('m1');
    expect(queue.add(message('a', 'm1'), NOW)).toBe(false);
    expect(queue.pending()).toBe(0);
  });

  it("collapses a card's pending edits into the latest state, in the first one's place", () => {
    queue.replacePending(change('a', 'processing'), NOW);
    queue.add(message('b', 'm1'), NOW);
    queue.replacePending(change('a', 'delivered'), NOW);
    queue.replacePending(change('a', 'completed'), NOW);
    expect(queue.pending()).toBe(2);
    expect([sendNext(), sendNext(), sendNext()]).toEqual(['m1', 'completed', undefined]);
    // Sent: a later change is a new edit.
    queue.replacePending(change('a', 'cancelled'), NOW);
    expect(sendNext()).toBe('cancelled');
  });

  it('sends new content before edits, each lane oldest first', () => {
    queue.replacePending(change('a', 'edit-a'), NOW);
    queue.add(message('a', 'm1'), NOW);
    queue.replacePending(change('b', 'edit-b'), NOW);
    queue.add({ kind: 'notice', lane: 0, payload: 'notice' }, NOW);
    queue.add(message('b', 'm2'), NOW);
    expect([sendNext(), sendNext(), sendNext(), sendNext(), sendNext()]).toEqual(['m1', 'notice', 'm2', 'edit-a', 'edit-b']);
  });

  it("puts cards of orders in progress (a first start's import) after live content; an item of such an order brings its card first", () => {
    const card = (orderId: string, status: string): QueueEntry => ({
      kind: 'appeared',
      lane: 0,
      orderId,
      dedupKey: `appeared:${orderId}`,
      payload: JSON.stringify({ kind: 'appeared', order: { id: orderId, status } }),
    });
    const shown = () => {
      const payload = sendNext();
      return payload?.startsWith('{') ? `card ${(JSON.parse(payload) as { order: { id: string } }).order.id}` : payload;
    };
    queue.add(card('imported-1', 'processing'), NOW);
    queue.add(card('imported-2', 'processing'), NOW);
    queue.add(card('new', 'paid'), NOW);
    queue.add(message('live', 'm1'), NOW);
    queue.add(message('imported-2', 'm2'), NOW);
    queue.replacePending(change('imported-1', 'edit'), NOW - 1);
    const order = Array.from({ length: 7 }, shown);
    expect(order).toEqual(['card new', 'm1', 'card imported-2', 'm2', 'card imported-1', 'edit', undefined]);
    // An edit aged past the limit goes with live content, and still after its order's card.
    queue.add(card('imported-3', 'awaiting_confirmation'), NOW);
    queue.replacePending(change('imported-3', 'aged edit'), NOW);
    const row = queue.next(NOW, NOW + 1);
    expect(row?.kind).toBe('appeared');
  });

  it('an edit that waited past the limit goes with new content, in its turn', () => {
    queue.replacePending(change('a', 'old-edit'), NOW - 300_000);
    queue.add(message('b', 'm1'), NOW);
    // Not aged: new content first.
    expect(queue.next(NOW, NOW - 600_000)?.payload).toBe('m1');
    // Aged: in its turn by age.
    expect(queue.next(NOW, NOW - 120_000)?.payload).toBe('old-edit');
  });

  it('an item waiting for its retry holds back the rest of its order, not the others', () => {
    queue.add(message('a', 'a1'), NOW);
    queue.add(message('a', 'a2'), NOW);
    queue.add(message('b', 'b1'), NOW);
    const first = queue.next(NOW, 0)!;
    queue.failed(first.seq, NOW + 5_000);
    expect(queue.next(NOW, 0)?.payload).toBe('b1');
    expect(queue.pendingOf('a', 'message', 10).map((row) => [row.payload, row.attempts])).toEqual([
      ['a1', 1],
      ['a2', 0],
    ]);
    expect(sendNext()).toBe('b1');
    expect(queue.next(NOW, 0)).toBeUndefined();
    expect(queue.next(NOW + 5_000, 0)?.payload).toBe('a1');
  });

  it('records parts sent; an item is done only when said so', () => {
    queue.add(message('a', 'long'), NOW);
    const row = queue.next(NOW, 0)!;
    queue.progress([{ seq: row.seq, partsSent: 2, done: false }], NOW);
    expect(queue.next(NOW, 0)).toMatchObject({ payload: 'long', partsSent: 2 });
    queue.progress([{ seq: row.seq, partsSent: 3, done: true }], NOW);
    expect(queue.next(NOW, 0)).toBeUndefined();
  });

  it('prunes sent items past the keep time, never pending ones', () => {
    queue.add(message('a', 'old'), NOW);
    sendNext(NOW);
    queue.add(message('a', 'waiting'), NOW);
    expect(queue.pruneSent(NOW)).toBe(0);
    expect(queue.pruneSent(NOW + 1)).toBe(1);
    expect(queue.pending()).toBe(1);
    // Pruned: the key is free again (re-offers come within minutes, pruning after days).
    expect(queue.add(message('a', 'old'), NOW)).toBe(true);
  });
});
