/**
 * The sink sync hands events to: an event is written to the Telegram queue and the promise resolves at once, so the
 * hand-off commits and sync goes on reading the store while the drainer (telegram-drainer.ts) shows the queue in
 * Telegram at the pace Telegram allows.
 *
 * It refuses an event when nothing can be shown for a while: no chat bound yet (trial mode), the chat refusing the
 * bot (its store's drain lane holds), or the queue full. Sync then holds the events at the store,
 * so what waits on disk stays bounded. Outcomes of seller actions are not queued: they answer the seller's own tap or
 * reply (action-outcomes.ts), paced with everything else.
 */
import type { ActionOutcome } from '../../core/actions.ts';
import type { StockAlert } from '../../core/stock/stock-plan.ts';
import type { CatchUpSummary, SinkReceipt, SyncSink } from '../../sync/contract.ts';
import { BridgeBotError } from '../errors.ts';
import type { Html } from '../helpers/html.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { ALERTS } from '../texts/alerts.ts';
import { stockAlertEmpty, stockAlertLow } from '../texts/stock-card.ts';
import type { Translator } from '../texts/translator.ts';
import { aboutStore, storeTitleNamed, storeTitleOf } from '../texts/stores.ts';
import { storeOfId } from '../../core/store-ref.ts';
import { laneOf, storeOfItem, toEntry, type QueueItem } from './queue-items.ts';
import type { TelegramQueueStore } from './queue-store.ts';
import type { TelegramDrainer } from './telegram-drainer.ts';

const stockAlertNotice = (tr: Translator, alert: StockAlert): Html => {
  const params = { productId: alert.productId, title: alert.title, inStock: alert.inStock };
  return aboutStore(
    tr,
    storeTitleOf(tr, alert.productId),
    alert.level === 'empty' ? stockAlertEmpty(tr, params) : stockAlertLow(tr, params),
  );
};

const catchUpNotice = (tr: Translator, summary: CatchUpSummary, inTopics: boolean): Html =>
  aboutStore(
    tr,
    storeTitleNamed(tr, summary.store),
    ALERTS.whileAway(tr, { orders: summary.newOrders, messages: summary.messages, since: summary.lastRunEndedAt, inTopics }),
  );

export interface QueuedSinkDeps {
  store: TelegramQueueStore;
  drainer: TelegramDrainer;
  /** What became of a seller's action: answered directly (action-outcomes.ts). */
  actionSettled: (outcome: ActionOutcome) => Promise<void>;
  binding: ChatBinding;
  /** Whether the chat's orders get topics (the catch-up summary says where they follow); absent: never. */
  inTopics?: (chatId: number) => Promise<boolean>;
  tr: Translator;
  /** Past this many waiting items, events are refused until the queue drains. */
  maxPending: number;
  now: () => number;
}

/**
 * Items waiting before events are refused (the queue is in SQLite, so this bounds disk, not memory): about 14 hours
 * of a private chat's pace, and far above a first start's import. At 5 000 it was the import itself: 5 000 open
 * orders' cards filled the queue, every later event was refused, and sync stopped reading the store for an hour.
 */
export const DEFAULT_MAX_PENDING = 50_000;
/** When a full queue is asked again: about what a private chat drains meanwhile. */
const FULL_RETRY_MS = 60_000;

export function createQueuedSink(deps: QueuedSinkDeps): SyncSink {
  const { store, drainer } = deps;

  const accept = async (item: QueueItem): Promise<SinkReceipt> => {
    await deps.binding.requireChatOf(storeOfItem(item));
    const lane = laneOf(item);
    if (drainer.held(lane) !== undefined) {
      // Sync's own hold asks again on its backoff: that ask is the drainer's probe too, so neither waits for the other.
      drainer.retryNow();
      throw drainer.held(lane) ?? new BridgeBotError('TELEGRAM_CHAT_UNAVAILABLE', 'the chat refused the bot');
    }
    const pending = await store.pending();
    if (pending >= deps.maxPending) {
      throw new BridgeBotError('TELEGRAM_RATE_LIMITED', `${pending} messages wait for Telegram`, { retryAfterMs: FULL_RETRY_MS });
    }
    const { replaces, ...entry } = toEntry(item);
    if (replaces && entry.orderId !== undefined) await store.replacePending({ ...entry, orderId: entry.orderId }, deps.now());
    else await store.add(entry, deps.now());
    drainer.wake(lane);
    // The Telegram messages are linked to their order by the drainer, once they exist.
    return { telegram: [] };
  };

  return {
    orderAppeared: (order, stock) => accept(stock === undefined ? { kind: 'appeared', order } : { kind: 'appeared', order, stock }),
    orderChanged: (order) => accept({ kind: 'change', order }),
    messageArrived: (summary, message, timing) => accept({ kind: 'message', summary, message, timing }),
    actionSettled: (outcome) => deps.actionSettled(outcome),
    stockAlert: async (alert) => {
      const notice = { html: stockAlertNotice(deps.tr, alert), store: storeOfId(alert.productId) };
      await accept({ kind: 'notice', notice, raisedAt: deps.now() });
    },
    catchUp: async (summary) => {
      const inTopics = (await deps.inTopics?.(await deps.binding.requireChatOf(summary.store))) ?? false;
      const notice = { html: catchUpNotice(deps.tr, summary, inTopics), store: summary.store };
      await accept({ kind: 'notice', notice, raisedAt: deps.now() });
    },
  };
}
