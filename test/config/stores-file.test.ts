/**
 * STORES_FILE: several stores in one bot. A good file gives one store per entry (title defaulting to the name, keys
 * read from the environment); a bad one stops start-up with one line naming the store and the field, and never
 * prints a key. Without it SELLER_API_URL/SELLER_API_KEY are the one store `main`, as before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, formatConfigError, loadConfig, loadStoreNames } from '../../src/config/index.ts';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const KEY_A = `svc_sk_${'a'.repeat(20)}${'Q'.repeat(20)}`;
const KEY_B = `svc_sk_${'b'.repeat(20)}${'R'.repeat(20)}`;
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_CHAT_ID: '424242',
  STORES_FILE: './stores.json',
  KEYS_API_KEY: KEY_A,
  SUBS_API_KEY: KEY_B,
  ...extra,
});
const withFile = (source: string, extra: Record<string, string> = {}) => loadConfig(env(extra), [], { readFile: () => source });

/** The one line a file stops start-up with. */
function refusal(source: unknown, extra: Record<string, string> = {}): string {
  try {
    withFile(typeof source === 'string' ? source : JSON.stringify(source), extra);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const line = formatConfigError(error);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toContain(KEY_A);
    return line;
  }
  throw new Error('expected the file to be refused');
}

/** `${NAME}` as the file writes it (a plain string here, not a template). */
const ref = (name: string) => `$${'{'}${name}}`;

const store = (fields: Record<string, unknown>) => ({
  name: 'keys',
  apiUrl: 'https://a.example/v1',
  apiKey: ref('KEYS_API_KEY'),
  ...fields,
});

describe('STORES_FILE', () => {
  it('reads stores.example.json: names, titles, keys from the environment, own chats and deliver fields', () => {
    const config = withFile(readFileSync('stores.example.json', 'utf8'));
    expect(config.stores.map(({ name, title, apiKey, chatId, deliverField }) => ({ name, title, apiKey, chatId, deliverField }))).toEqual([
      { name: 'keys', title: 'Game keys', apiKey: KEY_A, chatId: undefined, deliverField: 'deliveredValue' },
      { name: 'subs', title: 'Subscriptions', apiKey: KEY_B, chatId: -1001234567890, deliverField: 'deliveredValue' },
    ]);
    expect(config.seller).toBeUndefined();
  });

  it('defaults the title to the name, and without STORES_FILE the SELLER_* variables are the store main', () => {
    expect(withFile(JSON.stringify({ stores: [store({})] })).stores[0]?.title).toBe('keys');
    const { STORES_FILE: _unset, ...rest } = env({ SELLER_API_URL: 'https://a.example/v1', SELLER_API_KEY: KEY_A });
    expect(loadConfig(rest).stores.map((one) => [one.name, one.apiKey])).toEqual([['main', KEY_A]]);
  });

  it('stops start-up with one line naming the store and the field', () => {
    expect(refusal('{ not json')).toBe('Configuration error: STORES_FILE: is not valid JSON. See .env.example.');
    expect(refusal({ stores: [] })).toMatch(/STORES_FILE: "stores" must list at least one store/);
    expect(refusal({ stores: [store({ name: 'Keys!' })] })).toMatch(/STORES_FILE: store "Keys!": name must be lower-case/);
    expect(refusal({ stores: [store({}), store({})] })).toMatch(/store "keys": name is used by another store/);
    expect(refusal({ stores: [store({ apiUrl: 'ftp://a.example/v1' })] })).toMatch(/store "keys": apiUrl must be an http\(s\) address/);
    expect(refusal({ stores: [store({ chatId: 'group' })] })).toMatch(/store "keys": chatId must be a Telegram chat id/);
    expect(refusal({ stores: [{ apiUrl: 'https://a.example/v1', apiKey: 'x' }] })).toMatch(/store 1: name is required/);
  });

  it('names an unset variable without printing any key, and refuses SELLER_* beside the file', () => {
    const unset = refusal({ stores: [store({ apiKey: ref('MISSING_KEY') })] });
    expect(unset).toBe(
      `Configuration error: STORES_FILE: store "keys": apiKey ${ref('MISSING_KEY')} is not set in the environment. See .env.example.`,
    );
    const both = refusal({ stores: [store({})] }, { SELLER_API_KEY: KEY_A, SELLER_API_URL: 'https://a.example/v1' });
    expect(both).toMatch(/SELLER_API_URL: must be unset when STORES_FILE is set/);
  });

  it('gives the shell commands the names alone, reading no key', () => {
    const source = JSON.stringify({ stores: [store({ apiKey: ref('NOT_SET_HERE') }), store({ name: 'subs' })] });
    expect(loadStoreNames({ STORES_FILE: 'x.json' }, () => source)).toEqual(['keys', 'subs']);
    expect(loadStoreNames({})).toEqual(['main']);
    expect(() => loadStoreNames({ STORES_FILE: 'x.json' }, () => '[')).toThrow(ConfigError);
  });
});
