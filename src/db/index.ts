/** The bridge's SQLite state: opening, migrations, and one small typed query module per table. */
export { openDatabase } from './open.ts';
export { createKeyValueStore } from './kv.ts';
export { createCardViewQueries } from './card-views.ts';
export { createStockQueries } from './stock.ts';
export { createOrderTopicQueries } from './order-topics.ts';
export { createTemplateQueries } from './templates.ts';
export { createAuditQueries, createSummaryLedger } from './audit.ts';
export { createStatsQueries } from './stats.ts';
export { createReminderQueries } from './reminders.ts';
export { createAutoReplyQueries } from './autoreply.ts';
export { createRelayedRefQuery } from './relayed-ref.ts';
export { createTelegramQueueQueries } from './telegram-queue.ts';
export { createUserLanguageQueries } from './user-languages.ts';
export { createOrderExportQueries } from './order-export.ts';
