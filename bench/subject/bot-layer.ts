/**
 * Ours' Telegram side: the bridge's real bot layer (createBridgeBot), composed as src/app/bridge.ts composes it —
 * the same database queries for its key-value store, card views, topics and stock, the engine given lazily, the
 * bot's sink handed to the engine — with its API root pointed at the benchmark's fake Bot API. Only durations
 * differ: pacing (the per-chat gap and the group and global windows), retry waits, notice retries and the long-poll
 * timeout are compressed by S (pacer-calibration.ts takes the pacer's timer lateness off the per-chat gap). Topics
 * are off: the benchmark's group is a plain supergroup.
 */
import type { Logger } from 'pino';
import { createBridgeBot, type BridgeBot } from '../../src/bot/index.ts';
import { DEFAULT_HELD_NOTICE_BACKOFF, DEFAULT_NOTICE_RETRY_DELAYS_MS } from '../../src/bot/sink/notices.ts';
import { DEFAULT_PACING, DEFAULT_RETRY } from '../../src/bot/transport/api-transformers.ts';
import { DEFAULT_DRAINER } from '../../src/bot/sink/telegram-drainer.ts';
import {
  createCardViewQueries,
  createKeyValueStore,
  createOrderTopicQueries,
  createStockQueries,
  createTelegramQueueQueries,
} from '../../src/db/index.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import type { SellerApi } from '../../src/seller-api/api.ts';
import type { SyncForBot } from '../../src/sync/contract.ts';
import type { TelegramInit } from '../protocol.ts';
import type { TimeScale } from '../time-scale.ts';

/** The seller's user id in a group (in a private chat the chat id is the user's). */
const GROUP_ADMIN = 5_000_000_001;
/** Long polls return at once when stopped; a short one keeps the bot's stop quick whatever S is. */
const POLL_TIMEOUT_S = 1;

export interface BenchBotDeps {
  telegram: TelegramInit;
  db: SqliteDatabase;
  engine: () => SyncForBot;
  api: SellerApi;
  logger: Logger;
  scale: TimeScale;
  /** The per-chat gap, real ms, when calibrated for the pacer's timer lateness (pacer-calibration.ts). */
  perChatIntervalMs?: number;
}

export function createBenchBot({ telegram, db, engine, api, logger, scale, perChatIntervalMs }: BenchBotDeps): BridgeBot {
  const real = (storeMs: number) => scale.toReal(storeMs);
  return createBridgeBot({
    token: telegram.token,
    apiRoot: telegram.apiRoot,
    chatId: telegram.chatId,
    adminIds: [telegram.chatId > 0 ? telegram.chatId : GROUP_ADMIN],
    engine,
    kv: createKeyValueStore(db),
    cardStore: createCardViewQueries(db),
    topics: { mode: 'off', store: createOrderTopicQueries(db) },
    stock: createStockQueries(db),
    // Sync hands events to the Telegram queue and reads on while it drains, as in the app.
    telegramQueue: createTelegramQueueQueries(db),
    drainer: {
      backoff: { baseMs: real(DEFAULT_DRAINER.backoff.baseMs), maxMs: real(DEFAULT_DRAINER.backoff.maxMs) },
      idlePollMs: real(DEFAULT_DRAINER.idlePollMs),
      editMaxWaitMs: real(DEFAULT_DRAINER.editMaxWaitMs),
    },
    logger,
    listProducts: () => api.listProducts(),
    pacing: {
      ...DEFAULT_PACING,
      perChatIntervalMs: perChatIntervalMs ?? real(DEFAULT_PACING.perChatIntervalMs),
      groupWindowMs: real(DEFAULT_PACING.groupWindowMs),
      globalWindowMs: real(DEFAULT_PACING.globalWindowMs),
    },
    retry: { ...DEFAULT_RETRY, maxDelaySeconds: real(DEFAULT_RETRY.maxDelaySeconds * 1000) / 1000 },
    pollingTimeoutSeconds: POLL_TIMEOUT_S,
    noticeRetryDelaysMs: DEFAULT_NOTICE_RETRY_DELAYS_MS.map(real),
    heldNoticeBackoff: { baseMs: real(DEFAULT_HELD_NOTICE_BACKOFF.baseMs), maxMs: real(DEFAULT_HELD_NOTICE_BACKOFF.maxMs) },
  });
}
