/**
 * `npm start` as a seller runs it: its prestart build, then its exact command (package.json) in a child process,
 * trial mode against the fake Telegram Bot API (a card, then /stats with its chart drawn by the bundle), then SIGTERM. Also the one-line refusal of a bad configuration, and
 * what the process does with a failure nobody caught: an unhandled rejection is logged and the bridge runs on, an
 * uncaught exception is logged and the process exits non-zero for its supervisor to restart it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
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

/** `nodeFlags` go before the entry, as in `node --import <hook> dist/main.mjs`. */
function startMain(args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Started {
  const child = spawn(process.execPath, [...nodeFlags, ...START_ARGS, ...args], {
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
    expect(card.replyMarkup?.inline_keyboard.flat().map((button) => button.text)).toEqual(['Take', 'Cancel', '⚡ Quick reply']);
    // The buyer's message of the waiting trial order arrives as a reply to the card.
    await until(
      () => fake.botMessages(SELLER.id).find((message) => message.replyToMessageId === card.messageId),
      15_000,
      'the buyer message as a reply to the card',
    );

    // The chart drawn by the bundle: Vega, the native rasteriser and the font file are all found from dist/.
    fake.sendText(SELLER, '/stats');
    const chart = await until(
      () => fake.botMessages(SELLER.id).find((message) => message.media?.kind === 'photo'),
      20_000,
      'the /stats chart',
    );
    expect(chart.media!.file.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(chart.text).toMatch(/new paid order/);

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

/** A port free right now on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A hook loaded before the entry (`node --import`): on SIGUSR2 it fails the way a bug would, outside any handler, with
 * the bot token in the error's text to prove the log is scrubbed.
 */
const faultHook = (kind: 'rejection' | 'exception') =>
  `data:text/javascript,${encodeURIComponent(
    `process.on('SIGUSR2', () => { const error = new Error('injected fault near ' + process.env.TELEGRAM_BOT_TOKEN); ${
      kind === 'rejection' ? 'Promise.reject(error);' : 'setImmediate(() => { throw error; });'
    } });`,
  )}`;

describe('failures nobody caught', () => {
  const startTrial = async (env: NodeJS.ProcessEnv = {}, nodeFlags: string[] = []) => {
    telegram = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    const fake = telegram;
    running = startMain(
      ['--sandbox'],
      { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_ROOT: fake.apiRoot, DATABASE_PATH: join(dir, 'bridge.sqlite'), ...env },
      nodeFlags,
    );
    await until(() => (fake.callsOf('getUpdates').length > 0 ? true : undefined), 15_000, 'the bot to poll');
    return running;
  };
  const alive = (started: Started) => started.child.exitCode === null && started.child.signalCode === null;

  it('GET // on the health port is answered and the bridge keeps running', async () => {
    const port = await freePort();
    const started = await startTrial({ HEALTH_PORT: String(port) });
    const odd = await fetch(`http://127.0.0.1:${port}//`);
    expect(odd.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(started)).toBe(true);
    expect([200, 503]).toContain((await fetch(`http://127.0.0.1:${port}/healthz`)).status);
  }, 60_000);

  it('an unhandled rejection is logged without the token and the bridge keeps running', async () => {
    const started = await startTrial({}, ['--import', faultHook('rejection')]);
    started.child.kill('SIGUSR2');
    await until(() => (/unhandled promise rejection/.test(started.output()) ? true : undefined), 10_000, 'the logged rejection');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(started)).toBe(true);
    expect(started.output()).toContain('injected fault near');
    expect(started.output()).not.toContain(telegram!.token.split(':')[1]);
  }, 60_000);

  it('an uncaught exception is logged without the token and the process exits 1 after stopping', async () => {
    const started = await startTrial({}, ['--import', faultHook('exception')]);
    started.child.kill('SIGUSR2');
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.output()).toMatch(/uncaught exception/);
    expect(started.output()).toContain('bridge stopped');
    expect(started.output()).not.toContain(telegram!.token.split(':')[1]);
  }, 60_000);
});
