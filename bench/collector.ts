/**
 * The benchmark's ledger of one run: every message and order the buyers created (with when, and of which kind),
 * every time the subject's sink was called for it, every chat read the subject made and which message ids it got
 * back, and the subject's resource samples. Summaries are computed from it afterwards (summarise.ts).
 */
import type { MessageClass, OrderClass, LoadListener } from './store-load.ts';
import type { ChatRead, SubjectBatch, UsageSample } from './protocol.ts';

export type Phase = 'warmup' | 'measure' | 'grace';

export interface MessageEntry {
  orderId: string;
  createdMs: number;
  kind: MessageClass;
  /** Created while the measured window was open. */
  measured: boolean;
  /** Created before grace began: counted as lost if never delivered. */
  due: boolean;
  /** Every sink call for this message (more than one is a duplicate). */
  deliveries: number[];
  /** First time a chat read returned it to the subject. */
  seenAt: number | undefined;
}

export interface OrderEntry {
  createdMs: number;
  kind: OrderClass;
  measured: boolean;
  /** Of the product with stock: ours delivers it by itself. */
  stocked: boolean;
  appeared: number[];
}

/** Whose chat a read was: a chatting buyer's, a quiet order's, or a new order's. */
export type ReadTarget = 'chatting' | 'quiet' | 'new';

export interface Collector extends LoadListener {
  phase: Phase;
  readonly messages: Map<string, MessageEntry>;
  readonly orders: Map<string, OrderEntry>;
  /** Chat reads in arrival order: when sent, of which order, whose chat. */
  readonly reads: { at: number; orderId: string; target: ReadTarget }[];
  readonly usage: UsageSample[];
  readonly firstCycleAt: number | undefined;
  /** Pre-existing open orders whose chat the subject has not read yet. */
  unreadOpenOrders(): number;
  /**
   * Not delivered yet: measured orders, and every message created before grace began (history and warm-up
   * included) — what "lost" counts at the end.
   */
  pendingDue(): number;
  /** Sink calls for ids the buyers never created (must stay 0). */
  readonly unknownDeliveries: number;
  markSeeded(chatting: readonly string[], quiet: readonly string[]): void;
  takeBatch(batch: SubjectBatch): void;
}

export function createCollector(): Collector {
  const messages = new Map<string, MessageEntry>();
  const orders = new Map<string, OrderEntry>();
  const reads: { at: number; orderId: string; target: ReadTarget }[] = [];
  const usage: UsageSample[] = [];
  const unread = new Set<string>();
  const chatting = new Set<string>();
  const quiet = new Set<string>();
  let pending = 0;
  let unknown = 0;
  let firstCycleAt: number | undefined;

  const collector: Collector = {
    phase: 'warmup',
    messages,
    orders,
    reads,
    usage,
    get firstCycleAt() {
      return firstCycleAt;
    },
    get unknownDeliveries() {
      return unknown;
    },
    unreadOpenOrders: () => unread.size,
    pendingDue: () => pending,

    messageCreated({ id, orderId, createdMs, kind }) {
      const measured = collector.phase === 'measure' && kind !== 'history';
      const due = collector.phase !== 'grace';
      messages.set(id, { orderId, createdMs, kind, measured, due, deliveries: [], seenAt: undefined });
      if (due) pending += 1;
    },
    orderCreated({ id, createdMs, kind, stocked }) {
      const measured = collector.phase === 'measure' && kind !== 'open';
      orders.set(id, { createdMs, kind, measured, stocked, appeared: [] });
      if (kind === 'open') unread.add(id);
      if (measured) pending += 1;
    },
    markSeeded(chattingIds, quietIds) {
      for (const id of chattingIds) chatting.add(id);
      for (const id of quietIds) quiet.add(id);
    },

    takeBatch(batch) {
      if (batch.firstCycleAt !== undefined) firstCycleAt ??= batch.firstCycleAt;
      for (const delivery of batch.deliveries) {
        const entry = delivery.kind === 'message' ? messages.get(delivery.messageId) : orders.get(delivery.orderId);
        if (entry === undefined) {
          unknown += 1;
          continue;
        }
        const due = 'deliveries' in entry ? entry.due : entry.measured;
        const times = 'deliveries' in entry ? entry.deliveries : entry.appeared;
        if (times.length === 0 && due) pending -= 1;
        times.push(delivery.at);
      }
      for (const read of batch.reads) noteRead(read);
      usage.push(batch.usage);
    },
  };

  function noteRead(read: ChatRead): void {
    unread.delete(read.orderId);
    for (const id of read.ids) {
      const entry = messages.get(id);
      if (entry !== undefined && entry.seenAt === undefined) entry.seenAt = read.at;
    }
    const target: ReadTarget = chatting.has(read.orderId) ? 'chatting' : quiet.has(read.orderId) ? 'quiet' : 'new';
    reads.push({ at: read.at, orderId: read.orderId, target });
  }

  return collector;
}
