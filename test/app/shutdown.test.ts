/**
 * One shutdown budget for the whole bridge: sync's grace period and the bot's wait for updates in flight come out
 * of it, one after the other, so a stop with both a hanging sink and a hanging update still ends by its deadline
 * (each part waiting its own default, they would add up to 15 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { loadConfig } from '../../src/config/index.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { createShutdownBudget } from '../../src/shared/shutdown-budget.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const SELLER = { id: 5150, first_name: 'Seller' };

let sandbox: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;
let bridge: RunningBridge | undefined;

beforeEach(async () => {
  sandbox = await startSandbox();
  telegram = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'bridge-shutdown-'));
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await sandbox.close();
  await telegram.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(probe: () => boolean, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a stop with a hanging sink and a hanging update ends within the shared budget', async () => {
  // Every send is told to come back in 30 s: the order's card (the sink) and the answer to /help (an update) hang.
  telegram.failNext('sendMessage', { error_code: 429, retry_after: 30 }, 2);
  sandbox.control.createOrder();
  bridge = await startBridge({
    config: loadConfig({
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_CHAT_ID: String(SELLER.id),
      SELLER_API_URL: sandbox.baseUrl,
      SELLER_API_KEY: sandbox.store.apiKey,
      DATABASE_PATH: join(dir, 'bridge.sqlite'),
      POLL_INTERVAL_SECONDS: '0.05',
    }),
    store: { baseUrl: sandbox.baseUrl, apiKey: sandbox.store.apiKey, deliverField: 'deliveredValue' },
    logger: pino({ level: 'silent' }),
    bot: { pacing: { perChatIntervalMs: 0, groupPerMinute: 10_000, globalPerSecond: 10_000 }, pollingTimeoutSeconds: 1 },
  });
  await until(() => telegram.callsOf('sendMessage').length === 1, 'the card to be sent');
  telegram.sendText(SELLER, '/help');
  await until(() => telegram.callsOf('sendMessage').length === 2, 'the answer to /help to be sent');
  expect(bridge.bot.polling().handling).toBe(1);

  const budget = createShutdownBudget({ totalMs: 2_000, reserveMs: 500 });
  await bridge.stop(budget);
  expect(Date.now()).toBeLessThanOrEqual(budget.deadline);
  // Sync waited for its sink as long as the budget allowed (its 5 s grace, cut), which left the bot nothing to wait.
  expect(budget.remaining()).toBeLessThan(1_000);
}, 20_000);
