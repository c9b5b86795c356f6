/**
 * A bridge process for the auto-cancel crash test: the real engine and the real bot (reminders on, a pass every
 * 20 ms) against a sandbox and the parent's fake Bot API. The parent kills it with SIGKILL at random moments.
 * Configured by environment: SANDBOX_URL, SANDBOX_KEY, DB_PATH, TELEGRAM_ROOT, TELEGRAM_TOKEN, CHAT_ID, ADMIN_ID,
 * SORRY. Prints "started" once both run.
 */
import { pino } from 'pino';
import { createBridgeBot } from '../../src/bot/index.ts';
import { createCardViewQueries } from '../../src/db/card-views.ts';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createReminderQueries } from '../../src/db/reminders.ts';
import { createSellerApiClient } from '../../src/seller-api/client.ts';
import { createSyncEngine, type BridgeSyncEngine } from '../../src/sync/engine.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const logger = pino({ level: process.env.CHILD_LOG_LEVEL ?? 'silent' });
const db = openDatabase(env('DB_PATH'), { logger });
let engine: BridgeSyncEngine | undefined;
const bridge = createBridgeBot({
  token: env('TELEGRAM_TOKEN'),
  apiRoot: env('TELEGRAM_ROOT'),
  chatId: Number(env('CHAT_ID')),
  adminIds: [Number(env('ADMIN_ID'))],
  engine: () => {
    if (engine === undefined) throw new Error('engine not built yet');
    return engine;
  },
  kv: createKeyValueStore(db),
  cardStore: createCardViewQueries(db),
  reminders: { store: createReminderQueries(db), tickMs: 20, sorryMessage: () => env('SORRY') },
  logger,
  pacing: { perChatIntervalMs: 0, groupPerMinute: 10_000, globalPerSecond: 10_000 },
  pollingTimeoutSeconds: 1,
});
engine = createSyncEngine({
  api: createSellerApiClient({ baseUrl: env('SANDBOX_URL'), apiKey: env('SANDBOX_KEY'), logger }),
  db,
  sink: bridge.sink,
  logger,
  pollIntervalMs: 15,
  actionBackoffBaseMs: 10,
  actionBackoffMaxMs: 50,
});
await bridge.start();
engine.start();
process.stdout.write('started\n');
