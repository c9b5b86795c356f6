/** What the child process runs: the bridge's sync engine or the naive baseline, behind one small interface. */
import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import { Agent } from 'undici';
import { createSellerApiClient, DEFAULT_TIMEOUTS, type SellerApiClient } from '../../src/seller-api/client.ts';
import type { ChatRead, Delivery, StoreInit, SubjectInit } from '../protocol.ts';
import { createTimeScale, type TimeScale } from '../time-scale.ts';
import type { PacerCalibration } from './pacer-calibration.ts';
import { scaledClientOptions } from './scaled-settings.ts';
import { storeTimeRateLimitHeaders } from './store-time-headers.ts';

export interface Subject {
  /** Resolves once polling runs (ours with a bot: once the bot is up too). */
  start(): void | Promise<void>;
  /** Resolves when the first poll cycle (ours) or the first full round (naive) is over. */
  firstCycle(): Promise<void>;
  stop(): Promise<void>;
  /** The engine's own view of its chats (ours only). */
  watched(): { hot: number; quiet: number } | undefined;
  /** Items waiting in the bot's Telegram queue (ours with Telegram). */
  telegramQueued(): Promise<number | undefined>;
  /** Logical database size (page_count × page_size). */
  dbBytes(): number;
  /** Database, WAL and SHM files on disk. */
  dbDiskBytes(): number;
  dbRows(): Record<string, number> | undefined;
  requestsSent(): number;
}

export interface SubjectDeps {
  init: SubjectInit;
  /** Ours with a Telegram side: the bot's per-chat gap, calibrated for the pacer's timer lateness. */
  pacing?: PacerCalibration;
  logger: Logger;
  onDelivery(delivery: Delivery): void;
  onRead(read: ChatRead): void;
}

export interface StoreConnection {
  scale: TimeScale;
  api: SellerApiClient;
  close(): Promise<void>;
}

/** The real client of `store` with its default settings (waits compressed by S), over store-time rate-limit headers. */
export function connectToStore(init: SubjectInit, store: StoreInit, logger: Logger): StoreConnection {
  const scale = createTimeScale(init.scale);
  const agent = new Agent({
    connect: { timeout: DEFAULT_TIMEOUTS.connectMs },
    headersTimeout: DEFAULT_TIMEOUTS.headersMs,
    bodyTimeout: DEFAULT_TIMEOUTS.bodyMs,
  });
  const api = createSellerApiClient({
    baseUrl: store.baseUrl,
    apiKey: store.apiKey,
    logger,
    dispatcher: agent.compose(storeTimeRateLimitHeaders({ scale, windowStoreMs: init.windowStoreMs })),
    ...scaledClientOptions(scale),
  });
  return {
    scale,
    api,
    async close() {
      await api.close();
      await agent.close();
    },
  };
}

/** Size of a SQLite database with its WAL and shared-memory files. */
export function sqliteBytes(path: string): number {
  let total = 0;
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      total += statSync(file).size;
    } catch {
      // Not created (yet): nothing to count.
    }
  }
  return total;
}
