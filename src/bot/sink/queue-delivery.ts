/**
 * One step of the Telegram queue: shows the item due, with ONE Telegram message where it can (a card, an edit, a
 * notice, or buyer messages of one order packed together), and says what Telegram accepted. The drainer records
 * that afterwards, so a crash between the two repeats that one message once, as the hand-off's crash window does.
 */
import type { Translator } from '../texts/translator.ts';
import { furtherAlong } from '../../core/order-status.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { chatMessageParts } from './chat-message-parts.ts';
import { packFirst, type Block } from './coalesce.ts';
import { itemOf } from './queue-items.ts';
import type { QueuedRow, QueueProgress, TelegramQueueStore } from './queue-store.ts';
import type { DeliverNotice } from './notice-delivery.ts';
import type { SinkDelivery } from './sink-delivery.ts';
import { storeOfId } from '../../core/store-ref.ts';

/** Buyer messages of one order looked at for one Telegram message: enough to fill 4096 characters many times. */
const MESSAGES_PER_STEP = 50;

export interface StepResult {
  progress: QueueProgress[];
  /** Telegram messages to map back to their order (replies find the order through them). */
  links: { orderId: OrderId; ref: TelegramRef; role: 'card' | 'other' }[];
  /** Buyer messages that went out in a Telegram message (a reminder replies to the one it is about). */
  relayed?: RelayedAs;
}

/** Chat messages of an order and the Telegram message they went out in. */
export interface RelayedAs {
  orderId: OrderId;
  messageIds: string[];
  ref: TelegramRef;
}

export interface QueueDeliveryDeps {
  /** The chat's language, for the headers of relayed messages. */
  tr: Translator;
  delivery: SinkDelivery;
  deliverNotice: DeliverNotice;
  binding: ChatBinding;
  engine: () => SyncForBot;
  store: TelegramQueueStore;
}

interface PartOf {
  row: QueuedRow;
  /** This part's number, from 1. */
  index: number;
  total: number;
}

/** Shows one queued row. */
export type DeliverRow = (row: QueuedRow) => Promise<StepResult>;

export function createQueueDelivery(deps: QueueDeliveryDeps): DeliverRow {
  const { delivery, binding } = deps;
  const done = (row: QueuedRow): QueueProgress[] => [{ seq: row.seq, partsSent: row.partsSent + 1, done: true, payload: row.payload }];

  const relayMessages = async (first: QueuedRow, orderId: string): Promise<StepResult> => {
    const rows = await deps.store.pendingOf(orderId, 'message', MESSAGES_PER_STEP);
    const blocks: Block<PartOf>[] = rows.flatMap((row) => {
      const item = itemOf(row);
      if (item.kind !== 'message') return [];
      const parts = chatMessageParts(deps.tr, item.summary, item.message);
      return parts.slice(row.partsSent).map((part, i) => ({ owner: { row, index: row.partsSent + i + 1, total: parts.length }, part }));
    });
    const head = itemOf(first);
    if (blocks.length === 0 || head.kind !== 'message') return { progress: done(first), links: [] };
    const packed = packFirst(blocks);
    const sendPart = await delivery.forBuyerMessage(head.summary, await binding.requireChatOf(storeOfId(head.summary.id)));
    const ref = await sendPart(packed.html);
    // The last part of each message in this Telegram message says how far that message got.
    const reached = new Map<number, QueueProgress>();
    for (const { owner } of packed.blocks) {
      reached.set(owner.row.seq, {
        seq: owner.row.seq,
        partsSent: owner.index,
        done: owner.index === owner.total,
        payload: owner.row.payload,
      });
    }
    const messageIds = [
      ...new Set(packed.blocks.map(({ owner }) => itemOf(owner.row)).flatMap((item) => (item.kind === 'message' ? [item.message.id] : []))),
    ];
    return {
      progress: [...reached.values()],
      links: [{ orderId: head.summary.id, ref, role: 'other' }],
      relayed: { orderId: head.summary.id, messageIds, ref },
    };
  };

  return async (row) => {
    const item = itemOf(row);
    switch (item.kind) {
      case 'notice': {
        const ref = await deps.deliverNotice({ notice: item.notice, raisedAt: item.raisedAt, refusedBefore: row.attempts > 0 });
        const orderId = item.notice.orderId;
        return { progress: done(row), links: ref === undefined || orderId === undefined ? [] : [{ orderId, ref, role: 'other' }] };
      }
      case 'appeared': {
        // The card shows the order as sync knows it now: edits that came meanwhile are already in it.
        const order = deps.engine().lastSeenOrder(item.order.id) ?? item.order;
        const refs = await delivery.postCard(order, item.stock);
        const links = refs.map((ref, i) => ({ orderId: order.id, ref, role: i === 0 ? ('card' as const) : ('other' as const) }));
        return { progress: done(row), links };
      }
      case 'change':
        // Never behind what sync knows now (a seller's action may have moved the order on since this was queued);
        // the cards it sends anew are linked by the placement itself.
        await delivery.refreshCard(furtherAlong(item.order, deps.engine().lastSeenOrder(item.order.id)));
        return { progress: done(row), links: [] };
      case 'message':
        return relayMessages(row, item.summary.id);
    }
  };
}
