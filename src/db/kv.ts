/**
 * A small typed key/value store of JSON values in the `kv` table: the bot's conversation storage,
 * the trial-mode chat binding, sync's run markers. Keys are namespaced by convention (`bot.…`, `sync.…`).
 */
import type { z } from 'zod';
import type { SqliteDatabase } from './sqlite.ts';

export interface KeyValueStore {
  /** The stored value, or undefined when absent. Without a schema the caller vouches for the type. */
  get<T = unknown>(key: string): T | undefined;
  /** The stored value validated by `schema`; a value that no longer fits (old shape) reads as undefined. */
  get<S extends z.ZodType>(key: string, schema: S): z.infer<S> | undefined;
  /** Stores any JSON-serialisable value (undefined is refused: use delete). */
  set(key: string, value: unknown): void;
  /** True when something was deleted. */
  delete(key: string): boolean;
  /** Keys starting with `prefix`, sorted. */
  keys(prefix?: string): string[];
}

export function createKeyValueStore(db: SqliteDatabase, now: () => number = Date.now): KeyValueStore {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?');
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM kv WHERE key = ?');
  // substr rather than LIKE: keys may contain LIKE's wildcard characters.
  const byPrefix = db.prepare<{ prefix: string }, { key: string }>(
    'SELECT key FROM kv WHERE substr(key, 1, length(@prefix)) = @prefix ORDER BY key',
  );
  const all = db.prepare<[], { key: string }>('SELECT key FROM kv ORDER BY key');

  function get(key: string, schema?: z.ZodType): unknown {
    const row = select.get(key);
    if (row === undefined) return undefined;
    const value: unknown = JSON.parse(row.value);
    if (schema === undefined) return value;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  return {
    get: get as KeyValueStore['get'],
    set(key, value) {
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`kv value for "${key}" is not JSON-serialisable`);
      upsert.run(key, json, now());
    },
    delete(key) {
      return remove.run(key).changes > 0;
    },
    keys(prefix) {
      if (prefix === undefined || prefix === '') return all.all().map((row) => row.key);
      return byPrefix.all({ prefix }).map((row) => row.key);
    },
  };
}
