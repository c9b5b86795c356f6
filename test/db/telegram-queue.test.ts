/**
 * The Telegram queue's table: an event queued once per key, a card's pending edits collapsed into one item, new
 * content before edits, nothing of an order overtaking an item that waits for its retry, progress recorded, and
 * what was sent kept for a while (re-offers) then pruned.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../src/db/migrations.ts';
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
  tier: 0,
  orderId,
  dedupKey: `message:${orderId}:${id}`,
  payload: id,
});
const change = (orderId: string, state: string) => ({ kind: 'change', tier: 2 as const, orderId, payload: state });
/** Takes the next item and marks it sent, as the drainer does once Telegram accepted it. */
const sendNext = (now = NOW) => {
  const row = queue.next(now, 0, 'main');
  if (row) queue.progress([{ seq: row.seq, partsSent: 1, done: true, payload: row.payload }], now);
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
    queue.add({ kind: 'notice', tier: 0, payload: 'notice' }, NOW);
    queue.add(message('b', 'm2'), NOW);
    expect([sendNext(), sendNext(), sendNext(), sendNext(), sendNext()]).toEqual(['m1', 'notice', 'm2', 'edit-a', 'edit-b']);
  });

  it("puts cards of orders in progress (a first start's import) after live content; an item of such an order brings its card first", () => {
    const card = (orderId: string, status: string): QueueEntry => ({
      kind: 'appeared',
      tier: status === 'paid' ? 0 : 1,
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
    const row = queue.next(NOW, NOW + 1, 'main');
    expect(row?.kind).toBe('appeared');
  });

  it('an edit that waited past the limit goes with new content, in its turn', () => {
    queue.replacePending(change('a', 'old-edit'), NOW - 300_000);
    queue.add(message('b', 'm1'), NOW);
    // Not aged: new content first.
    expect(queue.next(NOW, NOW - 600_000, 'main')?.payload).toBe('m1');
    // Aged: in its turn by age.
    expect(queue.next(NOW, NOW - 120_000, 'main')?.payload).toBe('old-edit');
  });

  it('an item waiting for its retry holds back the rest of its order, not the others', () => {
    queue.add(message('a', 'a1'), NOW);
    queue.add(message('a', 'a2'), NOW);
    queue.add(message('b', 'b1'), NOW);
    const first = queue.next(NOW, 0, 'main')!;
    queue.failed(first.seq, NOW + 5_000);
    expect(queue.next(NOW, 0, 'main')?.payload).toBe('b1');
    expect(queue.pendingOf('a', 'message', 10).map((row) => [row.payload, row.attempts])).toEqual([
      ['a1', 1],
      ['a2', 0],
    ]);
    expect(sendNext()).toBe('b1');
    expect(queue.next(NOW, 0, 'main')).toBeUndefined();
    expect(queue.next(NOW + 5_000, 0, 'main')?.payload).toBe('a1');
  });

  it('records parts sent; an item is done only when said so', () => {
    queue.add(message('a', 'long'), NOW);
    const row = queue.next(NOW, 0, 'main')!;
    queue.progress([{ seq: row.seq, partsSent: 2, done: false, payload: row.payload }], NOW);
    expect(queue.next(NOW, 0, 'main')).toMatchObject({ payload: 'long', partsSent: 2 });
    queue.progress([{ seq: row.seq, partsSent: 3, done: true, payload: row.payload }], NOW);
    expect(queue.next(NOW, 0, 'main')).toBeUndefined();
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

describe('migration 11: the priority class as a column', () => {
  it('gives waiting items the class the pick gave them, drops the lane, and the pick goes by the index', () => {
    const old = new Database(':memory:');
    const logger = pino({ level: 'silent' });
    migrate(
      old,
      logger,
      MIGRATIONS.filter((m) => m.version <= 10),
    );
    const insert = old.prepare(
      'INSERT INTO telegram_queue (kind, lane, order_id, dedup_key, payload_json, queued_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const card = (id: string, status: string) => JSON.stringify({ kind: 'appeared', order: { id, status } });
    insert.run('change', 1, 'a', null, 'edit a', NOW, null);
    insert.run('appeared', 0, 'b', 'appeared:b', card('b', 'processing'), NOW, null);
    insert.run('appeared', 0, 'c', 'appeared:c', card('c', 'paid'), NOW, null);
    insert.run('message', 0, 'd', 'message:d:1', 'not json', NOW, null);
    insert.run('notice', 0, null, null, 'notice', NOW, null);
    insert.run('appeared', 0, 'e', 'appeared:e', card('e', 'completed'), NOW, NOW);

    expect(
      migrate(
        old,
        logger,
        MIGRATIONS.filter((m) => m.version <= 11),
      ),
    ).toEqual([11]);
    const rows = old.prepare('SELECT order_id, tier, sent_at FROM telegram_queue ORDER BY seq').all();
    expect(rows).toEqual([
      { order_id: 'a', tier: 2, sent_at: null },
      { order_id: 'b', tier: 1, sent_at: null },
      { order_id: 'c', tier: 0, sent_at: null },
      { order_id: 'd', tier: 0, sent_at: null },
      { order_id: null, tier: 0, sent_at: null },
      { order_id: 'e', tier: 0, sent_at: NOW },
    ]);
    const columns = old.prepare(`SELECT name FROM pragma_table_info('telegram_queue')`).all() as { name: string }[];
    expect(columns.map((column) => column.name)).not.toContain('lane');

    migrate(old, logger);
    const migrated = createTelegramQueueQueries(old);
    const order: (string | undefined)[] = [];
    for (let row = migrated.next(NOW, 0, 'main'); row !== undefined; row = migrated.next(NOW, 0, 'main')) {
      order.push(row.orderId ?? row.payload);
      migrated.progress([{ seq: row.seq, partsSent: 1, done: true, payload: row.payload }], NOW);
    }
    expect(order).toEqual(['c', 'd', 'notice', 'b', 'a']);
    old.close();
  });
});

describe('each store drains on its own', () => {
  const of = (store: string, orderId: string, id: string): QueueEntry => ({ ...message(orderId, id), store });

  it("picks only the store's own items, in its own order, and says which stores wait", () => {
    queue.add(of('main', 'a', 'main 1'), NOW);
    queue.add(of('keys', 'keys/a', 'keys 1'), NOW);
    queue.add(of('main', 'b', 'main 2'), NOW);
    queue.add({ kind: 'notice', tier: 0, payload: 'no store' }, NOW);
    expect(queue.pendingStores().sort()).toEqual(['keys', 'main']);
    expect(queue.pending('keys')).toBe(1);
    expect(queue.pending('main')).toBe(3);
    expect(queue.next(NOW, 0, 'keys')?.payload).toBe('keys 1');
    const mains: string[] = [];
    for (let row = queue.next(NOW, 0, 'main'); row; row = queue.next(NOW, 0, 'main')) {
      mains.push(row.payload);
      queue.progress([{ seq: row.seq, partsSent: 1, done: true, payload: row.payload }], NOW);
    }
    expect(mains).toEqual(['main 1', 'main 2', 'no store']);
    expect(queue.pendingStores()).toEqual(['keys']);
  });
});

describe("migration 14: each item's store", () => {
  it("gives waiting items their notice's store, else their order's, else main", () => {
    const old = new Database(':memory:');
    const logger = pino({ level: 'silent' });
    migrate(
      old,
      logger,
      MIGRATIONS.filter((m) => m.version <= 13),
    );
    const insert = old.prepare(
      'INSERT INTO telegram_queue (kind, tier, order_id, dedup_key, payload_json, queued_at, sent_at) VALUES (?, 0, ?, ?, ?, ?, ?)',
    );
    insert.run('message', 'keys/ord_1', 'message:keys/ord_1:1', '{}', NOW, null);
    insert.run('message', 'ord_2', 'message:ord_2:1', '{}', NOW, null);
    insert.run('notice', 'ord_3', null, JSON.stringify({ kind: 'notice', notice: { html: 'x', store: 'games' } }), NOW, null);
    insert.run('notice', null, null, JSON.stringify({ kind: 'notice', notice: { html: 'x' } }), NOW, null);
    insert.run('notice', 'keys/ord_4', null, 'not json', NOW, null);
    insert.run('message', 'Bad Name/ord_5', 'message:bad:1', '{}', NOW, null);
    expect(migrate(old, logger)).toEqual([14]);
    const stores = old.prepare('SELECT store FROM telegram_queue ORDER BY seq').all() as { store: string }[];
    expect(stores.map((row) => row.store)).toEqual(['keys', 'main', 'games', 'main', 'keys', 'main']);
    old.close();
  });
});
