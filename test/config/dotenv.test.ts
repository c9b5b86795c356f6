import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, environmentWithDotEnv, loadConfig, readDotEnv } from '../../src/config/index.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-dotenv-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('readDotEnv', () => {
  it('parses comments, quotes and blank values with Node’s parser', () => {
    const file = join(dir, '.env');
    writeFileSync(
      file,
      [
        '# a comment',
        'TELEGRAM_CHAT_ID=42',
        'SELLER_API_URL="https://store.example/v1"',
        "LOG_LEVEL='debug'",
        'TELEGRAM_ADMIN_IDS=',
        'export POLL_INTERVAL_SECONDS=3',
        '',
      ].join('\n'),
    );
    const vars = readDotEnv(file);
    expect(vars.TELEGRAM_CHAT_ID).toBe('42');
    expect(vars.SELLER_API_URL).toBe('https://store.example/v1');
    expect(vars.LOG_LEVEL).toBe('debug');
    expect(vars.TELEGRAM_ADMIN_IDS).toBe('');
  });

  it('treats a missing file as empty', () => {
    expect(readDotEnv(join(dir, 'absent.env'))).toEqual({});
  });

  it('reports a .env that exists but cannot be read, naming the file', () => {
    // A directory where the file should be: unreadable even for root, unlike chmod 000.
    const path = join(dir, '.env');
    mkdirSync(path);
    expect(() => readDotEnv(path)).toThrow(ConfigError);
    expect(() => readDotEnv(path)).toThrow(/\.env: cannot be read \(EISDIR\)/);
  });

  it('is overridden by the real environment, and does not touch process.env', () => {
    const file = join(dir, '.env');
    writeFileSync(
      file,
      'TELEGRAM_BOT_TOKEN=123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1\nLOG_LEVEL=debug\nPOLL_INTERVAL_SECONDS=3\nH3_DOTENV_PROBE=1\n',
    );
    const env = environmentWithDotEnv({ LOG_LEVEL: 'warn', TELEGRAM_CHAT_ID: '7', UNSET: undefined }, file);
    expect(env.LOG_LEVEL).toBe('warn');
    expect(env.POLL_INTERVAL_SECONDS).toBe('3');
    expect('UNSET' in env).toBe(false);
    expect(process.env.H3_DOTENV_PROBE).toBeUndefined();
    const config = loadConfig(env, ['--sandbox']);
    expect(config.logLevel).toBe('warn');
    expect(config.pollIntervalMs).toBe(3000);
    expect(config.telegram.chatId).toBe(7);
  });
});
