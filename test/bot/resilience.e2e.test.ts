/** Telegram misbehaving: 429 with retry_after, an update whose handling fails, an unreachable API and the token. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createBridgeBot } from '../../src/bot/index.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createTelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import { BridgeBotError } from '../../src/bot/errors.ts';
import { OrderSchema } from '../../src/seller-api/schemas.ts';
import type { SyncEngine } from '../../src/sync/contract.ts';
import { FAKE_BOT_TOKEN } from '../support/fake-telegram-api.ts';
import { logLines } from '../support/log-lines.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, settled, type BridgeHarness } from './harness.ts';

const silentLogger = pino({ level: 'silent' });
let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Telegram rate limits', () => {
  it('a card refused with 429 retry_after arrives later, exactly once', async () => {
    h = await createBridgeHarness();
    h.telegram.failNext('sendMessage', { error_code: 429, retry_after: 1 });
    const order = h.sandbox.control.createOrder();
    const started = Date.now();
    await h.engine.pollNow();
    await eventually(() => expect(h!.cardsOf(order.id)).toHaveLength(1), 5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const cardSends = h.telegram.callsOf('sendMessage').filter((call) => String(call.params.text).includes(order.id));
    expect(cardSends.map((call) => call.ok)).toEqual([false, true]);
    await h.engine.pollNow();
    expect(h.cardsOf(order.id)).toHaveLength(1);
  });

  it('inside a conversation too: the plugins re-install auto-retry on its api', async () => {
    h = await createBridgeHarness();
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.setOrderStatus(order.id, 'processing');
    await h.engine.pollNow();
    await eventually(() => expect(labels(h!.telegram.message(GROUP_ID, card.messageId))).toContain('Deliver'));
    h.telegram.failNext('sendMessage', { error_code: 429, retry_after: 1 });
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', { chatId: GROUP_ID });
    await eventually(
      () => expect(h!.telegram.botMessages(GROUP_ID).filter((message) => message.text.includes('issued value'))).toHaveLength(1),
      5_000,
    );
    const prompts = h.telegram.callsOf('sendMessage').filter((call) => String(call.params.text).includes('issued value'));
    expect(prompts.map((call) => call.ok)).toEqual([false, true]);
  });
});

describe('pacing', () => {
  it('a burst of orders is queued at the chat pace, never dropped', async () => {
    h = await createBridgeHarness({ bot: { pacing: { perChatIntervalMs: 100, groupPerMinute: 10_000, globalPerSecond: 10_000 } } });
    const orders = Array.from({ length: 8 }, () => h!.sandbox.control.createOrder());
    await h.engine.pollNow();
    await eventually(() => {
      for (const order of orders) expect(h!.cardsOf(order.id)).toHaveLength(1);
    });
    const sends = h.telegram.callsOf('sendMessage').filter((call) => call.params.chat_id === GROUP_ID);
    expect(sends).toHaveLength(8);
    const gaps = sends.slice(1).map((call, index) => call.at - sends[index]!.at);
    // The pacer spaces the starts of requests; their arrival here also carries each request's own latency (a busy
    // machine adds tens of ms to one and not the next). That jitter does not add up: the burst as a whole takes the
    // interval per message. Unpaced, every gap is a few ms.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(50);
    expect(sends.at(-1)!.at - sends[0]!.at).toBeGreaterThanOrEqual(7 * 100 - 50);
  });
});

describe('error boundary', () => {
  it('an update whose handling fails is logged without the token, and the bot goes on', async () => {
    const { logger, lines } = logLines('debug');
    h = await createBridgeHarness({ logger });
    const { order, card } = await h.createPaidOrder();
    h.telegram.failNext('answerCallbackQuery', { error_code: 400, description: 'Bad Request: something odd' });
    h.telegram.failNext('sendMessage', { error_code: 400, description: 'Bad Request: something odd' });
    h.telegram.tapLabel(ADMIN, card.messageId, 'Cancel', { chatId: GROUP_ID });
    await settled(h);
    await eventually(() => expect(lines.some((line) => line.includes('update handling failed'))).toBe(true));

    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', { chatId: GROUP_ID });
    await eventually(() => expect(h!.sandbox.control.order(order.id)?.status).toBe('processing'));
    expect(lines.join('')).not.toContain(FAKE_BOT_TOKEN);
    expect(lines.join('')).not.toContain(FAKE_BOT_TOKEN.split(':')[1]);
  });
});

describe('secrets', () => {
  it('an unreachable Telegram: the queue logs a token-free error with a code, and the sink never throws one with the token', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { logger, lines } = logLines('debug');
    const db = openDatabase(':memory:', { logger: silentLogger });
    const bridge = createBridgeBot({
      token: FAKE_BOT_TOKEN,
      apiRoot: `http://127.0.0.1:${port}`,
      chatId: GROUP_ID,
      adminIds: [ADMIN.id],
      engine: { findOrder: () => undefined, lastSeenOrder: () => undefined, linkTelegramMessage: () => undefined } as unknown as SyncEngine,
      kv: { get: () => undefined, set: () => undefined, delete: () => undefined, keys: () => [] },
      cardStore: { cards: () => [], show() {}, forget() {}, forgetOrder() {}, tendedOrders: () => [], dropUnknown() {} },
      telegramQueue: createTelegramQueueQueries(db),
      logger,
      pacing: { perChatIntervalMs: 0 },
      drainer: { backoff: { baseMs: 5, maxMs: 10 }, idlePollMs: 5 },
    });
    await bridge.queue.start();
    const answers: unknown[] = [];
    for (let n = 0; n < 5; n++) {
      answers.push(
        await bridge.sink.orderAppeared(OrderSchema.parse({ id: `ord_${n}`, status: 'paid' })).catch((caught: unknown) => caught),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await bridge.postNotice('hello');
    await eventually(() => expect(lines.some((line) => line.includes('TELEGRAM_FAILED'))).toBe(true));
    await bridge.queue.stop();
    db.close();
    const errors = answers.filter((answer) => answer instanceof Error);
    for (const error of errors) expect(error).toBeInstanceOf(BridgeBotError);
    const everything = `${errors.map((error) => `${String((error as Error).message)} ${JSON.stringify(error)}`).join(' ')} ${lines.join('')}`;
    expect(lines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(FAKE_BOT_TOKEN);
    expect(everything).not.toContain(FAKE_BOT_TOKEN.split(':')[1]);
  });
});
