/**
 * Scheduled backups in the wired bridge (app/bridge.ts) as main.ts runs it: BACKUP_* from the environment, backups
 * written while orders flow, a failure posted in the seller's chat once and its end once, and the bridge running on.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { startBridge } from '../../src/app/bridge.ts';
import { loadConfig } from '../../src/config/index.ts';
import { until } from '../support/until.ts';
import { FAST_TELEGRAM, liveEnv, useLiveWorld } from './support/live-bridge.ts';

const SELLER = 5150;
const silent = pino({ level: 'silent' });
/** About a second and a half: decimals of an hour are how tests get seconds. */
const EVERY = '0.0004';
const world = useLiveWorld('bridge-scheduled-');

const start = (extra: Record<string, string>) =>
  startBridge({
    config: loadConfig(liveEnv(world, SELLER, extra)),
    stores: [
      { name: 'main', title: 'main', baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.store.apiKey, deliverField: 'deliveredValue' },
    ],
    logger: silent,
    overrides: { bot: FAST_TELEGRAM },
  });
const texts = () => world.telegram.botMessages(SELLER).map((message) => message.text);
const notices = (pattern: RegExp) => texts().filter((text) => pattern.test(text));

describe('scheduled backups in the running bridge', () => {
  it('writes encrypted backups 0600 into backups/ beside the database while orders flow', async () => {
    const recipient = await identityToRecipient(await generateIdentity());
    world.bridge = await start({ BACKUP_EVERY_HOURS: EVERY, BACKUP_KEEP: '2', BACKUP_AGE_RECIPIENT: recipient });
    const order = world.sandbox.control.createOrder();
    await until(() => texts().some((text) => text.includes(order.id)), 'the card');
    const folder = join(world.dir, 'backups');
    await until(() => {
      try {
        return readdirSync(folder).filter((name) => name.endsWith('.sqlite.age')).length === 2;
      } catch {
        return false;
      }
    }, 'two scheduled backups');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(folder)) {
      expect(name).toMatch(/^bridge\.sqlite\.scheduled-[\dT-]+Z\.sqlite\.age(\.partial|\.plain-partial)?$/);
      if (name.endsWith('.age')) expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);
    }
  });

  it('posts a failure once in the chat, once when backups work again, and keeps the bridge running', async () => {
    const folder = join(world.dir, 'elsewhere');
    writeFileSync(folder, 'a file where the backup folder should be');
    world.bridge = await start({ BACKUP_EVERY_HOURS: EVERY, BACKUP_DIR: folder });
    await until(() => notices(/scheduled backup failed/).length === 1, 'the failure alert');
    expect(notices(/scheduled backup failed/)[0]).toMatch(/^💾 The scheduled backup failed \(BACKUP_FAILED\): .*elsewhere/);

    // Still failing, still running: a new order arrives, and no second alert.
    const order = world.sandbox.control.createOrder();
    await until(() => texts().some((text) => text.includes(order.id)), 'the card of an order after the failure');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(notices(/scheduled backup failed/)).toHaveLength(1);

    rmSync(folder);
    mkdirSync(folder);
    await until(() => notices(/Scheduled backups work again/).length === 1, 'the recovery notice');
    expect(readdirSync(folder).some((name) => /^bridge\.sqlite\.scheduled-.*\.sqlite$/.test(name))).toBe(true);
    expect(notices(/scheduled backup failed/)).toHaveLength(1);
  }, 20_000);
});
