/**
 * The kill -9 test of several stores, one store at a time: its sandbox and database file, what the seller does from
 * the phone between runs (tap Take on a card, answer a relayed question, each once, and again only when Telegram
 * confirmed the update and the store's outbox never got it), and the checks of exactly once at the end. And the
 * wired bridge as a child process (bridge-child.ts, configured like `npm start`), killed with SIGKILL.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pino } from 'pino';
import { expect } from 'vitest';
import { BUTTONS } from '../../../src/bot/texts/buttons.ts';
import { createKeyValueStore } from '../../../src/db/kv.ts';
import { openDatabase } from '../../../src/db/open.ts';
import type { SqliteDatabase } from '../../../src/db/sqlite.ts';
import { createStockQueries } from '../../../src/db/stock.ts';
import { createTelegramQueueQueries } from '../../../src/db/telegram-queue.ts';
import { storeDatabasePath } from '../../../src/db/store-files.ts';
import type { SandboxHandle } from '../../../src/sandbox/contract.ts';
import type { OrderId, ProductId } from '../../../src/seller-api/schemas.ts';
import { ADMIN, GROUP_ID } from '../../bot/harness.ts';
import type { ChatMessage, FakeTelegram } from '../../support/fake-telegram-api.ts';
import { bundledChild, type BundledChild } from '../../support/bundled-child.ts';
import { en } from '../../support/texts.ts';

const silent = pino({ level: 'silent' });

export interface CrashOrders {
  /** Delivered from each store's stock by the bot. */
  stocked: string[];
  /** Taken by the seller's tap; the i-th has the buyer question "<store> question <i>". */
  manual: string[];
  /** Cancelled by the seller: Cancel, then Confirm. */
  cancelled: string[];
}

interface OutboxRow {
  kind: string;
  orderId: string;
  state: string;
  payload: string;
  originChatId: number | null;
  originMessageId: number | null;
}

const links = (db: SqliteDatabase, orderId: string) =>
  db
    .prepare<[string], { chatId: number; messageId: number; role: string }>(
      'SELECT chat_id AS chatId, message_id AS messageId, role FROM telegram_links WHERE order_id = ? ORDER BY created_at, rowid',
    )
    .all(orderId);
const labelsOf = (message: ChatMessage) => message.replyMarkup?.inline_keyboard.flat().map((button) => button.text) ?? [];
const outboxOf = (db: SqliteDatabase) =>
  db
    .prepare<[], OutboxRow>(
      `SELECT kind, order_id AS orderId, state, payload, origin_chat_id AS originChatId, origin_message_id AS originMessageId
       FROM outbox ORDER BY id`,
    )
    .all();

export type CrashStore = ReturnType<typeof crashStore>;

export function crashStore(spec: { name: string; title: string }, sandbox: SandboxHandle, databasePath: string) {
  const { name } = spec;
  const dbPath = storeDatabasePath(databasePath, name);
  /** The seller's taps (callback query ids, by order and label) and answers (message ids, by order). */
  const taps = new Map<string, string>();
  const answers = new Map<string, number[]>();
  const withDb = <T>(use: (db: SqliteDatabase) => T): T => {
    const db = openDatabase(dbPath, { logger: silent });
    try {
      return use(db);
    } finally {
      db.close();
    }
  };
  const question = (i: number) => `${name} question ${i}`;
  const answer = (i: number) => `${name} answer ${i}`;
  const sellerPosts = (orderId: string) =>
    sandbox.control
      .messages(orderId)
      .filter((message) => message.senderRole === 'seller')
      .map((message) => message.text);
  const status = (orderId: string) => sandbox.control.order(orderId)?.status;

  return {
    name,
    sandbox,
    /** Its stock, and the heartbeat of a bridge that ran before (these orders are new to it, not an import). */
    prepare(productId: ProductId, keys: string[]) {
      withDb((db) => {
        createKeyValueStore(db).set('sync.lastAliveAt', Date.now() - 60_000);
        createStockQueries(db).add(productId, keys, Date.now());
      });
    },
    /** What the store has done: orders delivered, taken or cancelled, answers posted. */
    progress: (orders: CrashOrders) =>
      orders.stocked.filter((id) => status(id) === 'awaiting_confirmation').length +
      orders.cancelled.filter((id) => status(id) === 'cancelled').length +
      orders.manual.filter((id) => status(id) === 'processing').length +
      orders.manual.filter((id, i) => sellerPosts(id).includes(answer(i))).length,
    /** Everything is at the store and every question in the chat. */
    settled: (orders: CrashOrders, telegram: FakeTelegram) =>
      orders.manual.every((id, i) => sellerPosts(id).includes(answer(i))) &&
      orders.stocked.every((id) => status(id) === 'awaiting_confirmation') &&
      orders.cancelled.every((id) => status(id) === 'cancelled') &&
      orders.manual.every((_, i) => telegram.botMessages(GROUP_ID).some((message) => message.text.includes(question(i)))),
    /**
     * The seller, between runs: Take on each card still offering it, an answer to each question shown, Cancel and
     * then Confirm on the orders to cancel. Each once; again only when Telegram confirmed the update (it is no longer
     * pending) and the store's outbox never got the action: a seller who sees nothing happen does it again.
     */
    actFromPhone(telegram: FakeTelegram, orders: CrashOrders): void {
      const pending = new Set(telegram.pendingUpdates().map((update) => update.callback_query?.id ?? update.message?.message_id));
      const tapOnce = (orderId: string, messageId: number, label: string) => {
        const key = `${orderId}:${label}`;
        if (pending.has(taps.get(key))) return;
        taps.set(key, telegram.tapLabel(ADMIN, messageId, label, { chatId: GROUP_ID }));
      };
      withDb((db) => {
        const outbox = outboxOf(db);
        const asked = (orderId: string, kind: string) => outbox.some((row) => row.orderId === orderId && row.kind === kind);
        const shownOf = (orderId: string) => links(db, orderId).flatMap((link) => telegram.message(link.chatId, link.messageId) ?? []);
        for (const [i, orderId] of orders.manual.entries()) {
          const shown = shownOf(orderId);
          const card = shown.find((message) => labelsOf(message).includes(BUTTONS.take(en)));
          if (card && status(orderId) === 'paid' && !asked(orderId, 'take')) tapOnce(orderId, card.messageId, BUTTONS.take(en));
          const relayed = shown.find((message) => message.text.includes(question(i)));
          const given = answers.get(orderId) ?? [];
          const reached = outbox.some((row) => row.kind === 'message' && given.includes(row.originMessageId ?? -1));
          if (relayed && !reached && !given.some((id) => pending.has(id))) {
            const reply = telegram.sendText(ADMIN, answer(i), { chatId: GROUP_ID, replyTo: relayed.messageId });
            answers.set(orderId, [...given, reply.message_id]);
          }
        }
        for (const orderId of orders.cancelled) {
          const card = shownOf(orderId).find((message) => labelsOf(message).includes(BUTTONS.cancel(en)));
          if (!card || asked(orderId, 'cancel')) continue;
          // The question under the card, once the bot asked it; else the card's Cancel.
          const question = telegram
            .botMessages(GROUP_ID)
            .findLast((message) => message.replyToMessageId === card.messageId && labelsOf(message).includes(BUTTONS.confirm(en)));
          if (question) tapOnce(orderId, question.messageId, BUTTONS.confirm(en));
          else tapOnce(orderId, card.messageId, BUTTONS.cancel(en));
        }
      });
    },
    /** The checks of exactly once for this store; returns every Telegram message its database links. */
    check(orders: CrashOrders, telegram: FakeTelegram, others: readonly string[], maxRepeats: number): string[] {
      return withDb((db) => {
        const outbox = outboxOf(db);
        const stock = createStockQueries(db);
        const actions = (orderId: string) =>
          outbox
            .filter((row) => row.orderId === orderId)
            .map((row) => `${row.kind}:${row.state}`)
            .sort();
        const given = new Set<string>();
        for (const id of orders.stocked) {
          const reservation = stock.reservation(id as OrderId);
          const items = reservation?.items.map((item) => item.item) ?? [];
          expect(status(id), `${name} ${id}`).toBe('awaiting_confirmation');
          expect(reservation?.state, `${name} ${id}`).toBe('delivered');
          // This store's own keys, exactly the ones the store holds as delivered, none given twice.
          expect(sandbox.control.order(id)?.deliveredValue, `${name} ${id}`).toBe(items.join('\n'));
          for (const item of items) {
            expect(item.startsWith(`${name}-KEY-`), item).toBe(true);
            expect(given.has(item), `${item} given twice`).toBe(false);
            given.add(item);
          }
          expect(actions(id), `${name} ${id}`).toEqual(['deliver:succeeded', 'take:succeeded']);
          expect(sellerPosts(id), `${name} ${id}`).toEqual([]);
        }
        for (const [i, id] of orders.manual.entries()) {
          expect(status(id), `${name} ${id}`).toBe('processing');
          expect(actions(id), `${name} ${id}`).toEqual(['message:succeeded', 'take:succeeded']);
          expect(sellerPosts(id), `${name} ${id}`).toEqual([answer(i)]);
          const shown = telegram.botMessages(GROUP_ID).filter((message) => message.text.includes(question(i)));
          expect(shown.length, question(i)).toBeGreaterThanOrEqual(1);
          expect(shown.length, question(i)).toBeLessThanOrEqual(1 + maxRepeats);
          // Under this store's card of this order.
          const cards = links(db, id)
            .filter((link) => link.role === 'card')
            .map((link) => link.messageId);
          expect(shown.filter((message) => cards.includes(message.replyToMessageId ?? -1)).length, question(i)).toBeGreaterThanOrEqual(1);
        }
        for (const id of orders.cancelled) {
          expect(sandbox.control.order(id), `${name} ${id}`).toMatchObject({ status: 'cancelled', refunded: true });
          expect(actions(id), `${name} ${id}`).toEqual(['cancel:succeeded']);
          expect(sellerPosts(id), `${name} ${id}`).toEqual([]);
        }
        for (const id of [...orders.stocked, ...orders.manual, ...orders.cancelled]) {
          const own = links(db, id);
          expect(own.filter((link) => link.role === 'card').length, `${name} ${id}`).toBeGreaterThanOrEqual(1);
          for (const link of own) {
            const text = telegram.message(link.chatId, link.messageId)?.text;
            expect(text, `${name} ${id}`).toContain(id);
            // Another store's buyer, linked to this store's order of the same id, would be cross-talk.
            for (const other of others) expect(text, `${name} ${id}`).not.toContain(`${other} question`);
          }
        }
        expect(outbox).toHaveLength(2 * (orders.stocked.length + orders.manual.length) + orders.cancelled.length);
        expect(stock.summary()).toEqual([
          expect.objectContaining({ reserved: 0, held: 0, delivered: given.size, inStock: expect.any(Number) }),
        ]);
        return db
          .prepare<[], { key: string }>("SELECT chat_id || ':' || message_id AS key FROM telegram_links")
          .all()
          .map((row) => row.key);
      });
    },
  };
}

/** Items waiting in the Telegram queue of the shared database (no bridge running). */
export function queued(databasePath: string): number {
  const db = openDatabase(databasePath, { logger: silent });
  try {
    return createTelegramQueueQueries(db).pending();
  } finally {
    db.close();
  }
}

const ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * bridge-child.ts bundled as `npm start` bundles main.ts, into dist/ beside it: started under plain node it is up in
 * a second or two rather than the several seconds tsx takes to load the bridge, so the kills can be many.
 */
export const bundledBridgeChild = (): Promise<BundledChild> => bundledChild('test/app/support/bridge-child.ts', 'multi-store-crash-child');

/**
 * Runs the bundled bridge until it printed "started", then kills it with SIGKILL after `afterMs`, or once `when()`
 * holds (looked at every 5 ms: on loopback a store acts every few ms) and `graceMs` more have passed, or at the
 * latest after `atMostMs` (what is left may wait for the seller, who acts between runs).
 */
export function runUntilKilled(
  bundle: { path: string; env: NodeJS.ProcessEnv },
  kill: { afterMs: number } | { when: () => boolean; graceMs?: number; atMostMs: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle.path], {
      cwd: ROOT,
      env: bundle.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let watch: NodeJS.Timeout | undefined;
    const killNow = () => child.kill('SIGKILL');
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('started')) return;
      if ('afterMs' in kill) setTimeout(killNow, kill.afterMs);
      else {
        setTimeout(killNow, kill.atMostMs);
        watch = setInterval(() => {
          if (!kill.when()) return;
          clearInterval(watch);
          setTimeout(killNow, kill.graceMs ?? 0);
        }, 5);
      }
    });
    const guard = setTimeout(killNow, 30_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      clearInterval(watch);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the bridge ended by itself (${code}): ${stderr}`));
    });
  });
}
