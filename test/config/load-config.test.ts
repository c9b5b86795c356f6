import { inspect } from 'node:util';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, formatConfigError, loadBackupConfig, loadConfig, type Config } from '../../src/config/index.ts';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const KEY = `svc_sk_${'k'.repeat(20)}${'Q'.repeat(20)}`;

const live = (overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => ({
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_CHAT_ID: '424242',
  SELLER_API_URL: 'https://store.example/api/v1',
  SELLER_API_KEY: KEY,
  ...overrides,
});

function configError(env: NodeJS.ProcessEnv, argv: string[] = []): ConfigError {
  try {
    loadConfig(env, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig: live mode', () => {
  it('yields typed values and the documented defaults', () => {
    const config = loadConfig(live(), []);
    expect(config.mode).toBe('live');
    expect(config.telegram.token).toBe(TOKEN);
    expect(config.telegram.chatId).toBe(424242);
    expect(config.telegram.adminIds).toEqual([424242]);
    expect(config.telegram.apiRoot).toBeUndefined();
    expect(config.seller).toEqual({ baseUrl: 'https://store.example/api/v1', apiKey: KEY, deliverField: 'deliveredValue' });
    expect(config.databasePath).toBe('./data/bridge.sqlite');
    expect(config.pollIntervalMs).toBe(10_000);
    expect(config.logLevel).toBe('info');
    expect(config.healthPort).toBeUndefined();
    expect(config.storeDownAlertMs).toBe(5 * 60_000);
    expect(config.deliverField).toBe('deliveredValue');
    expect(config.telegram.topics).toBe('auto');
    expect(config.telegram.language).toBe('en');
    expect(config.telegram.timeZone).toBe('UTC');
    expect(config.warnings).toEqual([]);
  });

  it('reads every optional variable', () => {
    const config = loadConfig(
      live({
        TELEGRAM_ADMIN_IDS: ' 11 , 22,33,22, ',
        DATABASE_PATH: '/var/lib/bridge/db.sqlite',
        POLL_INTERVAL_SECONDS: '2.5',
        TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
        SELLER_DELIVER_FIELD: 'value',
        LOG_LEVEL: 'DEBUG',
        HEALTH_PORT: '8080',
        STORE_DOWN_ALERT_MINUTES: '0.5',
        TELEGRAM_TOPICS: 'OFF',
        BOT_LANGUAGE: 'RU',
        BOT_TIMEZONE: 'Asia/Kolkata',
      }),
      [],
    );
    expect(config.telegram.adminIds).toEqual([11, 22, 33]);
    expect(config.databasePath).toBe('/var/lib/bridge/db.sqlite');
    expect(config.pollIntervalMs).toBe(2500);
    expect(config.telegram.apiRoot).toBe('http://127.0.0.1:8081');
    expect(config.seller?.deliverField).toBe('value');
    expect(config.logLevel).toBe('debug');
    expect(config.healthPort).toBe(8080);
    expect(config.storeDownAlertMs).toBe(30_000);
    expect(config.telegram.topics).toBe('off');
    expect(config.telegram.language).toBe('ru');
    expect(config.telegram.timeZone).toBe('Asia/Kolkata');
  });

  it('treats blank values as unset (FOO= in a .env file)', () => {
    const config = loadConfig(live({ POLL_INTERVAL_SECONDS: '', LOG_LEVEL: '   ', TELEGRAM_ADMIN_IDS: '' }), []);
    expect(config.pollIntervalMs).toBe(10_000);
    expect(config.logLevel).toBe('info');
    expect(config.telegram.adminIds).toEqual([424242]);
  });

  it('accepts a negative group chat id with admins', () => {
    const config = loadConfig(live({ TELEGRAM_CHAT_ID: '-1001234567890', TELEGRAM_ADMIN_IDS: '5,6' }), []);
    expect(config.telegram.chatId).toBe(-1001234567890);
    expect(config.telegram.adminIds).toEqual([5, 6]);
  });

  it('removes trailing slashes from the store URL', () => {
    expect(loadConfig(live({ SELLER_API_URL: 'https://store.example/api/v1/' }), []).seller?.baseUrl).toBe('https://store.example/api/v1');
    expect(loadConfig(live({ SELLER_API_URL: 'http://127.0.0.1:3000/v1//' }), []).seller?.baseUrl).toBe('http://127.0.0.1:3000/v1');
  });

  it('warns, without refusing, on a URL without /v1 and an unusual key shape', () => {
    const config = loadConfig(live({ SELLER_API_URL: 'https://store.example/api', SELLER_API_KEY: 'abc_def' }), []);
    expect(config.seller?.apiKey).toBe('abc_def');
    expect(config.warnings).toHaveLength(2);
    expect(config.warnings[0]).toMatch(/^SELLER_API_URL .*\/v1/);
    expect(config.warnings[1]).toMatch(/^SELLER_API_KEY: .*_sk_/);
    expect(config.warnings.join('\n')).not.toContain('abc_def');
  });

  it('accepts any brand word before _sk_ without a warning', () => {
    const config = loadConfig(live({ SELLER_API_KEY: `brand_sk_${'x'.repeat(40)}` }), []);
    expect(config.warnings).toEqual([]);
  });

  it('rounds tiny poll intervals up to one millisecond rather than zero', () => {
    expect(loadConfig(live({ POLL_INTERVAL_SECONDS: '0.0001' }), []).pollIntervalMs).toBe(1);
  });
});

describe('loadConfig: problems name the variable', () => {
  const cases: [string, Record<string, string | undefined>, string, RegExp][] = [
    ['missing token', { TELEGRAM_BOT_TOKEN: undefined }, 'TELEGRAM_BOT_TOKEN', /is required/],
    ['topics neither auto nor off', { TELEGRAM_TOPICS: 'yes' }, 'TELEGRAM_TOPICS', /must be auto or off/],
    ['a language without a locale folder', { BOT_LANGUAGE: 'de' }, 'BOT_LANGUAGE', /: must be one of en, ru$/],
    ['a time zone that does not exist', { BOT_TIMEZONE: 'Europe/Berln' }, 'BOT_TIMEZONE', /IANA time zone/],
    ['a UTC offset instead of a zone', { BOT_TIMEZONE: 'UTC+3:00' }, 'BOT_TIMEZONE', /IANA time zone/],
    ['malformed token', { TELEGRAM_BOT_TOKEN: 'not-a-token' }, 'TELEGRAM_BOT_TOKEN', /does not look like a BotFather token/],
    ['token with a short secret', { TELEGRAM_BOT_TOKEN: '123:abc' }, 'TELEGRAM_BOT_TOKEN', /BotFather/],
    ['missing chat id', { TELEGRAM_CHAT_ID: undefined }, 'TELEGRAM_CHAT_ID', /is required/],
    ['chat id not a number', { TELEGRAM_CHAT_ID: '@mychannel' }, 'TELEGRAM_CHAT_ID', /whole number/],
    ['chat id with decimals', { TELEGRAM_CHAT_ID: '12.5' }, 'TELEGRAM_CHAT_ID', /whole number/],
    ['chat id zero', { TELEGRAM_CHAT_ID: '0' }, 'TELEGRAM_CHAT_ID', /whole number/],
    ['chat id beyond a safe integer', { TELEGRAM_CHAT_ID: '99999999999999999999' }, 'TELEGRAM_CHAT_ID', /whole number/],
    ['group without admins', { TELEGRAM_CHAT_ID: '-100200300' }, 'TELEGRAM_ADMIN_IDS', /group/],
    ['admin id negative', { TELEGRAM_ADMIN_IDS: '5,-6' }, 'TELEGRAM_ADMIN_IDS', /positive user ids/],
    ['admin id not a number', { TELEGRAM_ADMIN_IDS: '5,bob' }, 'TELEGRAM_ADMIN_IDS', /positive user ids/],
    ['admin ids only commas', { TELEGRAM_ADMIN_IDS: ' , ,' }, 'TELEGRAM_ADMIN_IDS', /positive user ids/],
    ['missing store URL', { SELLER_API_URL: undefined }, 'SELLER_API_URL', /is required.*--sandbox/],
    ['store URL not a URL', { SELLER_API_URL: 'store.example/v1' }, 'SELLER_API_URL', /is not a URL/],
    ['store URL with another scheme', { SELLER_API_URL: 'ftp://store.example/v1' }, 'SELLER_API_URL', /http:\/\/ or https:\/\//],
    ['store URL with credentials', { SELLER_API_URL: 'https://u:p@store.example/v1' }, 'SELLER_API_URL', /user:password/],
    ['store URL with a query', { SELLER_API_URL: 'https://store.example/v1?x=1' }, 'SELLER_API_URL', /query/],
    ['missing key', { SELLER_API_KEY: undefined }, 'SELLER_API_KEY', /is required/],
    ['key with a space', { SELLER_API_KEY: 'svc_sk_abc def' }, 'SELLER_API_KEY', /spaces/],
    ['poll interval zero', { POLL_INTERVAL_SECONDS: '0' }, 'POLL_INTERVAL_SECONDS', /greater than 0/],
    ['poll interval negative', { POLL_INTERVAL_SECONDS: '-1' }, 'POLL_INTERVAL_SECONDS', /greater than 0/],
    ['poll interval too long', { POLL_INTERVAL_SECONDS: '3601' }, 'POLL_INTERVAL_SECONDS', /at most 3600/],
    ['poll interval with a unit', { POLL_INTERVAL_SECONDS: '10s' }, 'POLL_INTERVAL_SECONDS', /seconds/],
    ['bad Bot API root', { TELEGRAM_API_ROOT: 'localhost:8081' }, 'TELEGRAM_API_ROOT', /URL|http/],
    ['deliver field not an identifier', { SELLER_DELIVER_FIELD: 'issued value' }, 'SELLER_DELIVER_FIELD', /field name/],
    ['unknown log level', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', /one of fatal, error, warn, info, debug, trace, silent/],
    ['health port too big', { HEALTH_PORT: '70000' }, 'HEALTH_PORT', /0 to 65535/],
    ['health port not a number', { HEALTH_PORT: 'http' }, 'HEALTH_PORT', /0 to 65535/],
    ['alert minutes zero', { STORE_DOWN_ALERT_MINUTES: '0' }, 'STORE_DOWN_ALERT_MINUTES', /greater than 0/],
  ];

  it.each(cases)('%s', (_name, overrides, variable, problem) => {
    const error = configError(live(overrides));
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    expect(error.message).toMatch(problem);
    expect(error.message).not.toContain('\n');
    expect(error.code).toBe('CONFIG_INVALID');
  });

  it('reports the first problem in documentation order and lists the others', () => {
    const error = configError({ LOG_LEVEL: 'loud', TELEGRAM_CHAT_ID: 'x' });
    expect(error.problems.map((p) => p.variable)).toEqual([
      'TELEGRAM_BOT_TOKEN',
      'TELEGRAM_CHAT_ID',
      'SELLER_API_URL',
      'SELLER_API_KEY',
      'LOG_LEVEL',
    ]);
    expect(error.variable).toBe('TELEGRAM_BOT_TOKEN');
    const line = formatConfigError(error);
    expect(line).toMatch(/^Configuration error: TELEGRAM_BOT_TOKEN: is required/);
    expect(line).toContain('also check: TELEGRAM_CHAT_ID, SELLER_API_URL, SELLER_API_KEY, LOG_LEVEL');
    expect(line).not.toContain('\n');
  });

  it('formats errors that are not configuration errors as a start-up failure', () => {
    expect(formatConfigError(new Error('boom'))).toBe('Start-up failed: boom');
  });
});

describe('loadConfig: trial mode (--sandbox)', () => {
  it('needs neither the store variables nor a chat id', () => {
    const config = loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN }, ['node', 'src/main.ts', '--sandbox']);
    expect(config.mode).toBe('sandbox');
    expect(config.seller).toBeUndefined();
    expect(config.telegram.chatId).toBeUndefined();
    expect(config.telegram.adminIds).toEqual([]);
    expect(config.deliverField).toBe('deliveredValue');
    expect(config.warnings).toEqual([]);
  });

  it('still needs the bot token', () => {
    expect(configError({}, ['--sandbox']).variable).toBe('TELEGRAM_BOT_TOKEN');
  });

  it('keeps the trial store out of the real database unless DATABASE_PATH says otherwise', () => {
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN }, ['--sandbox']).databasePath).toBe('./data/trial.sqlite');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, DATABASE_PATH: ' ' }, ['--sandbox']).databasePath).toBe('./data/trial.sqlite');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, DATABASE_PATH: '/tmp/x.sqlite' }, ['--sandbox']).databasePath).toBe('/tmp/x.sqlite');
    expect(loadConfig(live(), []).databasePath).toBe('./data/bridge.sqlite');
  });

  it('uses a chat id when given, and still refuses a group without admins', () => {
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: '77' }, ['--sandbox']).telegram.adminIds).toEqual([77]);
    expect(configError({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: '-77' }, ['--sandbox']).variable).toBe('TELEGRAM_ADMIN_IDS');
  });

  it('ignores store variables, even broken ones, with a warning', () => {
    const config = loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, SELLER_API_URL: 'nonsense', SELLER_API_KEY: KEY }, ['--sandbox']);
    expect(config.seller).toBeUndefined();
    expect(config.warnings).toEqual([expect.stringMatching(/ignored in trial mode/)]);
  });
});

describe('secrets stay out of messages and serialized config', () => {
  function render(config: Config): string[] {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    pino({ level: 'info' }, sink).info({ config, telegram: config.telegram, seller: config.seller }, 'started');
    return [
      JSON.stringify(config),
      JSON.stringify(config.telegram),
      JSON.stringify(config.seller),
      inspect(config, { depth: 10 }),
      inspect(config.telegram),
      inspect(config.seller),
      ...lines,
    ];
  }

  it('hides the token and the key from JSON, util.inspect and pino, while code reads them', () => {
    const config = loadConfig(live(), []);
    for (const text of render(config)) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(TOKEN.split(':')[1]);
      expect(text).not.toContain(KEY);
      expect(text).toContain('[redacted]');
    }
    // The rest of the config stays visible for diagnosis.
    expect(JSON.stringify(config)).toContain('https://store.example/api/v1');
    expect(inspect(config, { depth: 10 })).toContain('424242');
    expect(config.telegram.token).toBe(TOKEN);
    expect(config.seller?.apiKey).toBe(KEY);
  });

  it('is read-only', () => {
    const config = loadConfig(live(), []);
    expect(() => {
      (config.telegram as { token: string }).token = 'x';
    }).toThrow(TypeError);
  });

  it('never repeats a secret in an error, whatever variable the secret was put in', () => {
    const misplaced: Record<string, string>[] = [
      { TELEGRAM_BOT_TOKEN: KEY },
      { TELEGRAM_BOT_TOKEN: `${TOKEN} extra` },
      { TELEGRAM_CHAT_ID: TOKEN },
      { TELEGRAM_ADMIN_IDS: TOKEN },
      { SELLER_API_URL: KEY },
      { SELLER_API_URL: `https://x:${KEY}@store.example/v1` },
      { SELLER_API_URL: `https://store.example/v1?key=${KEY}` },
      { SELLER_API_KEY: `${KEY} ${KEY}` },
      { POLL_INTERVAL_SECONDS: KEY },
      { TELEGRAM_API_ROOT: `https://api.telegram.org/bot${TOKEN}?x` },
      { SELLER_DELIVER_FIELD: `${KEY}-` },
      { LOG_LEVEL: KEY },
      { HEALTH_PORT: TOKEN },
      { STORE_DOWN_ALERT_MINUTES: KEY },
    ];
    for (const overrides of misplaced) {
      const error = configError(live(overrides));
      for (const text of [error.message, formatConfigError(error), JSON.stringify(error.problems), inspect(error)]) {
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(TOKEN.split(':')[1]);
      }
    }
  });
});

describe('loadBackupConfig', () => {
  it('needs only DATABASE_PATH, with the same default', () => {
    expect(loadBackupConfig({})).toEqual({ databasePath: './data/bridge.sqlite' });
    expect(loadBackupConfig({ DATABASE_PATH: ' /srv/db.sqlite ', TELEGRAM_BOT_TOKEN: 'garbage' })).toEqual({
      databasePath: '/srv/db.sqlite',
    });
  });
});

describe('loadConfig: every bad variable in one run', () => {
  it('reports a missing key even when the URL is also wrong', () => {
    const error = configError(live({ SELLER_API_URL: 'nonsense', SELLER_API_KEY: undefined }));
    expect(error.problems.map((p) => p.variable)).toEqual(['SELLER_API_URL', 'SELLER_API_KEY']);
  });
});
