/**
 * The Telegram queue put together: the queued sink sync hands events to, and the drainer that shows them with the
 * direct sink's steps. The bot starts and stops it with itself (index.ts), and retries it when the chat answers.
 */
import type { Logger } from 'pino';
import type { ShutdownBudget } from '../../shared/shutdown-budget.ts';
import type { SyncForBot, SyncSink } from '../../sync/contract.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { createQueueDelivery } from './queue-delivery.ts';
import type { TelegramQueueStore } from './queue-store.ts';
import { createQueuedSink, DEFAULT_MAX_PENDING } from './queued-sink.ts';
import { createTelegramDrainer, DEFAULT_DRAINER, type DrainerOptions } from './telegram-drainer.ts';
import type { TelegramSink } from './telegram-sink.ts';
import type { Translator } from '../texts/translator.ts';

export interface TelegramQueue {
  /** Give this to sync. */
  sink: SyncSink;
  start(): void;
  stop(budget?: ShutdownBudget): Promise<void>;
  /** The chat answers again: try now. */
  retryNow(): void;
  /** Items not in Telegram yet. */
  waiting(): Promise<number>;
}

export function createTelegramQueue(deps: {
  store: TelegramQueueStore;
  direct: TelegramSink;
  binding: ChatBinding;
  engine: () => SyncForBot;
  /** The chat's language: queued texts are stored rendered in it. */
  tr: Translator;
  options?: Partial<DrainerOptions>;
  /** A step failed (the group may have turned topics on or off meanwhile). */
  onFailure: () => void;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}): TelegramQueue {
  const { store, direct, binding, engine, now } = deps;
  const drainer = createTelegramDrainer({
    store,
    deliver: createQueueDelivery({ delivery: direct.delivery, binding, engine, store, tr: deps.tr }),
    engine,
    options: { ...DEFAULT_DRAINER, ...deps.options },
    onFailure: deps.onFailure,
    now,
    logger: deps.logger,
    secrets: deps.secrets,
  });
  return {
    sink: createQueuedSink({ store, drainer, direct: direct.sink, binding, tr: deps.tr, maxPending: DEFAULT_MAX_PENDING, now }),
    start: () => drainer.start(),
    stop: (budget) => drainer.stop(budget),
    retryNow: () => drainer.retryNow(),
    waiting: async () => store.pending(),
  };
}
