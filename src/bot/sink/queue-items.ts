/**
 * The items of the Telegram queue: what each sync event becomes, and its payload as stored. One rule for each:
 * its tier (`QUEUE_TIER`), live content first, then a first start's backlog, then card edits; an appearance and a
 * message are queued once per event, ever (an event offered again after a crash is recognised), and a card's pending
 * edits collapse into one item holding the latest state.
 */
import { QUEUE_TIER, type QueueTier } from '../../core/telegram-queue-rows.ts';
import { MAIN_STORE, storeOfId } from '../../core/store-ref.ts';
import type { StockPlan } from '../../core/stock/stock-plan.ts';
import type { Message, Order } from '../../seller-api/schemas.ts';
import type { MessageTiming, OrderSummary } from '../../sync/contract.ts';
import { noticeStore, type Notice } from './notices.ts';
import type { QueueEntry, QueuedRow } from './queue-store.ts';

export type QueueItem =
  | { kind: 'appeared'; order: Order; stock?: StockPlan }
  | { kind: 'message'; summary: OrderSummary; message: Message; timing: MessageTiming }
  | { kind: 'change'; order: Order }
  | { kind: 'notice'; notice: Notice; raisedAt: number };

/**
 * The backlog: the card of an order not waiting to be taken (a first start's import of orders in progress) and a
 * first start's chat history. A thousand of them must not hold a buyer's new message back for a quarter of an hour.
 */
function tierOf(item: QueueItem): QueueTier {
  switch (item.kind) {
    case 'appeared':
      return item.order.status === 'paid' ? QUEUE_TIER.live : QUEUE_TIER.backlog;
    case 'message':
      return item.timing === 'history' ? QUEUE_TIER.backlog : QUEUE_TIER.live;
    case 'change':
      return QUEUE_TIER.edit;
    case 'notice':
      return QUEUE_TIER.live;
  }
}

/** The store whose chat an item goes to (its own chat, when it has one). */
export function storeOfItem(item: QueueItem): string | undefined {
  switch (item.kind) {
    case 'appeared':
    case 'change':
      return storeOfId(item.order.id);
    case 'message':
      return storeOfId(item.summary.id);
    case 'notice':
      return noticeStore(item.notice);
  }
}

/** The drain an item waits in: its store's (the chat a notice without a store goes to is main's). */
export const laneOf = (item: QueueItem): string => storeOfItem(item) ?? MAIN_STORE;

/** How an item is stored; `replaces` says it takes the place of the order's pending item of its kind. */
export function toEntry(item: QueueItem): QueueEntry & { replaces: boolean } {
  const entry = { payload: JSON.stringify(item), tier: tierOf(item), store: laneOf(item) };
  switch (item.kind) {
    case 'appeared':
      return { ...entry, kind: item.kind, orderId: item.order.id, dedupKey: `appeared:${item.order.id}`, replaces: false };
    case 'message':
      return {
        ...entry,
        kind: item.kind,
        orderId: item.summary.id,
        dedupKey: `message:${item.summary.id}:${item.message.id}`,
        replaces: false,
      };
    case 'change':
      return { ...entry, kind: item.kind, orderId: item.order.id, replaces: true };
    case 'notice':
      return {
        ...entry,
        kind: item.kind,
        orderId: item.notice.orderId,
        dedupKey: item.notice.key === undefined ? undefined : `notice:${item.notice.key}`,
        replaces: false,
      };
  }
}

/** A notice as the queue stored it before notices carried more than their text. */
interface BareNotice {
  kind: 'notice';
  notice: { html: string; length: number };
}

/** The stored item; written by toEntry in this module only, so it is read back as such. */
export const itemOf = (row: QueuedRow): QueueItem => {
  const item = JSON.parse(row.payload) as QueueItem | BareNotice;
  if (item.kind !== 'notice' || typeof item.notice.html !== 'string') return item as QueueItem;
  const bare = item as BareNotice;
  return { kind: 'notice', notice: { html: bare.notice }, raisedAt: 0 };
};
