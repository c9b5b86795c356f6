/**
 * A bridge process for the crash test: runs the engine against a sandbox, writes every event the sink sees to
 * a file (synchronously, so nothing is buffered when the process dies), and kills itself with SIGKILL at the
 * chosen point. Configured by environment: SANDBOX_URL, SANDBOX_KEY, DB_PATH, EVENTS_PATH, CRASH_AT_TEXT.
 */
import { appendFileSync } from 'node:fs';
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
const eventsPath = env('EVENTS_PATH');
const crashAtText = env('CRASH_AT_TEXT');
let telegramId = 1_000;
const write = (line: object) => appendFileSync(eventsPath, `${JSON.stringify(line)}\n`);

const sink: SyncSink = {
  async orderAppeared(order) {
    write({ kind: 'orderAppeared', orderId: order.id });
    return { telegram: [{ chatId: 1, messageId: telegramId++ }] };
  },
  async orderChanged(order, previousStatus) {
    write({ kind: 'orderChanged', orderId: order.id, status: order.status, previousStatus });
    return { telegram: [] };
  },
  async messageArrived(order, message) {
    write({ kind: 'messageArrived', orderId: order.id, messageId: message.id, text: message.text });
    return { telegram: [{ chatId: 1, messageId: telegramId++ }] };
  },
  async actionSettled() {},
};

const engine = createSyncEngine({
  api: createSellerApiClient({ baseUrl: env('SANDBOX_URL'), apiKey: env('SANDBOX_KEY'), logger }),
  db: openDatabase(env('DB_PATH'), { logger }),
  sink,
  logger,
  pollIntervalMs: 20,
  testHooks: {
    // The sink has sent the message to "Telegram"; the commit has not run: the process dies right here.
    beforeCommit(event) {
      if (event.kind === 'messageArrived' && event.message.text === crashAtText) process.kill(process.pid, 'SIGKILL');
    },
  },
});
engine.start();
