/**
 * Automatic answers with several stores, the wired bridge as main.ts runs it (app/bridge.ts) against two sandbox
 * stores and the fake Bot API, the second store with its own chat: a keyword rule and `/away on`, set once in Telegram,
 * answer buyers of both stores, each at its own store, each shown under its relayed message in that store's chat; the
 * rules and the switch live in DATABASE_PATH, what was answered in each store's own file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { loadConfig } from '../../src/config/index.ts';
import { openDatabase } from '../../src/db/open.ts';
import { storeDatabasePath } from '../../src/db/store-files.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { startFakeTelegram, type ChatMessage, type FakeTelegram, type FakeUser } from '../support/fake-telegram-api.ts';
import { until } from '../support/until.ts';
import { FAST_TELEGRAM } from './support/live-bridge.ts';

const SELLER: FakeUser = { id: 5150, first_name: 'Seller' };
/** The keys store's own chat (STORES_FILE chatId). */
const KEYS_CHAT = -1005550001;
const FAQ = 'Keys arrive within 10 minutes of payment.';
const AWAY = 'We are asleep; we answer from 9:00.';
const silent = pino({ level: 'silent' });

let main: SandboxHandle;
let keys: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;
let bridge: RunningBridge | undefined;

beforeEach(async () => {
  main = await startSandbox();
  keys = await startSandbox();
  telegram = await startFakeTelegram({ groups: [{ id: KEYS_CHAT, title: 'Key shop orders', type: 'supergroup' }] });
  dir = mkdtempSync(join(tmpdir(), 'bridge-stores-autoreply-'));
  bridge = await startBridge({
    config: loadConfig({
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_CHAT_ID: String(SELLER.id),
      TELEGRAM_ADMIN_IDS: String(SELLER.id),
      SELLER_API_URL: main.baseUrl,
      SELLER_API_KEY: main.store.apiKey,
      DATABASE_PATH: join(dir, 'bridge.sqlite'),
      POLL_INTERVAL_SECONDS: '0.05',
      REMIND_UNTAKEN_MINUTES: '0',
      REMIND_UNANSWERED_MINUTES: '0',
    }),
    stores: [
      { name: 'main', title: 'Main shop', baseUrl: main.baseUrl, apiKey: main.store.apiKey, deliverField: 'deliveredValue' },
      {
        ...{ name: 'keys', title: 'Key shop', chatId: KEYS_CHAT },
        ...{ baseUrl: keys.baseUrl, apiKey: keys.store.apiKey, deliverField: 'deliveredValue' },
      },
    ],
    logger: silent,
    overrides: { bot: FAST_TELEGRAM },
  });
  // Both stores read once: what comes next is live, not the first start's import.
  await until(() => bridge!.engine.byName.get('keys')?.status().lastSuccessfulPollAt !== undefined, 'the keys store read');
  await until(() => bridge!.engine.byName.get('main')?.status().lastSuccessfulPollAt !== undefined, 'the main store read');
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await main.close();
  await keys.close();
  await telegram.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends a command in the seller's chat and waits for the bot's answer to it. */
async function command(text: string): Promise<string> {
  const sent = telegram.sendText(SELLER, text);
  let answer: ChatMessage | undefined;
  await until(() => (answer = telegram.botMessages(SELLER.id).find((message) => message.replyToMessageId === sent.message_id)), text);
  return answer!.text;
}

/** The chat a store's orders go to. */
const chatOf = (store: SandboxHandle) => (store === keys ? KEYS_CHAT : SELLER.id);

/** A new paid order in `store`, its card shown; the buyer then writes `text`; resolves with the relayed message. */
async function buyerOfWrites(store: SandboxHandle, text: string): Promise<{ orderId: string; relayed: ChatMessage }> {
  const order = store.control.createOrder();
  const inChat = () => telegram.botMessages(chatOf(store));
  await until(() => inChat().some((message) => message.text.includes(order.id)), `the card of ${order.id}`);
  store.control.postBuyerMessage(order.id, text);
  let relayed: ChatMessage | undefined;
  await until(() => (relayed = inChat().find((message) => message.text.includes(text))), text);
  return { orderId: order.id, relayed: relayed! };
}

const sellerTexts = (store: SandboxHandle, orderId: string) =>
  store.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);

const repliesTo = (relayed: ChatMessage) =>
  telegram
    .botMessages(relayed.chatId)
    .filter((message) => message.replyToMessageId === relayed.messageId)
    .map((message) => message.text);

/** Rows of `table` in a database file, read beside the running bridge. */
function countIn(path: string, table: string): number {
  const db = openDatabase(path, { logger: silent });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('automatic answers with several stores', () => {
  it('a rule added once answers in every store, at that store, under its relayed message; its record in its own file', async () => {
    await command(`/template faq-delivery ${FAQ}`);
    expect(await command('/autoreply add faq-delivery key')).toContain('Rule 1 added');

    const inMain = await buyerOfWrites(main, 'Where is my key?');
    const inKeys = await buyerOfWrites(keys, 'When do I get the key');
    await until(() => sellerTexts(main, inMain.orderId).includes(FAQ) && sellerTexts(keys, inKeys.orderId).includes(FAQ), 'both answers');
    await until(() => repliesTo(inMain.relayed).length > 0 && repliesTo(inKeys.relayed).length > 0, 'both notices');
    expect(repliesTo(inMain.relayed)).toEqual(['🤖 Answered with faq-delivery']);
    expect(repliesTo(inKeys.relayed)).toEqual(['🤖 Answered with faq-delivery']);
    // Once per order and rule, per store: the keys store's buyer asking again gets nothing more.
    keys.control.postBuyerMessage(inKeys.orderId, 'key key key?');
    await until(() => telegram.botMessages(KEYS_CHAT).some((message) => message.text.includes('key key key?')), 'the second question');
    expect(sellerTexts(keys, inKeys.orderId)).toEqual([FAQ]);

    await bridge?.stop();
    bridge = undefined;
    const shared = join(dir, 'bridge.sqlite');
    const keysFile = storeDatabasePath(shared, 'keys');
    expect(countIn(shared, 'autoreply_rules')).toBe(1);
    expect(countIn(keysFile, 'autoreply_rules')).toBe(0);
    expect(countIn(shared, 'auto_answers')).toBe(1);
    expect(countIn(keysFile, 'auto_answers')).toBe(1);
  });

  it('/away on answers the buyers of every store with the away template', async () => {
    await command(`/template away ${AWAY}`);
    expect(await command('/away on')).toContain('You are away');

    const inMain = await buyerOfWrites(main, 'Hello there');
    const inKeys = await buyerOfWrites(keys, 'Anyone here?');
    await until(() => sellerTexts(main, inMain.orderId).includes(AWAY) && sellerTexts(keys, inKeys.orderId).includes(AWAY), 'both answers');
    await until(() => repliesTo(inKeys.relayed).length > 0, 'the notice');
    expect(repliesTo(inKeys.relayed)).toEqual(['🤖 Answered with away (you are away)']);
  });
});
