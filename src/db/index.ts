/** The bridge's SQLite state: opening, migrations, and one small typed query module per table. */
export type { SqliteDatabase } from './sqlite.ts';
export { openDatabase, type OpenDatabaseOptions } from './open.ts';
export {
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  SchemaAheadError,
  migrate,
  schemaStatus,
  type Migration,
  type SchemaState,
  type SchemaStatus,
} from './migrations.ts';
export { createKeyValueStore, type KeyValueStore } from './kv.ts';
export { createOrderQueries, type OrderQueries, type OrderWatch, type StoredOrder } from './orders.ts';
export { createChatCursorQueries, type ChatCursor, type ChatCursorQueries } from './chat-cursors.ts';
export {
  createChatMessageQueries,
  type ChatMessageOrigin,
  type ChatMessageQueries,
  type HandledMessage,
} from './chat-messages.ts';
export { createTelegramLinkQueries, type TelegramLinkQueries, type TelegramLinkRole } from './telegram-links.ts';
export { createCardViewQueries, type CardView, type CardViewQueries, type StoredCard, type TendedOrder } from './card-views.ts';
export {
  createOutboxQueries,
  type OutboxEntry,
  type OutboxQueries,
  type ReportedState,
  type StoredOutcome,
} from './outbox.ts';
export { createPruner, type PruneResult, type PruneRules } from './prune.ts';
export { createQueries, type Queries } from './queries.ts';
