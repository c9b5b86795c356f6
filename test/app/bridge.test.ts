/**
 * The wired bridge (app/bridge.ts) as main.ts runs it, against the sandbox store and the fake Bot API:
 * the offline summary after a restart, alerts once per change of the store's state, and /healthz.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../src/app/bridge.ts';
import { loadConfig } from '../../src/config/index.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { until } from '../support/until.ts';
import { FAST_TELEGRAM, liveEnv } from './support/live-bridge.ts';

const SELLER = 5150;
const silent = pino({ level: 'silent' });

let sandbox: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;
let bridge: RunningBridge | undefined;

beforeEach(async () => {
  sandbox = await startSandbox();
  telegram = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'bridge-app-'));
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await sandbox.close();
  await telegram.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (extra: Record<string, string> = {}) => loadConfig(liveEnv({ sandbox, telegram, dir }, SELLER, extra));

const start = (extra: Record<string, string> = {}) =>
  startBridge({
    config: config(extra),
    stores: [{ name: 'main', title: 'main', baseUrl: sandbox.baseUrl, apiKey: sandbox.store.apiKey, deliverField: 'deliveredValue' }],
    logger: silent,
    overrides: { alertCheckMs: 20, bot: FAST_TELEGRAM },
  });

const texts = () => telegram.botMessages(SELLER).map((message) => message.text);

/** Asks /healthz until it answers `status`; resolves to that answer's body. */
async function healthAnswering(url: string, status: number, timeoutMs = 8_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(url);
    const body: unknown = await answer.json();
    if (answer.status === status) return body;
    if (Date.now() > deadline) throw new Error(`timed out waiting for /healthz to answer ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const notices = (pattern: RegExp) => texts().filter((text) => pattern.test(text));

describe('the running bridge', () => {
  it('after a downtime posts one summary first, then what it missed', async () => {
    const first = sandbox.control.createOrder();
    bridge = await start();
    await until(() => texts().some((text) => text.includes(first.id)), 'the first card');
    await bridge.stop();

    const missed = [sandbox.control.createOrder(), sandbox.control.createOrder()];
    sandbox.control.postBuyerMessage(first.id, 'are you there?');
    const before = texts().length;

    bridge = await start();
    await until(() => texts().some((text) => text.includes('are you there?')), 'the missed buyer message');
    await until(() => missed.every((order) => texts().some((text) => text.includes(order.id))), 'the missed cards');
    const after = texts().slice(before);
    expect(after[0]).toMatch(/^👋 While you were away \(since \d{4}-\d\d-\d\d \d\d:\d\d UTC\): 2 new orders, 1 buyer message\./);
    expect(after.filter((text) => /While you were away/.test(text))).toHaveLength(1);
    for (const order of missed) expect(after.filter((text) => text.includes(order.id) && /Quantity/.test(text))).toHaveLength(1);
    expect(after.filter((text) => text.includes('are you there?'))).toHaveLength(1);
  });

  it('posts no summary on a first run or when nothing came in', async () => {
    sandbox.control.createOrder();
    bridge = await start();
    await until(() => telegram.botMessages(SELLER).length >= 1, 'the card');
    await bridge.stop();
    bridge = await start();
    await bridge.engine.pollNow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notices(/While you were away/)).toEqual([]);
  });

  it('alerts once when the key is refused, not on every failed poll', async () => {
    bridge = await start();
    await bridge.engine.pollNow();
    sandbox.control.revokeKey(sandbox.store.apiKey);
    await until(() => notices(/refused the API key/).length === 1, 'the key alert');
    await new Promise((resolve) => setTimeout(resolve, 300)); // many failed polls later…
    expect(notices(/refused the API key/)).toHaveLength(1);
  });

  it('alerts once when the store is down for the threshold, once when it is back, and /healthz follows', async () => {
    bridge = await start({ STORE_DOWN_ALERT_MINUTES: '0.01', HEALTH_PORT: '0' });
    const health = bridge.health!;
    await bridge.engine.pollNow();
    expect((await fetch(health.url)).status).toBe(200);

    sandbox.control.breakApi('http503');
    await until(() => notices(/has not answered/).length === 1, 'the down alert');
    const down = await fetch(health.url);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { reason: string }).reason).toMatch(/has not answered/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notices(/has not answered/)).toHaveLength(1);

    sandbox.control.heal();
    await until(() => notices(/store is back/).length === 1, 'the back alert');
    expect((await fetch(health.url)).status).toBe(200);
    expect(notices(/store is back/)).toHaveLength(1);
  });

  it('reports a Telegram polling conflict: onFatal once, and /healthz 503', async () => {
    const fatal: string[] = [];
    bridge = await startBridge({
      config: config({ HEALTH_PORT: '0' }),
      stores: [{ name: 'main', title: 'main', baseUrl: sandbox.baseUrl, apiKey: sandbox.store.apiKey, deliverField: 'deliveredValue' }],
      logger: silent,
      overrides: { bot: { pollingTimeoutSeconds: 1 } },
      onFatal: (reason) => fatal.push(reason),
    });
    await bridge.engine.pollNow();
    expect((await fetch(bridge.health!.url)).status).toBe(200);

    telegram.failNext('getUpdates', { error_code: 409, description: 'Conflict: terminated by other getUpdates request' });
    await until(() => fatal.length === 1, 'the fatal report');
    expect(fatal[0]).toMatch(/^TELEGRAM_POLLING_CONFLICT/);
    const health = await fetch(bridge.health!.url);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { reason: string }).reason).toMatch(/telegram polling stopped/);
  });

  it('/healthz reports degraded while Telegram refuses the seller chat (403), and healthy once a message gets through', async () => {
    bridge = await start({ HEALTH_PORT: '0' });
    const health = bridge.health!;
    await bridge.engine.pollNow();
    expect((await fetch(health.url)).status).toBe(200);

    telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' }, 4);
    const order = sandbox.control.createOrder();
    const refused = (await healthAnswering(health.url, 503)) as { reason: string; details: { telegramChat?: unknown } };
    expect(refused.reason).toMatch(/^telegram refuses the chat \(403\): is the bot blocked or removed\?/);
    expect(refused.details.telegramChat).toMatchObject({ refused: 'TELEGRAM_CHAT_BLOCKED' });

    await until(() => texts().some((text) => text.includes(order.id)), 'the card once the chat takes messages');
    await healthAnswering(health.url, 200);
  });
});
