/**
 * The drainer's rules, against the real queue table and a scripted delivery: what Telegram accepted is recorded (and
 * linked) after it accepted it; a step stop() gave up on records nothing; a chat-wide refusal holds everything until
 * a probe gets through, and a probe never comes before Telegram's retry_after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GrammyError } from 'grammy';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StepResult } from '../../src/bot/sink/queue-delivery.ts';
import { createTelegramDrainer, DEFAULT_DRAINER, type TelegramDrainer } from '../../src/bot/sink/telegram-drainer.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { QueuedRow } from '../../src/core/telegram-queue-rows.ts';
import { createTelegramQueueQueries, type TelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import type { TelegramRef } from '../../src/core/telegram-ref.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import type { SyncForBot } from '../../src/sync/contract.ts';
import { eventually } from './harness.ts';

const ORDER = 'ord_d' as OrderId;
let dir: string;
let db: SqliteDatabase;
let queue: TelegramQueueQueries;
let drainer: TelegramDrainer | undefined;
let links: TelegramRef[];
/** Each step takes the next scripted answer: a result, an error, or a promise the test settles. */
let answers: (() => Promise<StepResult>)[];
let steps: QueuedRow[];
/** A scripted answer for the step of one item (by payload), used once, before `answers`. */
let answerTo: Map<string, () => Promise<StepResult>>;

const ok = (row: QueuedRow): StepResult => ({
  progress: [{ seq: row.seq, partsSent: 1, done: true, payload: row.payload }],
  links: [{ orderId: ORDER, ref: { chatId: 1, messageId: row.seq }, role: 'other' }],
});
const telegramError = (code: number, description: string, retryAfter?: number) =>
  new GrammyError(
    description,
    { ok: false, error_code: code, description, ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }) },
    'sendMessage',
    {},
  );

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'drainer-'));
  db = openDatabase(join(dir, 'db.sqlite'), { logger: pino({ level: 'silent' }) });
  queue = createTelegramQueueQueries(db);
  links = [];
  answers = [];
  answerTo = new Map();
  steps = [];
});
afterEach(async () => {
  await drainer?.stop();
  drainer = undefined;
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(options: Partial<typeof DEFAULT_DRAINER> = {}) {
  drainer = createTelegramDrainer({
    store: queue,
    deliver: (row) => {
      steps.push(row);
      const answer = answerTo.get(row.payload) ?? answers.shift();
      answerTo.delete(row.payload);
      return answer ? answer() : Promise.resolve(ok(row));
    },
    engine: () => ({ linkTelegramMessage: (_order: OrderId, ref: TelegramRef) => links.push(ref) }) as unknown as SyncForBot,
    options: { ...DEFAULT_DRAINER, backoff: { baseMs: 60_000, maxMs: 60_000 }, ...options },
    now: Date.now,
    logger: pino({ level: 'silent' }),
    secrets: [],
  });
  drainer.start();
  return drainer;
}
const add = (id: string) => queue.add({ kind: 'notice', tier: 0, dedupKey: id, payload: id }, Date.now());

describe('telegram drainer', () => {
  it('records and links what Telegram accepted, in order, then waits for more', async () => {
    add('a');
    add('b');
    const d = start();
    await eventually(() => expect(queue.pending()).toBe(0));
    expect(steps.map((row) => row.payload)).toEqual(['a', 'b']);
    expect(links.map((ref) => ref.messageId)).toEqual(steps.map((row) => row.seq));
    add('c');
    d.wake('main');
    await eventually(() => expect(queue.pending()).toBe(0));
    expect(steps.map((row) => row.payload)).toEqual(['a', 'b', 'c']);
  });

  it('a step stop() gave up on records nothing: it is sent again after the restart', async () => {
    add('a');
    let answer: (result: StepResult) => void = () => undefined;
    answers.push(() => new Promise((resolve) => (answer = resolve)));
    const d = start({ stopGraceMs: 0 });
    await eventually(() => expect(steps).toHaveLength(1));
    await d.stop();
    answer(ok(steps[0]!));
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.pending()).toBe(1);
    expect(links).toEqual([]);

    start();
    await eventually(() => expect(queue.pending()).toBe(0));
    expect(steps.map((row) => row.payload)).toEqual(['a', 'a']);
  });

  it('a chat that refuses the bot holds everything until a probe gets through', async () => {
    add('a');
    add('b');
    answers.push(() => Promise.reject(telegramError(403, 'Forbidden: bot was blocked by the user')));
    const d = start();
    await eventually(() => expect(d.held('main')).toMatchObject({ code: 'TELEGRAM_CHAT_UNAVAILABLE', sinkUnavailable: true }));
    expect(steps).toHaveLength(1);
    d.retryNow();
    await eventually(() => expect(queue.pending()).toBe(0));
    expect(steps.map((row) => row.payload)).toEqual(['a', 'a', 'b']);
    expect(d.held('main')).toBeUndefined();
  });

  it("a probe never comes before Telegram's retry_after", async () => {
    add('a');
    answers.push(() => Promise.reject(telegramError(429, 'Too Many Requests: retry after 30', 30)));
    const d = start();
    await eventually(() => expect(d.held('main')).toMatchObject({ code: 'TELEGRAM_RATE_LIMITED' }));
    // What is left of the hold: the backoff (60 s), never less than Telegram's 30 s.
    expect(d.held('main')?.retryAfterMs).toBeGreaterThan(30_000);
    expect(d.held('main')?.retryAfterMs).toBeLessThanOrEqual(60_000);
    d.retryNow();
    expect(d.held('main')?.retryAfterMs).toBeGreaterThan(25_000);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toHaveLength(1);
    expect(queue.pending()).toBe(1);
  });

  it('an item Telegram refuses on its own waits with its backoff; other orders go on', async () => {
    queue.add({ kind: 'message', tier: 0, orderId: 'x', dedupKey: 'x1', payload: 'x1' }, Date.now());
    queue.add({ kind: 'message', tier: 0, orderId: 'x', dedupKey: 'x2', payload: 'x2' }, Date.now());
    queue.add({ kind: 'message', tier: 0, orderId: 'y', dedupKey: 'y1', payload: 'y1' }, Date.now());
    answers.push(() => Promise.reject(telegramError(400, 'Bad Request: something odd')));
    const d = start();
    await eventually(() => expect(steps.map((row) => row.payload)).toEqual(['x1', 'y1']));
    expect(d.held('main')).toBeUndefined();
    expect(queue.pendingOf('x', 'message', 5).map((row) => [row.payload, row.attempts])).toEqual([
      ['x1', 1],
      ['x2', 0],
    ]);
  });

  it("each store drains on its own: one store's blocked chat or slow sends never hold another's back", async () => {
    const addTo = (store: string, id: string) => queue.add({ kind: 'notice', tier: 0, store, dedupKey: id, payload: id }, Date.now());
    addTo('keys', 'keys 1');
    addTo('keys', 'keys 2');
    addTo('games', 'games 1');
    addTo('games', 'games 2');
    // keys' chat refuses the bot; games' first send hangs until the test lets it go.
    let release: (result: StepResult) => void = () => undefined;
    answerTo.set('keys 1', () => Promise.reject(telegramError(403, 'Forbidden: bot was blocked by the user')));
    answerTo.set('games 1', () => new Promise((resolve) => (release = resolve)));
    const d = start();
    await eventually(() => expect(d.held('keys')).toMatchObject({ code: 'TELEGRAM_CHAT_UNAVAILABLE' }));
    expect(d.held('games')).toBeUndefined();
    await eventually(() => expect(steps.map((row) => row.payload)).toContain('games 1'));
    // A store queued while games' send hangs goes out meanwhile.
    addTo('toys', 'toys 1');
    d.wake('toys');
    await eventually(() => expect(queue.pending('toys')).toBe(0));
    expect(queue.pending('games')).toBe(2);
    release(ok(steps.find((row) => row.payload === 'games 1')!));
    await eventually(() => expect(queue.pending('games')).toBe(0));
    expect(queue.pending('keys')).toBe(2);
    d.retryNow();
    await eventually(() => expect(queue.pending('keys')).toBe(0));
    expect(steps.map((row) => row.payload).filter((p) => p.startsWith('keys'))).toEqual(['keys 1', 'keys 1', 'keys 2']);
  });
});
