/**
 * Long polling's life: a refused token at start, polling that stops by itself at runtime (409: another instance;
 * 401: token revoked) is reported once, network failures are retried, and stop() is graceful.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeBotError, createBridgeBot } from '../../src/bot/index.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createTelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, silent, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
let telegram: FakeTelegram | undefined;
afterEach(async () => {
  await h?.close();
  await telegram?.close();
  h = undefined;
  telegram = undefined;
});

async function harnessReporting() {
  const reasons: string[] = [];
  h = await createBridgeHarness({ bot: { onPollingStopped: (reason) => reasons.push(reason) } });
  return { harness: h, reasons };
}

/** The long poll in progress returns with this update; the next one meets the programmed fault. */
const wakePolling = (harness: BridgeHarness) => harness.telegram.sendText(ADMIN, '/help');

describe('polling that stops by itself', () => {
  it('409 (another instance polls with the token): reported once, token-free, and polling() says so', async () => {
    const { harness, reasons } = await harnessReporting();
    expect(harness.bridge.polling()).toMatchObject({ running: true });
    harness.telegram.failNext('getUpdates', {
      error_code: 409,
      description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    wakePolling(harness);
    await eventually(() => expect(reasons).toHaveLength(1));
    expect(reasons[0]).toMatch(/^TELEGRAM_POLLING_CONFLICT: .*one token serves one bridge.*only one bot instance/);
    expect(reasons[0]).not.toContain(harness.telegram.token.split(':')[1]);
    expect(harness.bridge.polling()).toEqual({ running: false, error: reasons[0], handling: 0 });

    // Deaf from now on: nothing asks Telegram for updates any more.
    const polls = harness.telegram.callsOf('getUpdates').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.telegram.callsOf('getUpdates')).toHaveLength(polls);
    await harness.stopBridge();
    expect(reasons).toHaveLength(1);
  });

  it('401 (token revoked): reported as a refused token', async () => {
    const { harness, reasons } = await harnessReporting();
    harness.telegram.failNext('getUpdates', { error_code: 401, description: 'Unauthorized' });
    wakePolling(harness);
    await eventually(() => expect(reasons).toHaveLength(1));
    expect(reasons[0]).toMatch(/^TELEGRAM_TOKEN_REFUSED: .*TELEGRAM_BOT_TOKEN/);
    expect(harness.bridge.polling().running).toBe(false);
  });

  it('network failures are retried, not reported: the bot keeps handling updates', async () => {
    const { harness, reasons } = await harnessReporting();
    harness.telegram.failNext('getUpdates', { network: 'reset' }, 3);
    wakePolling(harness);
    const { card } = await harness.createPaidOrder();
    harness.telegram.tapLabel(ADMIN, card.messageId, 'Take', { chatId: GROUP_ID });
    await eventually(() => expect(harness.telegram.callsOf('getUpdates').filter((call) => !call.ok).length).toBeGreaterThanOrEqual(3));
    await eventually(() => expect(harness.telegram.callsOf('answerCallbackQuery')).toHaveLength(1));
    expect(reasons).toEqual([]);
    expect(harness.bridge.polling()).toMatchObject({ running: true });
    expect(harness.bridge.polling().error).toBeUndefined();
  });

  it('our own stop() is not reported', async () => {
    const { harness, reasons } = await harnessReporting();
    await harness.stopBridge();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reasons).toEqual([]);
    expect(harness.telegram.callsOf('getUpdates').length).toBeGreaterThan(0);
  });
});

describe('start and stop', () => {
  it('a token refused at start rejects start() with TELEGRAM_TOKEN_REFUSED, and nothing polls', async () => {
    telegram = await startFakeTelegram();
    const reasons: string[] = [];
    const bridge = createBridgeBot({
      token: telegram.token,
      apiRoot: telegram.apiRoot,
      chatId: GROUP_ID,
      adminIds: [ADMIN.id],
      // Never reached: start() fails before anything asks sync.
      engine: () => {
        throw new Error('no engine in this test');
      },
      kv: { get: () => undefined, set: () => undefined, delete: () => undefined, keys: () => [] },
      cardStore: { cards: () => [], show() {}, forget() {}, forgetOrder() {}, tendedOrders: () => [], dropUnknown() {} },
      telegramQueue: createTelegramQueueQueries(openDatabase(':memory:', { logger: silent })),
      logger: silent,
      onPollingStopped: (reason) => reasons.push(reason),
    });
    telegram.failNext('getMe', { error_code: 401, description: 'Unauthorized' });
    const error = await bridge.start().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BridgeBotError);
    expect((error as BridgeBotError).code).toBe('TELEGRAM_TOKEN_REFUSED');
    expect(bridge.polling().running).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(telegram.callsOf('getUpdates')).toEqual([]);
    expect(reasons).toEqual([]);
    await bridge.stop();
  });

  it('stop() waits for the updates in flight, even a reply held by pacing', async () => {
    h = await createBridgeHarness({ bot: { pacing: { perChatIntervalMs: 400, groupPerMinute: 10_000, globalPerSecond: 10_000 } } });
    const harness = h;
    harness.telegram.sendText(ADMIN, '/help');
    harness.telegram.sendText(ADMIN, '/help');
    await eventually(() => expect(harness.telegram.botMessages(ADMIN.id)).toHaveLength(1));
    await eventually(() => expect(harness.bridge.polling().handling).toBe(1));
    await harness.stopBridge();
    // The second answer waited its 400 ms in the queue, and stop() waited for it.
    expect(harness.telegram.botMessages(ADMIN.id)).toHaveLength(2);
    // And both updates were confirmed: a restart does not handle them again.
    expect(harness.telegram.pendingUpdates()).toEqual([]);
  });
});
