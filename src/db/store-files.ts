/**
 * Where each store's database is: the store named `main` (the one store of a setup without STORES_FILE) in
 * DATABASE_PATH itself, as before there were several; any other beside it, `bridge.sqlite` → `bridge.keys.sqlite`.
 * DATABASE_PATH also holds what the stores share (the Telegram queue, templates, languages, the bot's own state).
 */
import { basename, dirname, extname, join } from 'node:path';
import { MAIN_STORE } from '../core/store-ref.ts';

export function storeDatabasePath(databasePath: string, store: string): string {
  if (store === MAIN_STORE || databasePath === ':memory:') return databasePath;
  const extension = extname(databasePath);
  return join(dirname(databasePath), `${basename(databasePath, extension)}.${store}${extension}`);
}
