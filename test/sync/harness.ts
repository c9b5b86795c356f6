/**
 * What every sync test needs: a sandbox store on loopback, a real client, a SQLite file in a temp folder,
 * a recording sink (no Telegram), and engines over that file (several, to simulate restarts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/contract.ts';
import type { SellerApiClient, SellerApiClientOptions } from '../../src/seller-api/client.ts';
import type { Message, Order, OrderId, OrderStatus } from '../../src/seller-api/schemas.ts';
import type { CatchUpSummary, MessageTiming, OrderSummary, SinkReceipt, SyncSink } from '../../src/sync/contract.ts';
import { createSyncEngine, type BridgeSyncEngine, type SyncEngineOptions } from '../../src/sync/engine.ts';
import type { ActionOutcome } from '../../src/core/actions.ts';
import type { StockPlan } from '../../src/core/stock/stock-plan.ts';
import type { TelegramRef } from '../../src/core/telegram-ref.ts';
import { sandboxClient } from '../support/sandbox-client.ts';

const silent = pino({ level: 'silent' });
const CHAT_ID = -100123;

export type RecordedEvent =
  | { kind: 'orderAppeared'; orderId: string; status: OrderStatus; card: TelegramRef; stock?: StockPlan }
  | { kind: 'orderChanged'; orderId: string; status: OrderStatus; previousStatus: OrderStatus }
  | {
      kind: 'messageArrived';
      orderId: string;
      messageId: string;
      text: string;
      senderRole: string;
      createdAt: string | undefined;
      timing: MessageTiming;
    }
  | { kind: 'catchUp'; lastRunEndedAt: number; newOrders: number; messages: number };

export interface RecordingSink extends SyncSink {
  events: RecordedEvent[];
  outcomes: ActionOutcome[];
  /** When it returns true for an event, the sink throws instead of recording (Telegram down). */
  refuse: ((event: RecordedEvent) => boolean) | undefined;
  messages(orderId?: string): Extract<RecordedEvent, { kind: 'messageArrived' }>[];
  appeared(): string[];
  changes(orderId?: string): Extract<RecordedEvent, { kind: 'orderChanged' }>[];
}

/** A sink that records every event (and the catch-up summary) in order and answers with fresh Telegram message ids. */
function createRecordingSink(): RecordingSink {
  let nextTelegramId = 1;
  const receipt = (): SinkReceipt => ({ telegram: [{ chatId: CHAT_ID, messageId: nextTelegramId++ }] });
  const sink: RecordingSink = {
    events: [],
    outcomes: [],
    refuse: undefined,
    async orderAppeared(order: Order, stock?: StockPlan) {
      const ref = { chatId: CHAT_ID, messageId: nextTelegramId };
      return record({ kind: 'orderAppeared', orderId: order.id, status: order.status, card: ref, ...(stock ? { stock } : {}) });
    },
    async orderChanged(order: Order, previousStatus: OrderStatus) {
      return record({ kind: 'orderChanged', orderId: order.id, status: order.status, previousStatus });
    },
    async messageArrived(order: OrderSummary, message: Message, timing: MessageTiming) {
      return record({
        kind: 'messageArrived',
        orderId: order.id,
        messageId: message.id,
        text: message.text,
        senderRole: message.senderRole,
        createdAt: message.createdAt,
        timing,
      });
    },
    async actionSettled(outcome: ActionOutcome) {
      sink.outcomes.push(outcome);
    },
    async catchUp(summary: CatchUpSummary) {
      sink.events.push({ kind: 'catchUp', ...summary });
    },
    messages: (orderId) =>
      sink.events.filter(
        (event): event is Extract<RecordedEvent, { kind: 'messageArrived' }> =>
          event.kind === 'messageArrived' && (orderId === undefined || event.orderId === orderId),
      ),
    appeared: () => sink.events.filter((event) => event.kind === 'orderAppeared').map((event) => event.orderId),
    changes: (orderId) =>
      sink.events.filter(
        (event): event is Extract<RecordedEvent, { kind: 'orderChanged' }> =>
          event.kind === 'orderChanged' && (orderId === undefined || event.orderId === orderId),
      ),
  };
  function record(event: RecordedEvent): SinkReceipt {
    if (sink.refuse?.(event)) throw new Error(`sink refuses ${event.kind}`);
    sink.events.push(event);
    return receipt();
  }
  return sink;
}

export interface Harness {
  sandbox: SandboxHandle;
  api: SellerApiClient;
  db: SqliteDatabase;
  dbPath: string;
  sink: RecordingSink;
  engine(overrides?: Partial<SyncEngineOptions>): BridgeSyncEngine;
  /** Another client of the sandbox (closed with the harness). */
  client(overrides?: Partial<SellerApiClientOptions>): SellerApiClient;
  /** A new client, database connection and engine over the same file: a restarted process. */
  restart(overrides?: Partial<SyncEngineOptions>): { engine: BridgeSyncEngine; db: SqliteDatabase; api: SellerApiClient };
  close(): Promise<void>;
}

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  client?: Partial<SellerApiClientOptions>;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox(options.sandbox);
  const dir = mkdtempSync(join(tmpdir(), 'sync-test-'));
  const dbPath = join(dir, 'state', 'bridge.sqlite');
  const clients: SellerApiClient[] = [];
  const dbs: SqliteDatabase[] = [];
  const engines: BridgeSyncEngine[] = [];

  const newClient = (overrides: Partial<SellerApiClientOptions> = {}) => {
    const api = sandboxClient(sandbox, silent, {
      timeouts: { headersMs: 300, bodyMs: 300, connectMs: 300 },
      // The sandbox's 503 says `Retry-After: 1`: tests do not wait whole seconds.
      maxRateLimitWaitMs: 50,
      ...options.client,
      ...overrides,
    });
    clients.push(api);
    return api;
  };
  const newDb = () => {
    const db = openDatabase(dbPath, { logger: silent });
    dbs.push(db);
    return db;
  };

  const api = newClient();
  const db = newDb();
  const sink = createRecordingSink();
  const engineOver = (engineApi: SellerApiClient, engineDb: SqliteDatabase, overrides: Partial<SyncEngineOptions> = {}) => {
    const engine = createSyncEngine({
      api: engineApi,
      db: engineDb,
      sink,
      logger: silent,
      pollIntervalMs: 30,
      actionBackoffBaseMs: 10,
      actionBackoffMaxMs: 50,
      sinkRetryBaseMs: 0,
      sinkRetryMaxMs: 0,
      stopGraceMs: 300,
      ...overrides,
    });
    engines.push(engine);
    return engine;
  };

  return {
    sandbox,
    api,
    db,
    dbPath,
    sink,
    engine: (overrides) => engineOver(api, db, overrides),
    client: (overrides) => newClient(overrides),
    restart(overrides) {
      const restartedApi = newClient();
      const restartedDb = newDb();
      return { engine: engineOver(restartedApi, restartedDb, overrides), db: restartedDb, api: restartedApi };
    },
    async close() {
      await Promise.all(engines.map((engine) => engine.stop()));
      await Promise.all(clients.map((client) => client.close()));
      for (const db of dbs) if (db.open) db.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` passes or the time is up (for tests driving the running loops). */
/** A new paid order at the sandbox store, by id. */
export const createPaidOrder = (h: Harness): OrderId => h.sandbox.control.createOrder({ status: 'paid' }).id as OrderId;

/** Real time passing (for loops that must run a few cycles). */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function eventually(check: () => void, timeoutMs = 5_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
