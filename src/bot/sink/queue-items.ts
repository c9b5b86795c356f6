/**
 * The items of the Telegram queue: what each sync event becomes, and its payload as stored. One rule for each:
 * new content (cards, buyer messages, notices) in lane 0, card edits in lane 1; an appearance and a message are
 * queued once per event, ever (an event offered again after a crash is recognised), and a card's pending edits
 * collapse into one item holding the latest state.
 */
import type { StockPlan } from '../../core/stock-plan.ts';
import type { Message, Order } from '../../seller-api/schemas.ts';
import type { OrderSummary } from '../../sync/contract.ts';
import type { Html } from '../helpers/html.ts';
import type { QueueEntry, QueuedRow } from './queue-store.ts';

export type QueueItem =
  | { kind: 'appeared'; order: Order; stock?: StockPlan }
  | { kind: 'message'; summary: OrderSummary; message: Message }
  | { kind: 'change'; order: Order }
  | { kind: 'notice'; notice: Html };

/** How an item is stored; `replaces` says it takes the place of the order's pending item of its kind. */
export function toEntry(item: QueueItem): QueueEntry & { replaces: boolean } {
  const payload = JSON.stringify(item);
  switch (item.kind) {
    case 'appeared':
      return { kind: item.kind, lane: 0, orderId: item.order.id, dedupKey: `appeared:${item.order.id}`, payload, replaces: false };
    case 'message':
      return {
        kind: item.kind,
        lane: 0,
        orderId: item.summary.id,
        dedupKey: `message:${item.summary.id}:${item.message.id}`,
        payload,
        replaces: false,
      };
    case 'change':
      return { kind: item.kind, lane: 1, orderId: item.order.id, payload, replaces: true };
    case 'notice':
      return { kind: item.kind, lane: 0, payload, replaces: false };
  }
}

/** The stored item; written by toEntry in this module only, so it is read back as such. */
export const itemOf = (row: QueuedRow): QueueItem => JSON.parse(row.payload) as QueueItem;
