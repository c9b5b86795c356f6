/**
 * Ours with its Telegram side: the whole bridge as the app builds it (src/app/build-bridge.ts: the bot with audit,
 * reminders, templates, stock and the Telegram queue; the sync engine), with its API root pointed at the benchmark's
 * fake Bot API. Only durations differ: every default that is a store-time duration (the engine's tuning, the
 * drainer's waits, reminder times, Telegram's pacing windows and retry waits, the long-poll timeout) is compressed by
 * S (pacer-calibration.ts takes the pacer's timer lateness off the per-chat gap). Topics are off: the benchmark's
 * group is a plain supergroup.
 */
import type { Logger } from 'pino';
import { buildBridge, type Bridge } from '../../src/app/build-bridge.ts';
import type { StoreRuntime } from '../../src/app/stores/store-runtime.ts';
import { DEFAULT_DRAINER } from '../../src/bot/sink/telegram-drainer.ts';
import { DEFAULT_PACING, DEFAULT_RETRY } from '../../src/bot/transport/api-transformers.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { SyncSink } from '../../src/sync/contract.ts';
import type { SyncTuning } from '../../src/sync/run/tuning.ts';
import type { SubjectInit, TelegramInit } from '../protocol.ts';
import type { TimeScale } from '../time-scale.ts';

/** The seller's user id in a group (in a private chat the chat id is the user's). */
const GROUP_ADMIN = 5_000_000_001;
/** Long polls return at once when stopped; a short one keeps the bot's stop quick whatever S is. */
const POLL_TIMEOUT_S = 1;
const MINUTE = 60_000;

export interface BenchBridgeDeps {
  init: SubjectInit;
  telegram: TelegramInit;
  db: SqliteDatabase;
  dbPath: string;
  /** Each store with its client and database (engine-subject.ts); several each have their own chat. */
  stores: StoreRuntime[];
  logger: Logger;
  scale: TimeScale;
  /** The engine's tuning, already compressed (scaled-settings.ts), and its poll interval in real ms. */
  tuning: SyncTuning;
  pollIntervalMs: number;
  /** Notes each event as a store's engine hands it to the bot (recording-sink.ts). */
  record: (sink: SyncSink, store: string) => SyncSink;
  /** The per-chat gap, real ms, when calibrated for the pacer's timer lateness (pacer-calibration.ts). */
  perChatIntervalMs?: number;
}

export function createBenchBridge(deps: BenchBridgeDeps): Bridge {
  const { telegram, scale } = deps;
  const real = (storeMs: number) => Math.max(1, Math.round(scale.toReal(storeMs)));
  const [first] = deps.init.stores;
  if (first === undefined) throw new Error('the bridge needs a store');
  // In a private chat the chat id is the seller's user id: each store's own chat is an admin's.
  const chats = [telegram.chatId, ...deps.stores.flatMap((store) => (store.chatId === undefined ? [] : [store.chatId]))];
  const admins = [...new Set(chats.map((chat) => (chat > 0 ? chat : GROUP_ADMIN)))];
  // The configuration's store settings only matter for `main`; buildBridge takes the stores as opened.
  const config = loadConfig({
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_CHAT_ID: String(telegram.chatId),
    TELEGRAM_ADMIN_IDS: admins.join(','),
    TELEGRAM_TOPICS: 'off',
    SELLER_API_URL: first.baseUrl,
    SELLER_API_KEY: first.apiKey,
    DATABASE_PATH: deps.dbPath,
    POLL_INTERVAL_SECONDS: String(deps.pollIntervalMs / 1000),
  });
  return buildBridge({
    config,
    db: deps.db,
    stores: deps.stores,
    logger: deps.logger,
    overrides: {
      bot: {
        drainer: {
          backoff: { baseMs: deps.tuning.sinkRetryBaseMs, maxMs: deps.tuning.sinkRetryMaxMs },
          idlePollMs: real(DEFAULT_DRAINER.idlePollMs),
          editMaxWaitMs: real(DEFAULT_DRAINER.editMaxWaitMs),
        },
        pacing: {
          ...DEFAULT_PACING,
          perChatIntervalMs: deps.perChatIntervalMs ?? real(DEFAULT_PACING.perChatIntervalMs),
          groupWindowMs: real(DEFAULT_PACING.groupWindowMs),
          globalWindowMs: real(DEFAULT_PACING.globalWindowMs),
        },
        retry: { ...DEFAULT_RETRY, maxDelaySeconds: real(DEFAULT_RETRY.maxDelaySeconds * 1000) / 1000 },
        pollingTimeoutSeconds: POLL_TIMEOUT_S,
      },
      // REMIND_UNTAKEN_MINUTES and REMIND_UNANSWERED_MINUTES at their defaults, in store time.
      reminders: { untakenAfterMs: real(10 * MINUTE), unansweredAfterMs: real(15 * MINUTE), tickMs: real(10_000) },
      engine: { ...deps.tuning, pollIntervalMs: deps.pollIntervalMs },
      sink: deps.record,
    },
  });
}
