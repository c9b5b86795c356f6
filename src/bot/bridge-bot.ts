/** The contract of createBridgeBot (index.ts): what the bot is built from (`BridgeBotDeps`) and what it gives back (`BridgeBot`). */
import type { Bot } from 'grammy';
import type { Logger } from 'pino';
import type { AuditStore, StatsStore, SummaryLedger } from '../core/audit.ts';
import type { StoreDirectory } from '../core/store-ref.ts';
import type { OrderExportStore } from '../core/sales.ts';
import type { SalesChartRenderer } from '../sales/chart-render.ts';
import type { Product } from '../seller-api/schemas.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';
import type { SyncForBot, SyncSink } from '../sync/contract.ts';
import type { CardStore } from './cards/card-store.ts';
import type { BotContext } from './context.ts';
import type { TemplateStore } from './templates/template-store.ts';
import type { TopicsSettings } from './topics/order-topics.ts';
import type { LocalTimeOfDay } from './automation/daily-summary.ts';
import type { TelegramPacing, TelegramRetry } from './transport/api-transformers.ts';
import type { BotKeyValueStore } from './storage/kv.ts';
import type { PostNotice } from './sink/notices.ts';
import type { ChatRefusal } from './transport/chat-reachability.ts';
import type { PollingState } from './transport/polling.ts';
import type { StockStore } from './stock/stock-store.ts';
import type { TelegramQueueStore } from './sink/queue-store.ts';
import type { DrainerOptions } from './sink/telegram-drainer.ts';
import type { TelegramQueue } from './sink/telegram-queue.ts';
import type { Translator } from './texts/translator.ts';
import type { UserLanguageStore } from './i18n.ts';
import type { HousekeepingOptions } from './upkeep/housekeeping.ts';
import type { ReminderSettings } from './automation/reminders.ts';
import type { MakeEncryptedBackup } from './features/backup.ts';
import type { AutoReplySettings } from './automation/autoreply-store.ts';

export interface BridgeBotDeps {
  /** BotFather token. Never logged; redacted from every error this module logs or throws. */
  token: string;
  /** A local Bot API server or a test double; Telegram's by default. No trailing slash. */
  apiRoot?: string;
  /** Where orders go. Undefined: trial mode, the first private chat that sends /start is bound. */
  chatId: number | undefined;
  /** Several stores in one bot: their names and titles (cards and messages name them); absent: one store. */
  stores?: StoreDirectory;
  /** A store's own chat, by store name, where it is not `chatId` (STORES_FILE's `chatId`). */
  storeChats?: Readonly<Record<string, number>>;
  /** Users allowed to act. In trial mode the bound user is added. */
  adminIds: readonly number[];
  /** Staff (TELEGRAM_STAFF_IDS): may act but not cancel or change settings (middlewares/roles.ts). */
  staffIds?: readonly number[];
  /** The audit trail (src/db's AuditQueries): who did what, shown on cards and by /order. Absent: nothing recorded. */
  audit?: AuditStore;
  /** The figures of /stats and the daily summary (src/db's StatsQueries); absent: /stats says it is unavailable. */
  stats?: StatsStore;
  /** The orders /export lists (src/db's `createOrderExportQueries`); absent: /export says it is unavailable. */
  orderExport?: OrderExportStore;
  /** Draws the chart of /stats and the daily summary; the in-process renderer of sales/ by default. */
  salesChart?: SalesChartRenderer;
  /** DAILY_SUMMARY_AT, in `timeZone`; with `summaryLedger`, the /stats report is posted once a day then. */
  dailySummaryAt?: LocalTimeOfDay;
  summaryLedger?: SummaryLedger;
  /** How often the daily summary's clock is looked at (default 30 s). */
  dailySummaryCheckMs?: number;
  /**
   * The sync engine. It is built with this bot's `sink`, so it may be given lazily:
   * `engine: () => engine`, called only once updates or sink events arrive.
   */
  engine: SyncForBot | (() => SyncForBot);
  /** Conversation state, callback aliases, trial binding (src/db's KeyValueStore). */
  kv: BotKeyValueStore;
  /** Order cards and what each shows now (src/db's CardViewQueries over the links sync maps replies with). */
  cardStore: CardStore;
  logger: Logger;
  /** For /stock and stock files (src/db's StockQueries); without it /stock says it is unavailable. */
  stock?: StockStore;
  /** Reply templates (src/db's `createTemplateQueries`); without it the template commands say they are unavailable. */
  templates?: TemplateStore;
  /** Topics mode (TELEGRAM_TOPICS): a topic per order in a forum group. Off when absent; the configuration says `auto`. */
  topics?: TopicsSettings;
  /** BOT_LANGUAGE: the language of the shared chat (cards, alerts); English by default. */
  language?: string;
  /** BOT_TIMEZONE: every time shown is in this IANA zone; UTC by default. */
  timeZone?: string;
  /** The languages users picked with /language (src/db's user-languages queries); kept in memory without it. */
  userLanguages?: UserLanguageStore;
  /**
   * For /products (e.g. `() => sellerApi.listProducts()`): a store's products by its name, every store's without;
   * without it /products says it is unavailable.
   */
  listProducts?: (store?: string) => Promise<Product[]>;
  /** `/backup`: a fresh backup encrypted to BACKUP_AGE_RECIPIENT; absent (no recipient), /backup says why it cannot. */
  makeEncryptedBackup?: MakeEncryptedBackup;
  /** Telegram pacing; defaults follow Telegram's limits. Tests make it fast. */
  pacing?: Partial<TelegramPacing>;
  /** Retries of 429 and 5xx answers; bounded by default (5 attempts, 60 s). Network errors are not retried here. */
  retry?: Partial<TelegramRetry>;
  /** getUpdates long-poll timeout in seconds (default 30). */
  pollingTimeoutSeconds?: number;
  /**
   * Called once when polling stops by itself — 409 (another process polls with this token), 401 (token revoked),
   * or Telegram unreachable longer than the runner retries — never after our own stop(). The reason is token-free
   * and starts with a code (`TELEGRAM_POLLING_CONFLICT: …`). The bot is deaf from then on: exit and be restarted.
   */
  onPollingStopped?: (reason: string) => void;
  /** How long stop() waits for updates in flight, e.g. a reply queued by pacing (default 10 s). */
  stopGraceMs?: number;
  /** A button whose handler has not answered within this is answered without text (default 1 s). */
  callbackAnswerDeadlineMs?: number;
  /**
   * The Telegram queue (src/db's TelegramQueueQueries), the one way into the seller's chat: sync's events and the
   * bot's own notices are queued and shown at Telegram's pace while sync goes on reading the store; buyer messages of
   * one order that wait together are sent as one message.
   */
  telegramQueue: TelegramQueueStore;
  /** The queue's drainer: backoffs, idle polling, grace at stop (defaults: sink/telegram-drainer.ts). */
  drainer?: Partial<DrainerOptions>;
  /** Pruning of the bot's records: card views and callback aliases (default: 30 days, hourly). */
  housekeeping?: Partial<HousekeepingOptions>;
  /** A Deliver or /reply step left alone this long is dropped (default 15 minutes). */
  conversationTimeoutMs?: number;
  /** How often Deliver steps that timed out are looked for, to edit their messages (default 10 s). */
  deliverStepSweepMs?: number;
  /** Reminders and /autocancel (src/db's ReminderQueries and the REMIND_* settings); without it both are off. */
  reminders?: ReminderSettings;
  /** /autoreply and /away (src/db's AutoReplyQueries, WORKING_HOURS); without it both say they are unavailable. */
  autoreply?: AutoReplySettings;
  now?: () => number;
}

export interface BridgeBot {
  bot: Bot<BotContext>;
  /** Give this to the sync engine. */
  sink: SyncSink;
  /**
   * Queues an alert for the chat (through the Telegram queue, kept across restarts); never throws. When it goes out
   * late it says since when it waited. Texts: `ALERTS` in texts/alerts.ts.
   */
  postNotice: PostNotice;
  /** The chat's texts (BOT_LANGUAGE, BOT_TIMEZONE), for the notices the app words (`ALERTS`). */
  tr: Translator;
  /** Why Telegram refuses the seller's chat (blocked, removed, no rights), until a message gets through again. */
  chatRefusal(): Promise<ChatRefusal | undefined>;
  /**
   * Registers commands (best effort), prunes old records, starts long polling; resolves once polling runs.
   * Rejects with BridgeBotError('TELEGRAM_TOKEN_REFUSED') when Telegram refuses the token.
   */
  start(): Promise<void>;
  /** Stops polling and waits for the updates being handled (up to `stopGraceMs`, within what `budget` leaves). */
  stop(budget?: ShutdownBudget): Promise<void>;
  /**
   * The Telegram queue: `start()` and `stop()` run with the bot's own; tests that drive a bot without polling run the
   * drainer alone. `waiting()` counts what is not in Telegram yet.
   */
  queue: Omit<TelegramQueue, 'sink'>;
  /** Whether updates are being received; `error` (token-free) says why polling stopped by itself. */
  polling(): PollingState;
  /** Looks for due reminders and auto-cancels now (they are also looked for on an interval); never throws. */
  remindNow(): Promise<void>;
}
