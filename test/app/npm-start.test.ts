/**
 * `npm start` as a seller runs it: its prestart build, then its exact command (package.json) in a child process,
 * trial mode against the fake Telegram Bot API, then SIGTERM. Also the one-line refusal of a bad configuration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundle, DIST_DIR, ENTRY_POINTS, startArgs } from '../../scripts/build.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const SELLER = { id: 5150, first_name: 'Seller' };

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; atMs: number }>;
}

/** `node --flag dist/main.mjs` from package.json, run with this node. */
const START_ARGS = startArgs();

// What prestart does before every `npm start`.
beforeAll(() => bundle({ entryPoints: { main: ENTRY_POINTS.main }, outdir: DIST_DIR }), 60_000);

function startMain(args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [...START_ARGS, ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; atMs: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, atMs: Date.now() })),
  );
  return { child, output: () => output, exited };
}

async function until<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let telegram: FakeTelegram | undefined;
let dir: string | undefined;
let running: Started | undefined;

afterEach(async () => {
  running?.child.kill('SIGKILL');
  await telegram?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  running = telegram = dir = undefined;
});

describe('npm start', () => {
  it('runs trial mode with only a bot token, binds the first /start, shows a card, and stops cleanly on SIGTERM', async () => {
    telegram = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    running = startMain(['--sandbox'], {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      DATABASE_PATH: join(dir, 'bridge.sqlite'),
      POLL_INTERVAL_SECONDS: '0.2',
    });
    const fake = telegram;
    await until(() => (fake.callsOf('getUpdates').length > 0 ? true : undefined), 15_000, 'the bot to poll');

    fake.sendText(SELLER, '/start');
    const card = await until(
      () => fake.botMessages(SELLER.id).find((message) => message.replyMarkup !== undefined && /order/i.test(message.text ?? '')),
      15_000,
      'an order card in the bound private chat',
    );
    expect(card.text).toMatch(/paid/i);
    expect(card.replyMarkup?.inline_keyboard.flat().map((button) => button.text)).toEqual(['Take', 'Cancel']);
    // The buyer's message of the waiting trial order arrives as a reply to the card.
    await until(
      () => fake.botMessages(SELLER.id).find((message) => message.replyToMessageId === card.messageId),
      15_000,
      'the buyer message as a reply to the card',
    );

    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    const { code, atMs } = await running.exited;
    expect(code).toBe(0);
    expect(atMs - signalledAt).toBeLessThan(10_000);
    expect(running.output()).not.toContain(telegram.token);
    expect(running.output()).not.toContain(telegram.token.split(':')[1]);
  }, 60_000);

  it('refuses a bad configuration with one line naming the variable, without the token', async () => {
    const token = '123456789:AAsecretsecretsecretsecretsecret12345';
    running = startMain([], {
      TELEGRAM_BOT_TOKEN: token,
      TELEGRAM_CHAT_ID: 'me',
      SELLER_API_URL: 'https://store.example/v1',
      SELLER_API_KEY: 'svc_sk_x',
    });
    const { code } = await running.exited;
    expect(code).toBe(1);
    const lines = running.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('TELEGRAM_CHAT_ID');
    expect(running.output()).not.toContain('AAsecret');
  }, 30_000);

  it('stops with an actionable line when Telegram refuses the token', async () => {
    telegram = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    const wrongToken = '999:AAwrongwrongwrongwrongwrongwrongwrong1';
    running = startMain(['--sandbox'], {
      TELEGRAM_BOT_TOKEN: wrongToken,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      DATABASE_PATH: join(dir, 'bridge.sqlite'),
      LOG_LEVEL: 'silent',
    });
    const { code } = await running.exited;
    expect(code).toBe(1);
    expect(running.output().trim()).toMatch(/^Start-up failed: TELEGRAM_TOKEN_REFUSED: .*TELEGRAM_BOT_TOKEN/);
    expect(running.output()).not.toContain('AAwrongwrong');
  }, 30_000);
});
