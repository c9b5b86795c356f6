/**
 * The chat refuses the bot (403 blocked or kicked, the chat gone; nock, word for word) or Telegram asks to wait past
 * the retry limit: the Telegram queue holds, and the sink refuses the next event with a token-free error that tells
 * sync the chat is unavailable; nothing is dropped, sync asks again with backoff, and once the chat answers
 * everything held arrives once, in order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeBotError } from '../../src/bot/errors.ts';
import type { Order } from '../../src/seller-api/schemas.ts';
import { NOCK_BOT_TOKEN, TELEGRAM_FAULTS, type TelegramReply } from '../support/nock-telegram.ts';
import { eventually } from './harness.ts';
import { createNockBridge, GROUP_ID, type NockBridge } from './nock-bridge.ts';

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first event is queued and refused by Telegram; the sink's answer to the next one, once the queue holds. */
async function refusalOfNextEvent(bridge: NockBridge): Promise<unknown> {
  await bridge.bridge.sink.orderAppeared(bridge.sandbox.control.createOrder() as Order);
  for (let tries = 0; tries < 200; tries++) {
    await pause(10);
    if (bridge.telegram.callsOf('sendMessage').length === 0) continue;
    const order = bridge.sandbox.control.createOrder() as Order;
    const error = await bridge.bridge.sink.orderAppeared(order).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (error !== undefined) return error;
  }
  throw new Error('the sink never refused an event');
}

describe.each<[string, TelegramReply]>([
  ['blocked by the user', TELEGRAM_FAULTS.blockedByUser],
  ['kicked from the supergroup', TELEGRAM_FAULTS.kickedFromSupergroup],
  ['kicked from the group', TELEGRAM_FAULTS.kickedFromGroup],
  ['the chat not found', TELEGRAM_FAULTS.chatNotFound],
])('%s', (_name, reply) => {
  it('the sink throws a token-free error that says the chat is unavailable', async () => {
    h = await createNockBridge();
    h.telegram.replyNext('sendMessage', reply);
    const error = await refusalOfNextEvent(h);
    expect(error).toBeInstanceOf(BridgeBotError);
    expect(error).toMatchObject({ code: 'TELEGRAM_CHAT_UNAVAILABLE', sinkUnavailable: true });
    expect((error as Error).message).toContain(String(reply.body.description));
    expect(JSON.stringify(error) + (error as Error).message).not.toContain(NOCK_BOT_TOKEN.split(':')[1]);
  });
});

it('a 429 whose retry_after is past the retry limit: unavailable for at least that long', async () => {
  h = await createNockBridge();
  h.telegram.replyNext('sendMessage', TELEGRAM_FAULTS.tooManyRequests(30));
  const error = await refusalOfNextEvent(h);
  expect(error).toMatchObject({ code: 'TELEGRAM_RATE_LIMITED', sinkUnavailable: true });
  // What is left of Telegram's 30 s when the sink was asked.
  expect((error as BridgeBotError).retryAfterMs).toBeGreaterThan(29_000);
  expect((error as BridgeBotError).retryAfterMs).toBeLessThanOrEqual(30_000);
});

it('blocked for a while, then unblocked: every card, message and outcome arrives once, in order, and the chat is not hammered', async () => {
  h = await createNockBridge({ engine: { pollIntervalMs: 40, sinkRetryBaseMs: 40, sinkRetryMaxMs: 320 } });
  const { control } = h.sandbox;
  const known = control.createOrder();
  h.engine.start();
  await eventually(() => expect(h!.cardSends(known.id).filter((call) => call.status === 200)).toHaveLength(1));
  const card = h.cardSends(known.id)[0]!;

  h.telegram.outage(TELEGRAM_FAULTS.blockedByUser);
  const first = control.createOrder();
  control.postBuyerMessage(known.id, 'm1 on the known order');
  h.engine.enqueue({ kind: 'take', orderId: known.id as Order['id'] });
  await pause(400);
  const second = control.createOrder();
  control.postBuyerMessage(known.id, 'm2 on the known order');
  control.postBuyerMessage(first.id, 'm3 on the first new order');
  await pause(400);
  const refusedSends = h.telegram.callsOf('sendMessage').filter((call) => call.status === 403);
  // About 20 cycles: a probe per backoff period (40, 80, 160, 320 ms), not a send per event per cycle.
  expect(refusedSends.length).toBeGreaterThan(0);
  expect(refusedSends.length).toBeLessThanOrEqual(6);

  h.telegram.outage(undefined);
  // Everything after the known card, as one transcript: messages of one order that waited together may share a
  // Telegram message (coalesced), so position is counted in characters, not in messages.
  const transcript = () => h!.sentTexts().slice(1).join('\n---\n');
  const cardOf = (id: string) => `<code>${id}</code>\n`;
  const needles = [cardOf(first.id), cardOf(second.id), 'm1 on the known order', 'm2 on', 'm3 on'];
  // The Take's outcome: the known card edited to "in progress", once, freed with everything else when the chat answers.
  const edits = () => h!.telegram.okCallsOf('editMessageText').filter((call) => call.body.message_id === card.messageId);
  await eventually(() => {
    for (const needle of needles) expect(transcript()).toContain(needle);
    expect(edits()).toHaveLength(1);
  }, 5_000);
  await pause(200);
  const sent = transcript();
  for (const needle of needles) expect(sent.split(needle)).toHaveLength(2);
  const at = (needle: string) => sent.indexOf(needle);
  // Each conversation in its order: orders as placed, a card before its order's messages, messages as written.
  // Across conversations nothing is promised: what the sink refused is found again by the next order or chat pass.
  expect(at(cardOf(first.id))).toBeLessThan(at(cardOf(second.id)));
  expect(at('m1 on the known order')).toBeLessThan(at('m2 on the known order'));
  expect(at(cardOf(first.id))).toBeLessThan(at('m3 on the first new order'));
  expect(edits()).toHaveLength(1);
  expect(String(edits()[0]!.body.text)).toContain('in progress');
  expect(edits()[0]!.body.chat_id).toBe(GROUP_ID);
});
