/**
 * The bridge with Telegram answered by nock (test/support/nock-telegram.ts): the sandbox store on loopback, the real
 * client, a SQLite file, the real sync engine driven by `pollNow()`, and the bridge bot on grammY's real API root.
 * Updates go in through `bot.handleUpdate` (no polling). `restart()` builds a new process over the same file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Update } from 'grammy/types';
import { createBridgeBot, type BridgeBot, type BridgeBotDeps } from '../../src/bot/index.ts';
import { createTelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import { createCardViewQueries } from '../../src/db/card-views.ts';
import { createKeyValueStore, type KeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { SandboxHandle } from '../../src/sandbox/contract.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { SellerApiClient } from '../../src/seller-api/client.ts';
import { createSyncEngine, type BridgeSyncEngine, type SyncEngineOptions } from '../../src/sync/engine.ts';
import { NOCK_BOT_TOKEN, startNockTelegram, stopNockTelegram, type NockTelegram, type NockTelegramCall } from '../support/nock-telegram.ts';
import { sandboxClient } from '../support/sandbox-client.ts';
import { ADMIN, GROUP_ID, QUICK_ENGINE, QUICK_TELEGRAM, silent } from './harness.ts';

export { GROUP_ID };
/** The bot's user id: the token's digits. */
export const BOT_ID = Number(NOCK_BOT_TOKEN.split(':')[0]);

export interface NockBridgeOptions {
  chatId?: number;
  bot?: Partial<BridgeBotDeps>;
  engine?: Partial<SyncEngineOptions>;
  /** Events go through the Telegram queue, drained from the start (default: the direct sink, to test its answers). */
  queue?: boolean;
}

export interface NockBridge {
  telegram: NockTelegram;
  sandbox: SandboxHandle;
  readonly bridge: BridgeBot;
  readonly engine: BridgeSyncEngine;
  readonly kv: KeyValueStore;
  handle(update: Update): Promise<void>;
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

export async function createNockBridge(options: NockBridgeOptions = {}): Promise<NockBridge> {
  const telegram = startNockTelegram();
  const sandbox = await startSandbox();
  const dir = mkdtempSync(join(tmpdir(), 'nock-bridge-'));
  const dbPath = join(dir, 'bridge.sqlite');

  const startProcess = async (chatId: number): Promise<Process> => {
    const api = sandboxClient(sandbox, silent);
    const db = openDatabase(dbPath, { logger: silent });
    const kv = createKeyValueStore(db);
    let engine: BridgeSyncEngine | undefined;
    const bridge = createBridgeBot({
      token: NOCK_BOT_TOKEN,
      chatId,
      adminIds: [ADMIN.id],
      engine: () => engine!,
      kv,
      cardStore: createCardViewQueries(db),
      ...(options.queue ? { telegramQueue: createTelegramQueueQueries(db) } : {}),
      logger: silent,
      ...QUICK_TELEGRAM,
      noticeRetryDelaysMs: [],
      ...options.bot,
    });
    engine = createSyncEngine({
      api,
      db,
      sink: bridge.sink,
      logger: silent,
      ...QUICK_ENGINE,
      ...options.engine,
    });
    await bridge.bot.init();
    bridge.queue?.start();
    return { api, db, kv, engine, bridge };
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
    await process.bridge.queue?.stop();
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
      return need().engine;
    },
    get kv() {
      return need().kv;
    },
    handle: (update) => need().bridge.bot.handleUpdate(update),
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
