/**
 * End-to-end rig for the bot: the sandbox store, the real Seller API client, a SQLite file, the real sync engine,
 * and the bridge bot talking to the fake Telegram Bot API — all over loopback HTTP. `restart()` builds a new
 * client, database connection, engine and bot over the same file, as a restarted process would.
 */
import { MAIN_STORE } from '../../src/core/store-ref.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { pino, type Logger } from 'pino';
import { buildBridge, type Bridge } from '../../src/app/build-bridge.ts';
import type { BridgeBot, BridgeBotDeps, ReminderSettings } from '../../src/bot/index.ts';
import { createCardViewQueries, type CardViewQueries } from '../../src/db/card-views.ts';
import { createKeyValueStore, type KeyValueStore } from '../../src/db/kv.ts';
import { createOrderTopicQueries } from '../../src/db/order-topics.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { QUICK_REPLY_BUTTONS } from '../../src/bot/texts/templates.ts';
import { en } from '../support/texts.ts';
import { createTelegramQueueQueries, type TelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/contract.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { SellerApiClient } from '../../src/seller-api/client.ts';
import type { Order } from '../../src/seller-api/schemas.ts';
import type { BridgeSyncEngine, SyncEngineOptions } from '../../src/sync/engine.ts';
import { startFakeTelegram, type ChatMessage, type FakeTelegram, type FakeUser } from '../support/fake-telegram-api.ts';
import { testConfig } from '../support/test-config.ts';
import { sandboxClient } from '../support/sandbox-client.ts';

export const silent = pino({ level: 'silent' });
export const ADMIN: FakeUser = { id: 1001, first_name: 'Admin' };
export const STRANGER: FakeUser = { id: 2002, first_name: 'Stranger' };
/** A supergroup: orders go here. */
export const GROUP_ID = -1001234567890;
/** A group the bot is in that is not the orders chat. */
export const OTHER_GROUP_ID = -1009876543210;

/** Telegram pacing and retries that do not slow a test down (the bridge bots of this rig and of nock-bridge.ts). */
export const QUICK_TELEGRAM = {
  pacing: { perChatIntervalMs: 0, groupPerMinute: 10_000, globalPerSecond: 10_000 },
  retry: { maxRetryAttempts: 3, maxDelaySeconds: 5 },
} satisfies Partial<BridgeBotDeps>;

/** Engine timings for tests: quick polls and backoffs, sink retries at once. */
export const QUICK_ENGINE = {
  pollIntervalMs: 40,
  actionBackoffBaseMs: 20,
  actionBackoffMaxMs: 100,
  sinkRetryBaseMs: 0,
  sinkRetryMaxMs: 0,
  stopGraceMs: 300,
} satisfies Partial<SyncEngineOptions>;

export interface BridgeHarnessOptions {
  /** Undefined chat: trial mode. Default: the group. */
  chatId?: number | undefined;
  adminIds?: number[];
  sandbox?: SandboxOptions;
  logger?: Logger;
  bot?: Partial<BridgeBotDeps>;
  /** Run the engine's loops (default); false: tests drive it with pollNow(). */
  startEngine?: boolean;
  engine?: Partial<SyncEngineOptions>;
  /** The orders group is a forum (topics on in Telegram). */
  forum?: boolean;
  /** TELEGRAM_TOPICS; absent: the bot's default (off). */
  topics?: 'auto' | 'off';
  /** After a refused topic creation, how long until new orders try again. */
  topicRightsRetryMs?: number;
  /** Reminders and /autocancel over this database (absent: off). */
  reminders?: Omit<ReminderSettings, 'store'>;
  /** Runs once before the first process starts (orders already in the store: the first start's import). */
  beforeFirstStart?: (sandbox: SandboxHandle) => void;
  /** More of the rig's .env, as a seller would write it. */
  env?: Record<string, string | number>;
}

export interface BridgeHarness {
  sandbox: SandboxHandle;
  telegram: FakeTelegram;
  bridge: BridgeBot;
  engine: BridgeSyncEngine;
  kv: KeyValueStore;
  /** What the bot's cards show, as the database keeps it. */
  cards: CardViewQueries;
  /** The database file, the same across restarts. */
  dbPath: string;
  /** The running process's database connection (seeding and reading in tests). */
  db: SqliteDatabase;
  chatId: number | undefined;
  /** The Telegram queue as the database keeps it. */
  queue: TelegramQueueQueries;
  /**
   * Waits until the Telegram queue is empty: everything sync handed off is in Telegram and linked to its order (a
   * reply to it finds the order). Without it a test can see a message Telegram accepted before the bot heard so.
   */
  drained(timeoutMs?: number): Promise<void>;
  /** A new process over the same database file and the same Telegram. */
  restart(): Promise<void>;
  /** Stops the bot and the engine (the sandbox and Telegram stay up). */
  stopBridge(): Promise<void>;
  close(): Promise<void>;
  /** Bot messages in the orders chat whose text starts like a card of this order. */
  cardsOf(orderId: string, chatId?: number): ChatMessage[];
  /** Bot messages in the chat that reply to the given message. */
  repliesTo(messageId: number, chatId?: number): ChatMessage[];
  createPaidOrder(input?: Parameters<SandboxHandle['control']['createOrder']>[0]): Promise<{ order: Order; card: ChatMessage }>;
  /** A paid order taken with its card's Take button in the group: processing at the store, Deliver and Cancel on the card. */
  takePaidOrder(): Promise<{ order: Order; card: ChatMessage }>;
  /** The newest bot message in the chat (default: the group). */
  lastBotMessage(chatId?: number): ChatMessage;
}

export async function createBridgeHarness(options: BridgeHarnessOptions = {}): Promise<BridgeHarness> {
  const chatId = 'chatId' in options ? options.chatId : GROUP_ID;
  const adminIds = options.adminIds ?? [ADMIN.id];
  const logger = options.logger ?? silent;
  const sandbox = await startSandbox(options.sandbox);
  const telegram = await startFakeTelegram({
    groups: [
      { id: GROUP_ID, title: 'Store orders', type: 'supergroup', isForum: options.forum ?? false },
      { id: OTHER_GROUP_ID, title: 'Somewhere else', type: 'supergroup' },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'bot-test-'));
  const dbPath = join(dir, 'bridge.sqlite');

  interface Process {
    api: SellerApiClient;
    db: SqliteDatabase;
    kv: KeyValueStore;
    cards: CardViewQueries;
    queue: TelegramQueueQueries;
    built: Bridge;
    engine: BridgeSyncEngine;
    bridge: BridgeBot;
  }

  // The rig's .env: this sandbox store and this fake Telegram; reminders off unless a test sets them.
  const config = testConfig(
    {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_CHAT_ID: chatId,
      TELEGRAM_ADMIN_IDS: chatId === undefined ? undefined : adminIds.join(','),
      TELEGRAM_TOPICS: options.topics ?? 'off',
      SELLER_API_URL: chatId === undefined ? undefined : sandbox.baseUrl,
      SELLER_API_KEY: chatId === undefined ? undefined : sandbox.store.apiKey,
      DATABASE_PATH: dbPath,
      POLL_INTERVAL_SECONDS: QUICK_ENGINE.pollIntervalMs / 1000,
      REMIND_UNTAKEN_MINUTES: 0,
      REMIND_UNANSWERED_MINUTES: 0,
      ...options.env,
    },
    { sandbox: chatId === undefined },
  );

  const startProcess = async (): Promise<Process> => {
    const api = sandboxClient(sandbox, logger);
    const db = openDatabase(dbPath, { logger });
    const built = buildBridge({
      config,
      db,
      stores: [{ name: MAIN_STORE, title: MAIN_STORE, chatId: undefined, db, api }],
      logger,
      overrides: {
        bot: {
          ...QUICK_TELEGRAM,
          pollingTimeoutSeconds: 2,
          ...(options.topics === undefined
            ? {}
            : {
                topics: {
                  mode: options.topics,
                  store: createOrderTopicQueries(db),
                  retryRightsAfterMs: options.topicRightsRetryMs ?? 600_000,
                },
              }),
          ...options.bot,
        },
        ...(options.reminders === undefined ? {} : { reminders: options.reminders }),
        engine: { ...QUICK_ENGINE, ...options.engine },
      },
    });
    await built.start({ sync: options.startEngine !== false });
    return {
      api,
      db,
      kv: createKeyValueStore(db),
      cards: createCardViewQueries(db),
      queue: createTelegramQueueQueries(db),
      built,
      engine: built.engine,
      bridge: built.bot,
    };
  };

  options.beforeFirstStart?.(sandbox);
  let current: Process | undefined = await startProcess();
  const stopProcess = async () => {
    const process = current;
    if (!process) return;
    current = undefined;
    await process.built.stop();
    await process.api.close();
    process.db.close();
  };

  const need = () => {
    if (!current) throw new Error('the bridge is stopped');
    return current;
  };

  const harness: BridgeHarness = {
    sandbox,
    telegram,
    chatId,
    get bridge() {
      return need().bridge;
    },
    get engine() {
      return need().engine;
    },
    get kv() {
      return need().kv;
    },
    get cards() {
      return need().cards;
    },
    get db() {
      return need().db;
    },
    get queue() {
      return need().queue;
    },
    drained: (timeoutMs) =>
      eventually(() => {
        const pending = need().queue.pending();
        if (pending > 0) throw new Error(`${pending} items still queued for Telegram`);
      }, timeoutMs),
    dbPath,
    async restart() {
      await stopProcess();
      current = await startProcess();
    },
    stopBridge: stopProcess,
    async close() {
      await stopProcess();
      await telegram.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
    cardsOf: (orderId, inChat = chatId ?? ADMIN.id) =>
      // `🛒 Order <id>` in English, `🛒 Заказ <id>` in Russian: the first line is the card's title in any language.
      telegram.botMessages(inChat).filter((message) => /^🛒 \S+ (\S+)\n/u.exec(message.text)?.[1] === orderId),
    repliesTo: (messageId, inChat = chatId ?? ADMIN.id) =>
      telegram.botMessages(inChat).filter((message) => message.replyToMessageId === messageId),
    async createPaidOrder(input) {
      const order = sandbox.control.createOrder(input);
      await need().engine.pollNow();
      let card: ChatMessage | undefined;
      await eventually(() => {
        card = harness.cardsOf(order.id)[0];
        if (!card) throw new Error(`no card for ${order.id}`);
      });
      await harness.drained();
      return { order, card: card! };
    },
    async takePaidOrder() {
      const { order, card } = await harness.createPaidOrder();
      telegram.tapLabel(ADMIN, card.messageId, 'Take', { chatId: GROUP_ID });
      await eventually(() => expect(sandbox.control.order(order.id)?.status).toBe('processing'));
      await eventually(() => expect(labels(telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']));
      return { order, card };
    },
    lastBotMessage: (chatId = GROUP_ID) => telegram.botMessages(chatId).at(-1)!,
  };
  return harness;
}

/** Polls until `check` passes or the time is up. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Labels of a message's buttons, row by row flattened. */
export const allLabels = (message: ChatMessage | undefined) =>
  message?.replyMarkup?.inline_keyboard.flat().map((button) => button.text) ?? [];
/** The action buttons: every label but the Quick reply every card has (templates.e2e.test.ts covers that one); the harness chat is English. */
export const labels = (message: ChatMessage | undefined) => allLabels(message).filter((label) => label !== QUICK_REPLY_BUTTONS.open(en));

/**
 * Waits until every queued update was handled: fetched (the runner confirms a batch by asking for the next one,
 * and hands it to the bot before that) and no longer in flight.
 */
export async function settled(h: Pick<BridgeHarness, 'telegram' | 'bridge'>, timeoutMs = 5_000): Promise<void> {
  await eventually(() => {
    if (h.telegram.pendingUpdates().length > 0) throw new Error('updates not fetched yet');
    if (h.bridge.polling().handling > 0) throw new Error('updates still being handled');
  }, timeoutMs);
}
