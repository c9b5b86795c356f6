/**
 * What each order card shows lives on its row of `telegram_links`, the one record of an order's messages: the
 * migration moves the bot's old `cards:` records there, and the queries keep cards of uncommitted orders too.
 */
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCardViewQueries, type CardViewQueries } from '../../src/db/card-views.ts';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { MIGRATIONS, migrate } from '../../src/db/migrations.ts';
import { createOrderQueries } from '../../src/db/orders.ts';
import { createTelegramLinkQueries } from '../../src/db/telegram-links.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { OrderSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const logger = pino({ level: 'silent' });
const NOW = Date.parse('2025-06-30T12:00:00Z');
const CHAT = -100123;
const open = { isOpen: true, chatWatchUntil: undefined };
const order = (id: string) => OrderSchema.parse({ id, status: 'paid' });
const ref = (messageId: number) => ({ chatId: CHAT, messageId });
const view = (html: string, shownAt: number) => ({ html, markup: '[]', shownAt });
/** Up to migration 2, so later migrations do not change what these tests count. */
const UP_TO_2 = MIGRATIONS.filter((m) => m.version <= 2);

describe('migration 2: card records move from kv onto the card rows', () => {
  let db: SqliteDatabase;
  beforeEach(() => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      logger,
      MIGRATIONS.filter((m) => m.version === 1),
    );
  });
  afterEach(() => db.close());

  it('moves every record, links a card only the bot knew, dates undated ones, and leaves the other kv keys', () => {
    // What a version-1 bridge left behind: sync's links, and the bot's records beside them.
    // Only the version-1 tables' queries: later tables do not exist yet.
    const q = { orders: createOrderQueries(db), links: createTelegramLinkQueries(db) };
    const kv = createKeyValueStore(db, () => NOW);
    q.orders.insert(order('ord_a'), open, NOW - 10_000);
    q.links.link('ord_a' as OrderId, ref(10), 'card', NOW - 10_000);
    q.links.link('ord_a' as OrderId, ref(11), 'other', NOW - 9_000);
    q.links.link('ord_a' as OrderId, ref(12), 'card', NOW - 8_000);
    kv.set('bot.cards:ord_a', [
      { chatId: CHAT, messageId: 10, html: '<b>A</b> old', markup: '[]', at: NOW - 10_000 },
      { chatId: CHAT, messageId: 12, html: '<b>A</b>', markup: '[[{"text":"Take"}]]', at: NOW - 5_000 },
    ]);
    // Posted, then the process died before the hand-off committed the order.
    kv.set('bot.cards:ord_uncommitted', [{ chatId: CHAT, messageId: 20, html: 'U', markup: '[]', at: NOW - 1_000 }]);
    q.orders.insert(order('ord_undated'), open, NOW - 50_000);
    q.links.link('ord_undated' as OrderId, ref(30), 'card', NOW - 50_000);
    kv.set('bot.cards:ord_undated', [{ chatId: CHAT, messageId: 30, html: 'D', markup: '[]' }]);
    kv.set('bot.cards:ord_odd', [{ chatId: 'not a number', messageId: 40 }]);
    kv.set('bot.callback-alias:abc', { orderId: 'ord_a', at: NOW });
    const before = Date.now();

    expect(migrate(db, logger, UP_TO_2)).toEqual([2]);

    const cards = createCardViewQueries(db);
    expect(cards.cards('ord_a' as OrderId)).toEqual([
      { ...ref(10), view: { html: '<b>A</b> old', markup: '[]', shownAt: NOW - 10_000 } },
      { ...ref(12), view: { html: '<b>A</b>', markup: '[[{"text":"Take"}]]', shownAt: NOW - 5_000 } },
    ]);
    expect(cards.cards('ord_uncommitted' as OrderId)).toEqual([{ ...ref(20), view: view('U', NOW - 1_000) }]);
    const undated = cards.cards('ord_undated' as OrderId)[0]?.view?.shownAt;
    expect(undated).toBeGreaterThanOrEqual(before);
    expect(undated).toBeLessThanOrEqual(Date.now());
    expect(cards.cards('ord_odd' as OrderId)).toEqual([]);
    expect(kv.keys('bot.cards:')).toEqual([]);
    expect(kv.keys()).toEqual(['bot.callback-alias:abc']);

    // Replies to any old message still map to its order, and the newest card still comes first.
    const links = createTelegramLinkQueries(db);
    for (const messageId of [10, 11, 12]) expect(links.orderFor(ref(messageId))).toBe('ord_a');
    expect(links.orderFor(ref(20))).toBe('ord_uncommitted');
    expect(links.forOrder('ord_a' as OrderId)).toEqual([ref(12), ref(10), ref(11)]);
    // The bot records a card before its order is committed: no foreign key may refuse that.
    expect(db.pragma('foreign_key_list(telegram_links)')).toEqual([]);
  });

  it('a database without card records migrates too', () => {
    expect(migrate(db, logger, UP_TO_2)).toEqual([2]);
    expect(db.prepare('SELECT count(*) AS n FROM telegram_links').get()).toEqual({ n: 0 });
  });
});

describe('card views', () => {
  const mem = useMemoryDb(() => NOW);
  let cards: CardViewQueries;
  beforeEach(() => {
    cards = createCardViewQueries(mem.db);
  });

  it('a card posted before its order is committed is the order card once the hand-off links it', () => {
    cards.show('ord_new' as OrderId, ref(1), view('N', NOW));
    expect(mem.queries.links.orderFor(ref(1))).toBe('ord_new');
    // The hand-off's commit: the order, and the receipt's link, which is already there.
    mem.queries.orders.insert(order('ord_new'), open, NOW);
    mem.queries.links.link('ord_new' as OrderId, ref(1), 'card', NOW + 5);
    expect(mem.queries.links.forOrder('ord_new' as OrderId)).toEqual([ref(1)]);
    expect(cards.cards('ord_new' as OrderId)).toEqual([{ ...ref(1), view: view('N', NOW) }]);
  });

  it('lists the cards whose view is known, else the newest card with its view unknown', () => {
    mem.queries.orders.insert(order('ord_a'), open, NOW);
    mem.queries.links.link('ord_a' as OrderId, ref(1), 'card', NOW);
    mem.queries.links.link('ord_a' as OrderId, ref(2), 'other', NOW + 1);
    mem.queries.links.link('ord_a' as OrderId, ref(3), 'card', NOW + 2);
    expect(cards.cards('ord_a' as OrderId)).toEqual([{ ...ref(3), view: undefined }]);

    cards.show('ord_a' as OrderId, ref(1), view('one', NOW + 10));
    expect(cards.cards('ord_a' as OrderId)).toEqual([{ ...ref(1), view: view('one', NOW + 10) }]);
    cards.show('ord_a' as OrderId, ref(3), view('three', NOW + 11));
    expect(cards.cards('ord_a' as OrderId).map((card) => card.messageId)).toEqual([1, 3]);

    cards.forget([ref(3)]);
    expect(cards.cards('ord_a' as OrderId)).toEqual([{ ...ref(1), view: view('one', NOW + 10) }]);
    cards.forgetOrder('ord_a' as OrderId);
    expect(cards.cards('ord_a' as OrderId)).toEqual([{ ...ref(3), view: undefined }]);
    // A view is never put on a message that is not a card.
    cards.show('ord_a' as OrderId, ref(2), view('x', NOW));
    expect(cards.cards('ord_a' as OrderId)).toEqual([{ ...ref(3), view: undefined }]);
  });

  it('tends orders with a known view or unknown to sync; drops cards only of an order still unknown', () => {
    mem.queries.orders.insert(order('ord_known'), open, NOW);
    mem.queries.links.link('ord_known' as OrderId, ref(1), 'card', NOW);
    mem.queries.orders.insert(order('ord_shown'), open, NOW);
    cards.show('ord_shown' as OrderId, ref(2), view('S', NOW - 5));
    cards.show('ord_shown' as OrderId, ref(3), view('S', NOW - 3));
    cards.show('ord_lost' as OrderId, ref(4), view('L', NOW - 1));
    cards.forgetOrder('ord_lost' as OrderId);
    expect(cards.tendedOrders()).toEqual([
      { orderId: 'ord_lost', shownAt: undefined },
      { orderId: 'ord_shown', shownAt: NOW - 3 },
    ]);

    cards.dropUnknown('ord_shown' as OrderId);
    cards.dropUnknown('ord_lost' as OrderId);
    expect(mem.queries.links.forOrder('ord_shown' as OrderId)).toEqual([ref(3), ref(2)]);
    expect(mem.queries.links.orderFor(ref(4))).toBeUndefined();
  });

  it("sync's pruning deletes the links of the orders it deletes, and leaves cards of uncommitted orders to the bot", () => {
    const DAY = 86_400_000;
    mem.queries.orders.insert(order('ord_old'), { isOpen: false, chatWatchUntil: NOW - 40 * DAY }, NOW - 50 * DAY);
    cards.show('ord_old' as OrderId, ref(1), view('O', NOW - 50 * DAY));
    cards.show('ord_uncommitted' as OrderId, ref(2), view('U', NOW - 50 * DAY));
    expect(mem.queries.prune({ now: NOW, retentionMs: 7 * DAY, nearCursorMs: 1_000, orderRetentionMs: 30 * DAY }).orders).toBe(1);
    expect(mem.queries.links.orderFor(ref(1))).toBeUndefined();
    expect(mem.queries.links.orderFor(ref(2))).toBe('ord_uncommitted');
  });
});
