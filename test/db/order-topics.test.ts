/** The topic of each order: found by order and by thread, renamed and closed, replaced when created again. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import { createOrderTopicQueries, type OrderTopicQueries } from '../../src/db/order-topics.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';

const A = 'ord_a' as OrderId;
const B = 'ord_b' as OrderId;
let dir: string;
let db: SqliteDatabase;
let topics: OrderTopicQueries;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'topics-'));
  db = openDatabase(join(dir, 'db.sqlite'), { logger: pino({ level: 'silent' }) });
  topics = createOrderTopicQueries(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('order topics', () => {
  it('keeps, renames, closes and forgets the topic of an order', () => {
    topics.save({ orderId: A, chatId: -100, threadId: 7, name: '🟢 ord_a', closed: false }, 1);
    expect(topics.topicOf(A)).toEqual({ orderId: A, chatId: -100, threadId: 7, name: '🟢 ord_a', closed: false });
    expect(topics.orderOfThread(-100, 7)).toBe(A);
    expect(topics.orderOfThread(-100, 8)).toBeUndefined();
    topics.update(A, { name: '✅ ord_a', closed: true });
    expect(topics.topicOf(A)).toMatchObject({ name: '✅ ord_a', closed: true });
    topics.forget(A);
    expect(topics.topicOf(A)).toBeUndefined();
    expect(topics.orderOfThread(-100, 7)).toBeUndefined();
  });

  it('a topic created again replaces the old one; a reused thread id moves to its new order', () => {
    topics.save({ orderId: A, chatId: -100, threadId: 7, name: 'a', closed: true }, 1);
    topics.save({ orderId: A, chatId: -100, threadId: 9, name: 'a', closed: false }, 2);
    expect(topics.topicOf(A)).toMatchObject({ threadId: 9, closed: false });
    topics.save({ orderId: B, chatId: -100, threadId: 9, name: 'b', closed: false }, 3);
    expect(topics.orderOfThread(-100, 9)).toBe(B);
    expect(topics.topicOf(A)).toBeUndefined();
  });
});
