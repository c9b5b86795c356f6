/**
 * The bridge with Telegram answered by nock (test/support/nock-telegram.ts): the sandbox store on loopback, the real
 * client, a SQLite file, the bridge as the app builds it (sync driven by `pollNow()`, the bot on grammY's real API root).
 * Updates go in through `bot.handleUpdate` (no polling). `restart()` builds a new process over the same file.
 */
import { MAIN_STORE } from '../../src/core/store-ref.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Update } from 'grammy/types';
import { buildBridge } from '../../src/app/build-bridge.ts';
import type { BridgeBot, BridgeBotDeps } from '../../src/bot/index.ts';
import { createKeyValueStore, type KeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { SandboxHandle } from '../../src/sandbox/contract.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { SellerApiClient } from '../../src/seller-api/client.ts';
import type { BridgeSyncEngine, SyncEngineOptions } from '../../src/sync/engine.ts';
import { NOCK_BOT_TOKEN, startNockTelegram, stopNockTelegram, type NockTelegram, type NockTelegramCall } from '../support/nock-telegram.ts';
import { sandboxClient } from '../support/sandbox-client.ts';
import { testConfig } from '../support/test-config.ts';
import { ADMIN, GROUP_ID, QUICK_ENGINE, QUICK_TELEGRAM, silent } from './harness.ts';

export { GROUP_ID };
/** The bot's user id: the token's digits. */
export const BOT_ID = Number(NOCK_BOT_TOKEN.split(':')[0]);

export interface NockBridgeOptions {
  chatId?: number;
  bot?: Partial<BridgeBotDeps>;
  engine?: Partial<SyncEngineOptions>;
}

export interface NockBridge {
  telegram: NockTelegram;
  sandbox: SandboxHandle;
  readonly bridge: BridgeBot;
  readonly engine: BridgeSyncEngine;
  readonly kv: KeyValueStore;
  handle(update: Update): Promise<void>;
  /** Until the Telegram queue drained, or stopped moving (the chat refused, an item waiting for its retry). */
  drained(): Promise<void>;
  /** The texts the bot sent with sendMessage and Telegram accepted, in order. */
  sentTexts(): string[];
  /** The sendMessage calls that carried a card of this order (refused ones included). */
  cardSends(orderId: string): NockTelegramCall[];
  /** A new process over the same database, optionally with other options (a changed TELEGRAM_CHAT_ID). */
  restart(options?: Pick<NockBridgeOptions, 'chatId'>): Promise<void>;
  close(): Promise<void>;
}

interface Process {
  api: SellerApiClient;
  db: SqliteDatabase;
  kv: KeyValueStore;
  engine: BridgeSyncEngine;
  bridge: BridgeBot;
}

/** Until nothing waits for Telegram, or nothing was sent for 1.5 s (at most 5 s). */
async function drainedOrStuck(bridge: BridgeBot): Promise<void> {
  const deadline = Date.now() + 5_000;
  let last = await bridge.queue.waiting();
  let since = Date.now();
  while (last > 0 && Date.now() < deadline && Date.now() - since < 1_500) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = await bridge.queue.waiting();
    if (now !== last) since = Date.now();
    last = now;
  }
}

export async function createNockBridge(options: NockBridgeOptions = {}): Promise<NockBridge> {
  const telegram = startNockTelegram();
  const sandbox = await startSandbox();
  const dir = mkdtempSync(join(tmpdir(), 'nock-bridge-'));
  const dbPath = join(dir, 'bridge.sqlite');

  const startProcess = async (chatId: number): Promise<Process> => {
    const api = sandboxClient(sandbox, silent);
    const db = openDatabase(dbPath, { logger: silent });
    const config = testConfig({
      TELEGRAM_BOT_TOKEN: NOCK_BOT_TOKEN,
      TELEGRAM_CHAT_ID: chatId,
      TELEGRAM_ADMIN_IDS: ADMIN.id,
      SELLER_API_URL: sandbox.baseUrl,
      SELLER_API_KEY: sandbox.store.apiKey,
      DATABASE_PATH: dbPath,
      POLL_INTERVAL_SECONDS: QUICK_ENGINE.pollIntervalMs / 1000,
      TELEGRAM_TOPICS: 'off',
    });
    const built = buildBridge({
      config,
      db,
      stores: [{ name: MAIN_STORE, title: MAIN_STORE, chatId: undefined, db, api }],
      logger: silent,
      overrides: { bot: { ...QUICK_TELEGRAM, ...options.bot }, engine: { ...QUICK_ENGINE, ...options.engine } },
    });
    // No polling: updates go in through handleUpdate, and the engine is driven by pollNow().
    await built.bot.bot.init();
    await built.bot.queue.start();
    return { api, db, kv: createKeyValueStore(db), engine: built.engine, bridge: built.bot };
  };

  let chatId = options.chatId ?? GROUP_ID;
  let current: Process | undefined = await startProcess(chatId);
  const need = () => {
    if (!current) throw new Error('the bridge is stopped');
    return current;
  };
  const stopProcess = async () => {
    const process = current;
    current = undefined;
    if (!process) return;
    await process.engine.stop();
    await process.bridge.queue.stop();
    await process.api.close();
    process.db.close();
  };

  return {
    telegram,
    sandbox,
    get bridge() {
      return need().bridge;
    },
    get engine() {
      const { engine, bridge } = need();
      // These tests look at what Telegram was sent after a poll: it is sent by the queue's drainer, so a poll here
      // also waits for the queue to drain, or to stop moving (the chat refused, an item waiting for its retry).
      return {
        ...engine,
        pollNow: async () => {
          await engine.pollNow();
          await drainedOrStuck(bridge);
        },
      } as BridgeSyncEngine;
    },
    get kv() {
      return need().kv;
    },
    handle: (update) => need().bridge.bot.handleUpdate(update),
    drained: () => drainedOrStuck(need().bridge),
    sentTexts: () => telegram.okCallsOf('sendMessage').map((call) => String(call.body.text)),
    cardSends: (orderId) =>
      telegram.callsOf('sendMessage').filter((call) => String(call.body.text).startsWith(`🛒 <b>Order</b> <code>${orderId}</code>`)),
    async restart(next = {}) {
      await stopProcess();
      chatId = next.chatId ?? chatId;
      current = await startProcess(chatId);
    },
    async close() {
      await stopProcess();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
      stopNockTelegram();
    },
  };
}
