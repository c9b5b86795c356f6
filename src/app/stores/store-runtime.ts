/** One store as the bridge runs it: its name and title, its chat, its own database and its own client. */
import type { SqliteDatabase } from '../../db/sqlite.ts';
import type { SellerApi } from '../../seller-api/api.ts';

export interface StoreRuntime {
  name: string;
  title: string;
  /** Where its orders go; undefined: TELEGRAM_CHAT_ID. */
  chatId: number | undefined;
  /** Its database: DATABASE_PATH's for `main`, its own file for any other (db/store-files.ts). */
  db: SqliteDatabase;
  api: SellerApi;
  /** Trial mode: items a product starts with the first time, so auto-delivery shows at once. */
  demoStock?: { productId: string; items: string[] } | undefined;
}
