/** The key/value store the bot uses for conversations and the trial-mode chat binding. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';

const logger = pino({ level: 'silent' });
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kv-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('stores JSON values that survive a reopen, and deletes them', () => {
  const path = join(dir, 'bridge.sqlite');
  const db = openDatabase(path, { logger });
  const kv = createKeyValueStore(db);
  kv.set('bot.conversation.42', { step: 'deliver', value: 'KEY-1', nested: [1, null, 'x'] });
  kv.set('trial.chatId', 123456789);
  kv.set('trial.chatId', 987654321);
  db.close();

  const reopened = openDatabase(path, { logger });
  const again = createKeyValueStore(reopened);
  expect(again.get('bot.conversation.42')).toEqual({ step: 'deliver', value: 'KEY-1', nested: [1, null, 'x'] });
  expect(again.get<number>('trial.chatId')).toBe(987654321);
  expect(again.delete('trial.chatId')).toBe(true);
  expect(again.delete('trial.chatId')).toBe(false);
  expect(again.get('trial.chatId')).toBeUndefined();
  reopened.close();
});

it('validates with a schema: a value of an old shape reads as absent', () => {
  const db = openDatabase(':memory:', { logger });
  const kv = createKeyValueStore(db);
  const Binding = z.object({ chatId: z.number().int() });
  kv.set('trial.binding', { chatId: 5 });
  kv.set('trial.old', { chat: '5' });
  expect(kv.get('trial.binding', Binding)).toEqual({ chatId: 5 });
  expect(kv.get('trial.old', Binding)).toBeUndefined();
  db.close();
});

it('lists keys by prefix, taking LIKE wildcards literally', () => {
  const db = openDatabase(':memory:', { logger });
  const kv = createKeyValueStore(db);
  for (const key of ['bot.a', 'bot.b', 'bot_x', 'bo%t', 'sync.lastAliveAt']) kv.set(key, 1);
  expect(kv.keys('bot.')).toEqual(['bot.a', 'bot.b']);
  expect(kv.keys('bo%')).toEqual(['bo%t']);
  expect(kv.keys()).toEqual(['bo%t', 'bot.a', 'bot.b', 'bot_x', 'sync.lastAliveAt']);
  expect(() => kv.set('nothing', undefined)).toThrow(/not JSON-serialisable/);
  db.close();
});
