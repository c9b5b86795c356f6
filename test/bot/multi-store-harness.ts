/**
 * End-to-end rig for several stores in one bot: one sandbox store per store on loopback (each its own API key, all
 * seeded alike so their order, product and message ids repeat: cross-talk between stores shows), a STORES_FILE
 * naming them with `${VAR}` keys, one bridge built by build-bridge.ts over a database per store beside the shared
 * one (as app/bridge.ts opens them), and the fake Bot API. Tests act from the phone (taps and replies in the fake
 * chat) and check each store at its sandbox; which store's database links a Telegram message says whose it is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { buildBridge, type Bridge } from '../../src/app/build-bridge.ts';
import type { StoreRuntime } from '../../src/app/stores/store-runtime.ts';
import type { BridgeBotDeps } from '../../src/bot/index.ts';
import type { Config } from '../../src/config/index.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { storeDatabasePath } from '../../src/db/store-files.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { CreateOrderInput, SandboxHandle, SandboxOptions } from '../../src/sandbox/contract.ts';
import { createSellerApiClient, type SellerApiClient } from '../../src/seller-api/client.ts';
import type { Order } from '../../src/seller-api/schemas.ts';
import type { SyncEngineOptions } from '../../src/sync/engine.ts';
import { startFakeTelegram, type ChatMessage, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { writeStoresFile, type StoreSpec } from '../support/stores-file.ts';
import { testConfig } from '../support/test-config.ts';
import { ADMIN, eventually, GROUP_ID, QUICK_ENGINE, QUICK_TELEGRAM, silent } from './harness.ts';

/** Three stores sharing one group; `main` keeps its ids unqualified, the others are `name/id` to the bot. */
const THREE_STORES: readonly StoreSpec[] = [
  { name: 'main', title: 'Main Street Games' },
  { name: 'north', title: 'North Keys' },
  { name: 'south', title: 'South Codes' },
];

/** The seed every store's sandbox shares, so the n-th order of each has the same id. */
const SHARED_ID_SEED = 20_261_127;

export interface MultiStoreOptions {
  stores?: readonly StoreSpec[];
  /** Characters per id in every store (default: the sandbox's 20). */
  idLength?: number;
  sandbox?: Omit<SandboxOptions, 'ids'>;
  /** More variables of the rig's .env (STORE_DOWN_ALERT_MINUTES…). */
  env?: Record<string, string | number>;
  bot?: Partial<BridgeBotDeps>;
  engine?: Partial<SyncEngineOptions>;
  /** How often each store's state is checked for alerts. */
  alertCheckMs?: number;
  logger?: Logger;
}

/** One store under test: its sandbox, and its database while the bridge runs. */
export interface StoreUnderTest extends StoreSpec {
  sandbox: SandboxHandle;
  /** Its database file (DATABASE_PATH itself for `main`). */
  dbPath: string;
  /** The running process's connection to it. */
  readonly db: SqliteDatabase;
  /** The Telegram messages this store's database links to `orderId` (its own id): cards first. */
  links(orderId: string): { chatId: number; messageId: number; role: 'card' | 'other' }[];
  /** The card this store's database links to `orderId`, as the chat shows it now. */
  card(orderId: string): ChatMessage | undefined;
  /** The store's chat: its own group, else the shared one. */
  chatId: number;
  /** A paid order at this store only; resolves once its card is in the chat and linked here. */
  createPaidOrder(input?: CreateOrderInput): Promise<{ order: Order; card: ChatMessage }>;
}

export interface MultiStoreHarness {
  stores: readonly StoreUnderTest[];
  store(name: string): StoreUnderTest;
  telegram: FakeTelegram;
  config: Config;
  readonly bridge: Bridge;
  /** Every store's sync polled once. */
  pollAll(): Promise<void>;
  /** The Telegram queue is empty: what sync handed off is in the chat and linked. */
  drained(timeoutMs?: number): Promise<void>;
  /** The stores whose databases link this Telegram message (exactly one for any message of an order). */
  ownersOf(chatId: number, messageId: number): string[];
  /** A new process over the same files, stores and Telegram. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function createMultiStoreHarness(options: MultiStoreOptions = {}): Promise<MultiStoreHarness> {
  const specs = options.stores ?? THREE_STORES;
  const logger = options.logger ?? silent;
  const ids = { seed: SHARED_ID_SEED, ...(options.idLength === undefined ? {} : { length: options.idLength }) };
  const sandboxes = await Promise.all(specs.map(() => startSandbox({ ...options.sandbox, ids })));
  const ownChats = specs.flatMap((spec) =>
    spec.chatId === undefined ? [] : [{ id: spec.chatId, title: spec.title, type: 'supergroup' as const }],
  );
  const telegram = await startFakeTelegram({ groups: [{ id: GROUP_ID, title: 'Store orders', type: 'supergroup' }, ...ownChats] });
  const dir = mkdtempSync(join(tmpdir(), 'multi-store-'));
  const databasePath = join(dir, 'bridge.sqlite');
  const storesFile = writeStoresFile(
    dir,
    specs.map((spec, index) => ({ spec, sandbox: sandboxes[index]! })),
  );
  const config = testConfig({
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_CHAT_ID: GROUP_ID,
    TELEGRAM_ADMIN_IDS: ADMIN.id,
    TELEGRAM_TOPICS: 'off',
    STORES_FILE: storesFile.path,
    DATABASE_PATH: databasePath,
    POLL_INTERVAL_SECONDS: QUICK_ENGINE.pollIntervalMs / 1000,
    REMIND_UNTAKEN_MINUTES: 0,
    REMIND_UNANSWERED_MINUTES: 0,
    ...storesFile.env,
    ...options.env,
  });

  interface Process {
    shared: SqliteDatabase;
    runtimes: StoreRuntime[];
    clients: SellerApiClient[];
    bridge: Bridge;
  }

  // As app/bridge.ts opens them: the shared database, and each store's own beside it (`main`'s is the shared one).
  const startProcess = async (): Promise<Process> => {
    const shared = openDatabase(databasePath, { logger });
    const clients = config.stores.map((store) =>
      createSellerApiClient({
        baseUrl: store.baseUrl,
        apiKey: store.apiKey,
        deliverField: store.deliverField,
        logger,
        retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
        timeouts: { headersMs: 1000, bodyMs: 1000, connectMs: 500 },
      }),
    );
    const runtimes = config.stores.map((store, index): StoreRuntime => {
      const path = storeDatabasePath(databasePath, store.name);
      return {
        name: store.name,
        title: store.title,
        chatId: store.chatId,
        db: path === databasePath ? shared : openDatabase(path, { logger }),
        api: clients[index]!,
      };
    });
    const bridge = buildBridge({
      config,
      db: shared,
      stores: runtimes,
      logger,
      overrides: {
        bot: { ...QUICK_TELEGRAM, pollingTimeoutSeconds: 2, ...options.bot },
        engine: { ...QUICK_ENGINE, ...options.engine },
        ...(options.alertCheckMs === undefined ? {} : { alertCheckMs: options.alertCheckMs }),
      },
    });
    await bridge.start();
    return { shared, runtimes, clients, bridge };
  };

  let current: Process | undefined = await startProcess();
  const need = (): Process => {
    if (!current) throw new Error('the bridge is stopped');
    return current;
  };
  const stopProcess = async () => {
    const running = current;
    if (!running) return;
    current = undefined;
    await running.bridge.stop();
    for (const client of running.clients) await client.close();
    for (const runtime of running.runtimes) if (runtime.db !== running.shared) runtime.db.close();
    running.shared.close();
  };

  const harness: MultiStoreHarness = {
    stores: [],
    store(name) {
      const found = harness.stores.find((store) => store.name === name);
      if (!found) throw new Error(`no store ${name}`);
      return found;
    },
    telegram,
    config,
    get bridge() {
      return need().bridge;
    },
    pollAll: () => need().bridge.engine.pollNow(),
    drained: (timeoutMs) =>
      eventually(async () => {
        const pending = await need().bridge.bot.queue.waiting();
        if (pending > 0) throw new Error(`${pending} items still queued for Telegram`);
      }, timeoutMs),
    ownersOf: (chatId, messageId) =>
      specs
        .map((spec) => spec.name)
        .filter((name) => need().bridge.engine.byName.get(name)?.orderForTelegramMessage({ chatId, messageId }) !== undefined),
    async restart() {
      await stopProcess();
      current = await startProcess();
    },
    async close() {
      await stopProcess();
      await telegram.close();
      await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  harness.stores = specs.map((spec, index) => storeUnderTest(spec, index));
  return harness;

  function storeUnderTest(spec: StoreSpec, index: number): StoreUnderTest {
    const sandbox = sandboxes[index]!;
    const chatId = spec.chatId ?? GROUP_ID;
    const store: StoreUnderTest = {
      ...spec,
      chatId,
      sandbox,
      dbPath: storeDatabasePath(databasePath, spec.name),
      get db() {
        return need().runtimes[index]!.db;
      },
      links: (orderId) =>
        store.db
          .prepare<[string], { chatId: number; messageId: number; role: 'card' | 'other' }>(
            `SELECT chat_id AS chatId, message_id AS messageId, role FROM telegram_links WHERE order_id = ?
             ORDER BY role = 'card' DESC, created_at, rowid`,
          )
          .all(orderId),
      card(orderId) {
        const link = store.links(orderId).find((found) => found.role === 'card');
        return link && telegram.message(link.chatId, link.messageId);
      },
      async createPaidOrder(input) {
        const order = sandbox.control.createOrder({ status: 'paid', ...input });
        await need().bridge.engine.byName.get(spec.name)?.pollNow();
        let card: ChatMessage | undefined;
        await eventually(() => {
          card = store.card(order.id);
          if (!card) throw new Error(`no card of ${spec.name}'s ${order.id}`);
        });
        await harness.drained();
        return { order, card: card! };
      },
    };
    return store;
  }
}
