/**
 * A bridge process for the auto-delivery crash test: the real engine against a sandbox, a sink that accepts
 * everything, and nothing else. The parent kills it with SIGKILL at random moments. Configured by environment:
 * SANDBOX_URL, SANDBOX_KEY, DB_PATH. Prints "started" once the engine runs.
 */
import { pino } from 'pino';
import { openDatabase } from '../../src/db/open.ts';
import { createSellerApiClient } from '../../src/seller-api/client.ts';
import type { SyncSink } from '../../src/sync/contract.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const logger = pino({ level: 'silent' });
let telegramId = 1;
const sink: SyncSink = {
  orderAppeared: async () => ({ telegram: [{ chatId: 1, messageId: telegramId++ }] }),
  orderChanged: async () => ({ telegram: [] }),
  messageArrived: async () => ({ telegram: [] }),
  actionSettled: async () => {},
};

const engine = createSyncEngine({
  api: createSellerApiClient({ baseUrl: env('SANDBOX_URL'), apiKey: env('SANDBOX_KEY'), logger }),
  db: openDatabase(env('DB_PATH'), { logger }),
  sink,
  logger,
  pollIntervalMs: 15,
  actionBackoffBaseMs: 10,
  actionBackoffMaxMs: 50,
});
engine.start();
process.stdout.write('started\n');
