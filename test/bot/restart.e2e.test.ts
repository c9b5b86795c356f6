/** A restart of the whole bridge (new bot, engine and client over the same database file): nothing repeated. */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredCard } from '../../src/core/card-view.ts';
import { MIGRATIONS } from '../../src/db/migrations.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };

describe('restart', () => {
  it('repeats no card and no message, and the old card still works', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'first message');
    await h.engine.pollNow();
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const reply = h.telegram.sendText(ADMIN, 'hello buyer', { ...inGroup, replyTo: card.messageId });
    await eventually(() => expect(h.telegram.message(GROUP_ID, reply.message_id)?.reactions).toEqual(['👍']));
    const botMessagesBefore = h.telegram.botMessages(GROUP_ID).length;

    await h.restart();
    await h.engine.pollNow();
    await h.engine.pollNow();
    expect(h.cardsOf(order.id)).toHaveLength(1);
    expect(h.repliesTo(card.messageId)).toHaveLength(1);
    expect(h.telegram.botMessages(GROUP_ID)).toHaveLength(botMessagesBefore);
    expect(h.sandbox.control.messages(order.id).filter((message) => message.senderRole === 'seller')).toHaveLength(1);

    // What arrives after the restart still threads under the old card, and its buttons still act.
    h.sandbox.control.postBuyerMessage(order.id, 'second message');
    await h.engine.pollNow();
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(2));
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('processing'));
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']));
  });

  it('an unfinished Deliver step survives the restart (conversation state in the database)', async () => {
    const { order, card } = await h.createPaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toContain('Deliver'));
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toContain('issued value'));
    const prompt = h.telegram.botMessages(GROUP_ID).at(-1)!;

    await h.restart();
    h.telegram.sendText(ADMIN, 'CODE-42', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toContain('with this value?'));
    h.telegram.tapLabel(ADMIN, h.telegram.botMessages(GROUP_ID).at(-1)!.messageId, 'Confirm', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.deliveredValue).toBe('CODE-42'));
    // The value went to the order, not to the buyer's chat.
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
  });
});

describe('crash between the Telegram post and sync’s commit', () => {
  it('the re-offered order and message are not posted again', async () => {
    await h.close();
    const crashed = new Set<string>();
    h = await createBridgeHarness({
      engine: {
        testHooks: {
          // Once per event kind: the sink has posted, sync dies before committing, and offers the event again.
          beforeCommit(event) {
            if (event.kind === 'orderChanged' || crashed.has(event.kind)) return;
            crashed.add(event.kind);
            throw new Error(`simulated crash before committing ${event.kind}`);
          },
        },
      },
    });
    const order = h.sandbox.control.createOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'x'.repeat(5000)); // two parts
    await h.engine.pollNow();
    await h.engine.pollNow();
    await h.engine.pollNow();
    await eventually(() => expect(h.cardsOf(order.id)).toHaveLength(1));
    const card = h.cardsOf(order.id)[0]!;
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(2));
    expect(crashed).toEqual(new Set(['orderAppeared', 'messageArrived']));
    await h.engine.pollNow();
    expect(h.cardsOf(order.id)).toHaveLength(1);
    expect(h.repliesTo(card.messageId)).toHaveLength(2);
    expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: h.repliesTo(card.messageId)[1]!.messageId })).toBe(order.id);
  });
});

/** Turns the stopped bridge's database back into what a version-1 build left: the card's view in a kv record. */
function backToVersion1(path: string, orderId: string, card: StoredCard) {
  const linksV1 = /CREATE TABLE telegram_links \([\s\S]*?\) STRICT;/.exec(MIGRATIONS[0]!.sql)![0].replace('telegram_links', 'links_v1');
  const db = new Database(path);
  db.transaction(() => {
    db.exec(linksV1);
    db.exec(`INSERT INTO links_v1 (rowid, chat_id, message_id, order_id, role, created_at)
               SELECT rowid, chat_id, message_id, order_id, role, created_at FROM telegram_links;
             DROP TABLE telegram_links;
             ALTER TABLE links_v1 RENAME TO telegram_links;
             CREATE INDEX telegram_links_order ON telegram_links (order_id);
             DELETE FROM schema_migrations WHERE version > 1;`);
    // Tables of the migrations after version 1 go too, whatever they are: the restart applies them again.
    const v1Tables = new Set(['orders', 'chat_cursors', 'chat_messages', 'telegram_links', 'outbox', 'kv', 'schema_migrations']);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
      name: string;
    }[];
    for (const { name } of tables) if (!v1Tables.has(name)) db.exec(`DROP TABLE "${name}"`);
    // And their triggers on version 1's tables (migration 8's on orders): a version 1 database has none.
    const triggers = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).all() as { name: string }[];
    for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
    // And the columns later migrations added to version 1's tables (migration 10's chat_cursors.last_read_at).
    for (const table of v1Tables) {
      const created = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\) STRICT;`).exec(MIGRATIONS[0]!.sql)?.[1];
      if (created === undefined) continue;
      const columns = db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[];
      for (const { name } of columns) {
        if (!new RegExp(`^\\s*${name}\\s`, 'm').test(created)) db.exec(`ALTER TABLE "${table}" DROP COLUMN "${name}"`);
      }
    }
    const { html, markup, shownAt } = card.view!;
    const record = [{ chatId: card.chatId, messageId: card.messageId, html, markup, at: shownAt }];
    db.prepare('INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)').run(`bot.cards:${orderId}`, JSON.stringify(record), Date.now());
  })();
  db.close();
}

describe('upgrade from a build that kept card records in the key-value store', () => {
  it('the record moves to the card, a reply to the old card still reaches its order, and the card is edited in place', async () => {
    const { order, card } = await h.createPaidOrder();
    const stored = h.cards.cards(order.id as OrderId);
    expect(stored).toHaveLength(1);
    await h.stopBridge();
    backToVersion1(h.dbPath, order.id, stored[0]!);

    await h.restart();
    expect(h.kv.get(`bot.cards:${order.id}`)).toBeUndefined();
    expect(h.cards.cards(order.id as OrderId)).toEqual(stored);

    h.telegram.sendText(ADMIN, 'after the upgrade', { ...inGroup, replyTo: card.messageId });
    const sellerTexts = () =>
      h.sandbox.control
        .messages(order.id)
        .filter((message) => message.senderRole === 'seller')
        .map((message) => message.text);
    await eventually(() => expect(sellerTexts()).toEqual(['after the upgrade']));
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']));
    expect(h.cardsOf(order.id)).toHaveLength(1);
  });
});
