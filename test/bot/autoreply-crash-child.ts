/**
 * A bridge process for the automatic answers' crash test: the whole bridge as `npm start` builds it
 * (build-bridge.ts), polling every 15 ms, against a sandbox and the parent's fake Bot API. The parent kills it with
 * SIGKILL at random moments. Configured by environment: SANDBOX_URL, SANDBOX_KEY, DB_PATH, TELEGRAM_ROOT,
 * TELEGRAM_TOKEN, CHAT_ID, ADMIN_ID. Prints "started" once both run.
 */
import { pino } from 'pino';
import { buildBridge } from '../../src/app/build-bridge.ts';
import { MAIN_STORE } from '../../src/core/store-ref.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createSellerApiClient } from '../../src/seller-api/client.ts';
import { testConfig } from '../support/test-config.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const config = testConfig({
  TELEGRAM_BOT_TOKEN: env('TELEGRAM_TOKEN'),
  TELEGRAM_API_ROOT: env('TELEGRAM_ROOT'),
  TELEGRAM_CHAT_ID: env('CHAT_ID'),
  TELEGRAM_ADMIN_IDS: env('ADMIN_ID'),
  SELLER_API_URL: env('SANDBOX_URL'),
  SELLER_API_KEY: env('SANDBOX_KEY'),
  DATABASE_PATH: env('DB_PATH'),
  POLL_INTERVAL_SECONDS: 0.015,
  REMIND_UNTAKEN_MINUTES: 0,
  REMIND_UNANSWERED_MINUTES: 0,
});
const logger = pino({ level: process.env.CHILD_LOG_LEVEL ?? 'silent' });
const db = openDatabase(config.databasePath, { logger });
const api = createSellerApiClient({ baseUrl: env('SANDBOX_URL'), apiKey: env('SANDBOX_KEY'), logger });
const bridge = buildBridge({
  config,
  db,
  stores: [{ name: MAIN_STORE, title: MAIN_STORE, chatId: undefined, db, api }],
  logger,
  overrides: {
    bot: { pacing: { perChatIntervalMs: 0, groupPerMinute: 10_000, globalPerSecond: 10_000 }, pollingTimeoutSeconds: 1 },
    engine: { actionBackoffBaseMs: 10, actionBackoffMaxMs: 50 },
  },
});
await bridge.start();
process.stdout.write('started\n');
