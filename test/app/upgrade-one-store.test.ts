/**
 * Upgrading a one-store setup to the version with several stores: a real database made by the last version before
 * them (test/fixtures/one-store-before-several: make-fixture.ts says how), opened by today's bridge as `npm start`
 * runs it with SELLER_API_URL and SELLER_API_KEY only. The store and the chat are put back as that version left them
 * (the sandbox tells the same story with the same ids; the fake Bot API holds the same messages). The database is
 * used in place (no store file beside it), its orders, cursors, links and actions are kept, nothing is shown twice,
 * the old cards' buttons and a reply to an old relayed message act on their orders, and a new card shows no store.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { storeLine } from '../../src/bot/texts/stores.ts';
import { BUTTONS } from '../../src/bot/texts/buttons.ts';
import { loadConfig } from '../../src/config/index.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { ADMIN, eventually, GROUP_ID } from '../bot/harness.ts';
import { parseTelegramHtml, startFakeTelegram, type ChatMessage, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { en } from '../support/texts.ts';
import { until } from '../support/until.ts';
import { FIXTURE_DATABASE, readManifest, type StoryStep } from '../fixtures/one-store-before-several/manifest.ts';
import { FAST_TELEGRAM, liveEnv } from './support/live-bridge.ts';

const silent = pino({ level: 'silent' });
const manifest = readManifest();
const inGroup = { chatId: GROUP_ID };
/**
 * The store and the bridge run ten minutes after the old version stopped, on a clock that moves: however old the
 * fixture gets, nothing is old enough to be pruned, and what the test finds kept was kept by the upgrade.
 */
const lastStep = Math.max(...manifest.story.flatMap((step) => ('createdAt' in step ? [Date.parse(step.createdAt)] : [])));
let shift = 0;
const clock = () => Date.now() - shift;

let sandbox: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;
let bridge: RunningBridge | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'upgrade-one-store-'));
  copyFileSync(FIXTURE_DATABASE, join(dir, 'bridge.sqlite'));
  shift = Date.now() - (lastStep + 10 * 60_000);
  sandbox = await startSandbox({ ids: { seed: manifest.idSeed }, now: clock });
  await tellAgain(manifest.story);
  telegram = await startFakeTelegram({ groups: [{ id: GROUP_ID, title: 'Store orders', type: 'supergroup' }], history: manifest.chat });
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await telegram.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The store's story again, on a sandbox of the same seed: the same ids, the same times. */
async function tellAgain(story: readonly StoryStep[]) {
  const products = sandbox.control.products(sandbox.store.storeId);
  for (const step of story) {
    if (step.step === 'order') {
      const order = sandbox.control.createOrder({ status: 'paid', productId: products[step.productIndex]!.id, createdAt: step.createdAt });
      expect(order.id).toBe(step.id);
    } else if (step.step === 'message') {
      const message = sandbox.control.postBuyerMessage(step.orderId, step.text, { senderRole: step.role, createdAt: step.createdAt });
      expect(message.id).toBe(step.id);
    } else if (step.step === 'take') {
      // As the old bridge did: through the API with the store's key.
      const answer = await fetch(`${sandbox.baseUrl}/orders/${step.orderId}/take`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.store.apiKey}`, 'idempotency-key': `replay-${step.orderId}` },
      });
      expect(answer.status).toBe(200);
    } else sandbox.control.setOrderStatus(step.orderId, step.status);
  }
}

/** What must survive the upgrade, as the database holds it. */
function kept(db: SqliteDatabase) {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    orders: all('SELECT id, status FROM orders ORDER BY id'),
    cursors: all('SELECT order_id, cursor_at, cursor_ms FROM chat_cursors ORDER BY order_id'),
    handled: all('SELECT order_id, message_id, origin FROM chat_messages ORDER BY order_id, message_id'),
    links: all('SELECT chat_id, message_id, order_id, role FROM telegram_links ORDER BY chat_id, message_id'),
    actions: all('SELECT kind, order_id, state, idempotency_key FROM outbox ORDER BY id'),
  };
}

const withDatabase = <T>(path: string, use: (db: SqliteDatabase) => T): T => {
  const db = openDatabase(path, { logger: silent });
  try {
    return use(db);
  } finally {
    db.close();
  }
};
const versions = (db: SqliteDatabase) => db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
const orderIds = manifest.story.flatMap((step) => (step.step === 'order' ? [step.id] : []));
const lastOldMessageId = Math.max(...manifest.chat.map((message) => message.messageId));
const oldCard = (id: string) => manifest.chat.find((message) => message.fromBot && message.text.includes(id) && message.replyMarkup);
const dataOf = (message: ChatMessage | undefined) =>
  message?.replyMarkup?.inline_keyboard.flat().map((button) => ('callback_data' in button ? button.callback_data : '')) ?? [];
const labelsOf = (message: ChatMessage | undefined) => message?.replyMarkup?.inline_keyboard.flat().map((button) => button.text) ?? [];
const newBotMessages = () => telegram.botMessages(GROUP_ID).filter((message) => message.messageId > lastOldMessageId);

it("a database of the version before several stores is used in place, and the seller's chat goes on as before", async () => {
  const databasePath = join(dir, 'bridge.sqlite');
  const before = withDatabase(databasePath, kept);
  expect(before.orders).toHaveLength(3);
  const config = loadConfig(liveEnv({ sandbox, telegram, dir }, GROUP_ID, { TELEGRAM_ADMIN_IDS: String(ADMIN.id) }));
  expect(config.stores.map((store) => store.name)).toEqual(['main']);
  bridge = await startBridge({
    config,
    stores: config.stores,
    logger: silent,
    now: clock,
    overrides: { bot: { ...FAST_TELEGRAM, now: clock } },
  });
  for (let poll = 0; poll < 3; poll += 1) await bridge.engine.pollNow();
  await eventually(async () => expect(await bridge!.bot.queue.waiting()).toBe(0));

  // Nothing shown again: no card, no relayed message, no summary of a downtime in which nothing happened.
  expect(newBotMessages()).toEqual([]);
  // In place: no store database beside it, the schema a new database gets, and what it held is still there.
  expect(readdirSync(dir).filter((name) => name.endsWith('.sqlite'))).toEqual(['bridge.sqlite']);
  const fresh = withDatabase(join(dir, 'fresh.sqlite'), versions);
  expect(withDatabase(databasePath, versions)).toEqual(fresh);
  expect(withDatabase(databasePath, kept)).toEqual(before);

  // The old cards' buttons act on their orders: Take on a paid order's card, Deliver on a taken one's.
  const [first, second] = orderIds as [string, string, string];
  telegram.tapLabel(ADMIN, oldCard(first)!.messageId, BUTTONS.take(en), inGroup);
  await until(() => sandbox.control.order(first)?.status === 'processing', 'the Take from an old card');
  await until(() => labelsOf(telegram.message(GROUP_ID, oldCard(first)!.messageId))[0] === BUTTONS.deliver(en), 'the old card edited');
  telegram.tapLabel(ADMIN, oldCard(second)!.messageId, BUTTONS.deliver(en), inGroup);
  const prompt = await until(
    () => newBotMessages().find((message) => labelsOf(message).includes(BUTTONS.deliverWithoutValue(en))),
    'the prompt',
  );
  telegram.tapLabel(ADMIN, prompt.messageId, BUTTONS.deliverWithoutValue(en), inGroup);
  const confirm = await until(() => newBotMessages().find((message) => labelsOf(message)[0] === BUTTONS.confirm(en)), 'the confirmation');
  telegram.tapLabel(ADMIN, confirm.messageId, BUTTONS.confirm(en), inGroup);
  await until(() => sandbox.control.order(second)?.status === 'awaiting_confirmation', 'the Deliver from an old card');

  // A reply to the question the old version relayed reaches that buyer.
  const question = manifest.chat.find((message) => message.fromBot && message.text.includes('region-free'));
  telegram.sendText(ADMIN, 'And it activates on Steam.', { ...inGroup, replyTo: question!.messageId });
  await until(() => sandbox.control.messages(first).some((message) => message.text === 'And it activates on Steam.'), 'the answer');

  // A new order's card: one store shows no store, and its buttons carry the store's own id as the old ones did.
  const order = sandbox.control.createOrder({ status: 'paid' });
  await bridge.engine.pollNow();
  const card = await until(() => newBotMessages().find((message) => message.text.includes(order.id)), 'the new card');
  expect(card.text).not.toContain(parseTelegramHtml(storeLine(en, 'main').html).text);
  expect(dataOf(card).map((data) => data?.replace(order.id, first))).toEqual(dataOf(oldCard(first)));
});
