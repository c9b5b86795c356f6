/** A sandbox store, a fake Bot API and a temp folder per test, for tests that run the wired bridge as main.ts does. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { RunningBridge } from '../../../src/app/bridge.ts';
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index.ts';
import { startFakeTelegram, type FakeTelegram } from '../../support/fake-telegram-api.ts';

/** Telegram pacing off and short polls: these tests measure the bridge, not Telegram's limits. */
export const FAST_TELEGRAM = {
  pacing: { perChatIntervalMs: 0, groupPerMinute: 10_000, globalPerSecond: 10_000 },
  pollingTimeoutSeconds: 1,
};

export interface LiveWorld {
  sandbox: SandboxHandle;
  telegram: FakeTelegram;
  dir: string;
}

/** The environment of a live bridge against this world's store and Telegram, posting to `chatId`. */
export function liveEnv(world: LiveWorld, chatId: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    TELEGRAM_BOT_TOKEN: world.telegram.token,
    TELEGRAM_API_ROOT: world.telegram.apiRoot,
    TELEGRAM_CHAT_ID: String(chatId),
    SELLER_API_URL: world.sandbox.baseUrl,
    SELLER_API_KEY: world.sandbox.store.apiKey,
    DATABASE_PATH: join(world.dir, 'bridge.sqlite'),
    POLL_INTERVAL_SECONDS: '0.05',
    ...extra,
  };
}

/** Starts a world before each test and tears it down after, stopping `world.bridge` first when a test set it. */
export function useLiveWorld(prefix: string): LiveWorld & { bridge: RunningBridge | undefined } {
  const world = {} as LiveWorld & { bridge: RunningBridge | undefined };
  beforeEach(async () => {
    world.sandbox = await startSandbox();
    world.telegram = await startFakeTelegram();
    world.dir = mkdtempSync(join(tmpdir(), prefix));
    world.bridge = undefined;
  });
  afterEach(async () => {
    await world.bridge?.stop();
    world.bridge = undefined;
    await world.sandbox.close();
    await world.telegram.close();
    rmSync(world.dir, { recursive: true, force: true });
  });
  return world;
}
