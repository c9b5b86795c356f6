/**
 * The one way into the seller's chat, put together: the queued sink sync hands events to, the notices the bot raises
 * by itself, and the drainer that shows both at Telegram's pace with the delivery steps (cards, buyer messages,
 * notices). Only the answers to a seller's own action go directly (action-outcomes.ts). The bot starts and stops
 * it with itself, and retries it when the chat answers again.
 */
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import type { Order } from '../../seller-api/schemas.ts';
import type { ShutdownBudget } from '../../shared/shutdown-budget.ts';
import type { SyncForBot, SyncSink } from '../../sync/contract.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { describeError } from '../errors.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import type { BotKeyValueStore } from '../storage/kv.ts';
import type { Translator } from '../texts/translator.ts';
import type { OrderTopics } from '../topics/order-topics.ts';
import { createActionOutcomes } from './action-outcomes.ts';
import { createNoticeDelivery, type NoticeDeliveryDeps } from './notice-delivery.ts';
import { adoptHeldNotices, alertNotice, type Notice, type PostNotice, type QueueNotice } from './notices.ts';
import type { ProgressLines } from './progress-lines.ts';
import { createQueueDelivery, type RelayedAs } from './queue-delivery.ts';
import { laneOf, toEntry } from './queue-items.ts';
import type { TelegramQueueStore } from './queue-store.ts';
import { createQueuedSink, DEFAULT_MAX_PENDING } from './queued-sink.ts';
import { createSinkDelivery } from './sink-delivery.ts';
import { createTelegramDrainer, DEFAULT_DRAINER, type DrainerOptions } from './telegram-drainer.ts';

export interface TelegramQueue {
  /** Give this to sync. */
  sink: SyncSink;
  /** A notice the bot raises by itself (a reminder, a summary): queued, never thrown. */
  notice: QueueNotice;
  /** An alert: a notice that says since when it waited when it goes out late. */
  postNotice: PostNotice;
  /** Adopts what an older version held, makes every waiting item due, then drains. */
  start(): Promise<void>;
  stop(budget?: ShutdownBudget): Promise<void>;
  /** The chat answers again: try now. */
  retryNow(): void;
  /** Items not in Telegram yet. */
  waiting(): Promise<number>;
  /** Tells `listener` which Telegram message each relayed buyer message went out in. */
  onRelayed(listener: (relayed: RelayedAs) => unknown): void;
}

export interface TelegramQueueDeps {
  api: Api;
  store: TelegramQueueStore;
  binding: ChatBinding;
  cards: OrderCards;
  codec: OrderActionCodec;
  topics: OrderTopics;
  kv: BotKeyValueStore;
  engine: () => SyncForBot;
  progress: ProgressLines;
  /** Told each order a card is brought up to (the Deliver prompts of an order that moved on close). */
  orderShown: (order: Order) => Promise<void>;
  /** The chat's language: queued texts are stored rendered in it. */
  tr: Translator;
  options?: Partial<DrainerOptions>;
  /** Draws chart notices (the daily summary's). */
  chartPhoto?: NoticeDeliveryDeps['chartPhoto'];
  /** Where a relayed chat message went out, for a notice that answers it. */
  relayedRef?: NoticeDeliveryDeps['relayedRef'];
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}

export function createTelegramQueue(deps: TelegramQueueDeps): TelegramQueue {
  const { api, store, binding, cards, engine, topics, tr, now, logger, secrets } = deps;
  const delivery = createSinkDelivery({ api, binding, cards, engine, topics, tr, orderShown: deps.orderShown });
  const deliverNotice = createNoticeDelivery({
    ...{ api, binding, codec: deps.codec, tr, logger, secrets },
    ...{ chartPhoto: deps.chartPhoto, relayedRef: deps.relayedRef },
  });
  const relayListeners: ((relayed: RelayedAs) => unknown)[] = [];
  const drainer = createTelegramDrainer({
    store,
    deliver: createQueueDelivery({ delivery, deliverNotice, binding, engine, store, tr }),
    engine,
    options: { ...DEFAULT_DRAINER, ...deps.options },
    // A step failed: the group may have turned topics on or off meanwhile.
    onFailure: () => topics.recheck(),
    onRelayed: (relayed) => {
      for (const listener of relayListeners) listener(relayed);
    },
    now,
    logger,
    secrets,
  });
  const actionSettled = createActionOutcomes({
    api,
    binding,
    cards,
    delivery,
    engine,
    progress: deps.progress,
    topics,
    tr,
    logger,
    secrets,
  });

  // A notice goes in whatever the chat's state: unlike a sync event, it has no store to wait at.
  const queueAt = async (notice: Notice, raisedAt: number) => {
    try {
      const item = { kind: 'notice' as const, notice, raisedAt };
      await store.add(toEntry(item), now());
      drainer.wake(laneOf(item));
    } catch (error) {
      logger.warn({ err: describeError(error, secrets) }, 'notice not queued: the bot could not keep it');
    }
  };
  const notice: QueueNotice = (item) => queueAt(item, now());

  return {
    sink: createQueuedSink({
      store,
      drainer,
      actionSettled,
      binding,
      inTopics: (chatId) => topics.isForum(chatId),
      tr,
      maxPending: DEFAULT_MAX_PENDING,
      now,
    }),
    notice,
    postNotice: (html, store) => notice({ ...alertNotice(html), ...(store === undefined ? {} : { store }) }),
    async start() {
      await adoptHeldNotices(deps.kv, queueAt);
      await store.releaseWaits();
      drainer.start();
    },
    stop: (budget) => drainer.stop(budget),
    retryNow: () => drainer.retryNow(),
    waiting: async () => store.pending(),
    onRelayed: (listener) => void relayListeners.push(listener),
  };
}
