/** Every query module over one connection, prepared once. */
import { createChatCursorQueries, type ChatCursorQueries } from './chat-cursors.ts';
import { createChatMessageQueries, type ChatMessageQueries } from './chat-messages.ts';
import { createKeyValueStore, type KeyValueStore } from './kv.ts';
import { createOrderQueries, type OrderQueries } from './orders.ts';
import { createOutboxQueries, type OutboxQueries } from './outbox.ts';
import { createPruner, type PruneResult, type PruneRules } from './prune.ts';
import type { SqliteDatabase } from './sqlite.ts';
import { createStockQueries, type StockQueries } from './stock.ts';
import { createTelegramLinkQueries, type TelegramLinkQueries } from './telegram-links.ts';

export interface Queries {
  orders: OrderQueries;
  cursors: ChatCursorQueries;
  messages: ChatMessageQueries;
  links: TelegramLinkQueries;
  outbox: OutboxQueries;
  kv: KeyValueStore;
  stock: StockQueries;
  prune(rules: PruneRules): PruneResult;
}

export function createQueries(db: SqliteDatabase, now: () => number = Date.now): Queries {
  return {
    orders: createOrderQueries(db),
    cursors: createChatCursorQueries(db),
    messages: createChatMessageQueries(db),
    links: createTelegramLinkQueries(db),
    outbox: createOutboxQueries(db),
    kv: createKeyValueStore(db, now),
    stock: createStockQueries(db),
    prune: createPruner(db),
  };
}
