/**
 * Which orders are the first start's import (never reminded of), and untaken orders as the store judges them: the
 * rules of src/db/reminders.ts that the end-to-end tests reach only through one path each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createReminderQueries } from '../../src/db/reminders.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';

const logger = pino({ level: 'silent' });
const MINUTE = 60_000;
let dir: string;
let db: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reminders-test-'));
  db = openDatabase(join(dir, 'bridge.sqlite'), { logger });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An order as sync commits it: created at the store at `createdAt`, first seen by the bridge at `seenAt`. */
function order(id: string, createdAt: number, seenAt: number, status = 'paid'): void {
  const json = JSON.stringify({ id, status, createdAt: new Date(createdAt).toISOString(), productTitle: 'Key' });
  db.prepare(
    `INSERT INTO orders (id, status, order_json, created_at, first_seen_at, last_changed_at, updated_at, is_open)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
  ).run(id, status, json, new Date(createdAt).toISOString(), seenAt, seenAt, seenAt);
}

const due = (now: number) =>
  createReminderQueries(db)
    .untakenDue(now, 10 * MINUTE, 3)
    .map((item) => item.orderId);

it('counts orders from the start before sync first reached the store, and keeps that start afterwards', () => {
  const reminders = createReminderQueries(db);
  reminders.begin(1_000 * MINUTE);
  // The store never answered that start: the next start is still the first one as far as the import goes.
  reminders.begin(2_000 * MINUTE);
  order('imported', 1_500 * MINUTE, 2_001 * MINUTE);
  order('new', 2_000 * MINUTE, 2_001 * MINUTE);
  expect(due(2_100 * MINUTE)).toEqual(['new']);

  // Sync reached the store (its heartbeat): later starts keep the first start.
  createKeyValueStore(db).set('sync.lastAliveAt', 2_050 * MINUTE);
  reminders.begin(3_000 * MINUTE);
  order('while-away', 2_500 * MINUTE, 3_001 * MINUTE);
  expect(due(3_100 * MINUTE)).toEqual(['new', 'while-away']);
});

it('reminds of an untaken order every ten minutes, three times, and not while a Take waits in the outbox', () => {
  const reminders = createReminderQueries(db);
  reminders.begin(0);
  order('a', MINUTE, MINUTE);
  expect(due(10 * MINUTE)).toEqual([]);
  expect(due(11 * MINUTE)).toEqual(['a']);
  for (const at of [11, 21, 31]) {
    expect(due(at * MINUTE)).toEqual(['a']);
    reminders.markUntaken(['a' as OrderId], at * MINUTE);
    expect(due((at + 9) * MINUTE)).toEqual([]);
  }
  expect(due(100 * MINUTE)).toEqual([]);

  order('b', MINUTE, MINUTE);
  db.prepare(
    `INSERT INTO outbox (kind, order_id, payload, idempotency_key, state, next_attempt_at, enqueued_at)
     VALUES ('take', 'b', '{}', 'k1', 'pending', 0, 0)`,
  ).run();
  expect(due(100 * MINUTE)).toEqual([]);
  db.prepare(`UPDATE outbox SET state = 'failed' WHERE idempotency_key = 'k1'`).run();
  expect(due(100 * MINUTE)).toEqual(['b']);
});
