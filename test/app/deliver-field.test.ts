/**
 * SELLER_DELIVER_FIELD end to end: the environment → loadConfig → openStore → startBridge → the Seller API client →
 * the deliver body over HTTP → the sandbox store, driven by a seller's taps in Telegram. Trial mode's sandbox reads
 * the configured field too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { openStore, type OpenedStore } from '../../src/app/trial-store.ts';
import { loadConfig } from '../../src/config/index.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { createSellerApiClient } from '../../src/seller-api/client.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { FAKE_BOT_TOKEN, startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { until } from '../support/until.ts';
import { FAST_TELEGRAM, liveEnv } from './support/live-bridge.ts';

const SELLER = { id: 5150, first_name: 'Seller' };
const silent = pino({ level: 'silent' });

let sandbox: SandboxHandle | undefined;
let telegram: FakeTelegram | undefined;
let bridge: RunningBridge | undefined;
let opened: OpenedStore | undefined;
let dir: string | undefined;

afterEach(async () => {
  await bridge?.stop();
  await opened?.trial?.sandbox.close();
  await sandbox?.close();
  await telegram?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bridge = opened = sandbox = telegram = dir = undefined;
});

/** A live bridge whose environment names `bridgeField`, against a sandbox store that reads `storeField`. */
async function deliverThroughTelegram(options: { bridgeField?: string; storeField?: string; value: string }) {
  sandbox = await startSandbox(options.storeField === undefined ? {} : { deliverField: options.storeField });
  telegram = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'deliver-field-'));
  const config = loadConfig(
    liveEnv({ sandbox, telegram, dir }, SELLER.id, options.bridgeField === undefined ? {} : { SELLER_DELIVER_FIELD: options.bridgeField }),
  );
  opened = await openStore(config, { logger: silent });
  bridge = await startBridge({
    config,
    stores: opened.stores,
    logger: silent,
    overrides: { bot: FAST_TELEGRAM },
  });

  const store = sandbox;
  const chat = telegram;
  const order = store.control.createOrder();
  // A pass that has run to its end has recorded the order, so the bot knows it when its card is tapped.
  await bridge.engine.pollNow();
  const lastSaying = (text: string) => {
    const message = chat.botMessages(SELLER.id).at(-1);
    return message?.text.includes(text) ? message : undefined;
  };
  const card = await until(() => chat.botMessages(SELLER.id).find((m) => m.text.startsWith(`🛒 Order ${order.id}\n`)), 'the card');
  chat.tapLabel(SELLER, card.messageId, 'Take');
  await until(() => store.control.order(order.id)?.status === 'processing', 'the take');
  const labels = () =>
    chat
      .message(SELLER.id, card.messageId)
      ?.replyMarkup?.inline_keyboard.flat()
      .map((button) => button.text) ?? [];
  await until(() => labels().includes('Deliver'), 'the Deliver button');
  chat.tapLabel(SELLER, card.messageId, 'Deliver');
  const prompt = await until(() => lastSaying('Reply to this message with the issued value'), 'the prompt');
  chat.sendText(SELLER, options.value, { replyTo: prompt.messageId });
  const preview = await until(() => lastSaying('with this value?'), 'the preview');
  chat.tapLabel(SELLER, preview.messageId, 'Confirm');
  await until(() => store.control.order(order.id)?.status === 'awaiting_confirmation', 'the delivery');
  return { config, delivered: store.control.order(order.id) };
}

describe('SELLER_DELIVER_FIELD end to end', () => {
  it('a configured field reaches the store in the deliver body', async () => {
    const { config, delivered } = await deliverThroughTelegram({ bridgeField: 'issuedValue', storeField: 'issuedValue', value: 'KEY-42' });
    expect(config.mode === 'live' && config.seller!.deliverField).toBe('issuedValue');
    expect(opened?.stores[0]?.deliverField).toBe('issuedValue');
    expect(delivered?.deliveredValue).toBe('KEY-42');
  });

  it('the default field (deliveredValue) works unset on both sides', async () => {
    const { delivered } = await deliverThroughTelegram({ value: 'KEY-7' });
    expect(delivered?.deliveredValue).toBe('KEY-7');
  });

  it('a field the store does not read: the order is delivered, without a value', async () => {
    const { delivered } = await deliverThroughTelegram({ bridgeField: 'issuedValue', storeField: 'code', value: 'KEY-9' });
    expect(delivered?.status).toBe('awaiting_confirmation');
    expect(delivered?.deliveredValue ?? undefined).toBeUndefined();
  });

  it('trial mode: the sandbox store reads the configured field', async () => {
    const config = loadConfig({ TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, SELLER_DELIVER_FIELD: 'issuedValue' }, ['--sandbox']);
    opened = await openStore(config, { logger: silent, seed: 1 });
    const trial = opened.trial;
    if (!trial) throw new Error('trial mode opens a sandbox store');
    expect(opened.stores[0]!.deliverField).toBe('issuedValue');
    const api = createSellerApiClient({ ...opened.stores[0]!, logger: silent });
    try {
      const order = trial.sandbox.control.createOrder().id as OrderId;
      await api.takeOrder(order);
      await api.deliverOrder(order, 'TRIAL-1');
      expect(trial.sandbox.control.order(order)?.deliveredValue).toBe('TRIAL-1');
    } finally {
      await api.close();
    }
  });
});
