/**
 * What the bot needs of the database's key-value store (src/db's `KeyValueStore` fits it): JSON values by key.
 * Sync or async implementations both work: every read and write is awaited.
 */
import type { z } from 'zod';

export interface BotKeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  delete(key: string): unknown;
  /** Keys starting with `prefix` (housekeeping lists the bot's records with it). */
  keys(prefix: string): readonly string[] | Promise<readonly string[]>;
}

/** Every key the bot writes starts with this, so its rows are easy to tell apart from other users of the store. */
export const BOT_KEY_PREFIX = 'bot.';

/** A typed slot: values that do not match the schema (an older layout, a hand edit) read as absent. */
export interface KvSlot<T> {
  read(): Promise<T | undefined>;
  write(value: T): Promise<void>;
  remove(): Promise<void>;
}

/** The bot's keys under `prefix` (without BOT_KEY_PREFIX), with that prefix cut off: e.g. the hashes of callback-data aliases. */
export async function kvSuffixes(kv: BotKeyValueStore, prefix: string): Promise<string[]> {
  const fullPrefix = `${BOT_KEY_PREFIX}${prefix}`;
  return (await kv.keys(fullPrefix)).filter((key) => key.startsWith(fullPrefix)).map((key) => key.slice(fullPrefix.length));
}

export function kvSlot<S extends z.ZodType>(kv: BotKeyValueStore, key: string, schema: S): KvSlot<z.infer<S>> {
  const fullKey = `${BOT_KEY_PREFIX}${key}`;
  return {
    async read() {
      const parsed = schema.safeParse(await kv.get(fullKey));
      return parsed.success ? parsed.data : undefined;
    },
    async write(value) {
      await kv.set(fullKey, value);
    },
    async remove() {
      await kv.delete(fullKey);
    },
  };
}
