/**
 * The Telegram queue against Telegram's exact fault bodies (nock): while the chat refuses the bot, the drainer holds
 * and the sink refuses new events with the same token-free error, so sync keeps them at the store; once the chat
 * answers, everything queued and everything held arrives once, in order, and the chat was probed, not hammered.
 */
import { afterEach, expect, it } from 'vitest';
import type { Order } from '../../src/seller-api/schemas.ts';
import { NOCK_BOT_TOKEN, TELEGRAM_FAULTS } from '../support/nock-telegram.ts';
import { eventually } from './harness.ts';
import { createNockBridge, type NockBridge } from './nock-bridge.ts';

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const QUICK_HOLD = { drainer: { backoff: { baseMs: 40, maxMs: 320 }, idlePollMs: 20 } };

it('blocked, then unblocked: queued and held events arrive once, in order, and the chat is probed, not hammered', async () => {
  h = await createNockBridge({ bot: QUICK_HOLD, engine: { pollIntervalMs: 40, sinkRetryBaseMs: 40, sinkRetryMaxMs: 320 } });
  const { control } = h.sandbox;
  const known = control.createOrder();
  h.engine.start();
  await eventually(() => expect(h!.cardSends(known.id).filter((call) => call.status === 200)).toHaveLength(1));

  h.telegram.outage(TELEGRAM_FAULTS.blockedByUser);
  const first = control.createOrder();
  control.postBuyerMessage(known.id, 'm1 on the known order');
  await pause(400);
  const second = control.createOrder();
  control.postBuyerMessage(known.id, 'm2 on the known order');
  control.postBuyerMessage(first.id, 'm3 on the first new order');
  // Held: the sink says so, token-free, with Telegram's own words.
  const refusal = await h.bridge.sink.orderAppeared(control.createOrder() as Order).catch((caught: unknown) => caught);
  expect(refusal).toMatchObject({ code: 'TELEGRAM_CHAT_UNAVAILABLE', sinkUnavailable: true });
  expect((refusal as Error).message).toContain(String(TELEGRAM_FAULTS.blockedByUser.body.description));
  expect((refusal as Error).message).not.toContain(NOCK_BOT_TOKEN.split(':')[1]);
  await pause(400);
  const refused = h.telegram.callsOf('sendMessage').filter((call) => call.status === 403);
  // A probe per backoff period (40, 80, 160, 320 ms), not a send per event.
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.length).toBeLessThanOrEqual(8);

  h.telegram.outage(undefined);
  const sent = () => h!.sentTexts().slice(1).join('\n\n');
  const needles = [`<code>${first.id}</code>\n`, `<code>${second.id}</code>\n`, 'm1 on the known order', 'm2 on the known order', 'm3 on'];
  await eventually(() => {
    for (const needle of needles) expect(sent()).toContain(needle);
  }, 5_000);
  await pause(200);
  const all = sent();
  for (const needle of needles) expect(all.split(needle)).toHaveLength(2);
  const at = (needle: string) => all.indexOf(needle);
  expect(at(`<code>${first.id}</code>\n`)).toBeLessThan(at(`<code>${second.id}</code>\n`));
  expect(at('m1 on the known order')).toBeLessThan(at('m2 on the known order'));
  expect(at(`<code>${first.id}</code>\n`)).toBeLessThan(at('m3 on'));
});

it('a 429 past the retry limit: the queue waits at least that long, and the sink says so', async () => {
  h = await createNockBridge({ bot: QUICK_HOLD });
  h.telegram.replyNext('sendMessage', TELEGRAM_FAULTS.tooManyRequests(30));
  await h.bridge.sink.orderAppeared(h.sandbox.control.createOrder() as Order);
  await eventually(() => expect(h!.telegram.callsOf('sendMessage')).toHaveLength(1));
  await eventually(async () => {
    const error = await h!.bridge.sink.orderAppeared(h!.sandbox.control.createOrder() as Order).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'TELEGRAM_RATE_LIMITED', sinkUnavailable: true });
    // What is left of Telegram's 30 s when the sink was asked.
    expect((error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(29_000);
    expect((error as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(30_000);
  });
  // Nothing more is sent meanwhile; the first card (and any order queued before the hold began) waits in the queue.
  await pause(200);
  expect(h.telegram.callsOf('sendMessage')).toHaveLength(1);
  expect(await h.bridge.queue.waiting()).toBeGreaterThanOrEqual(1);
});
