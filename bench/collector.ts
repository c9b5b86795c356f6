/**
 * The benchmark's ledger of one run: every message and order the buyers created (with when, and of which kind),
 * every time the subject's sink was called for it, every chat read the subject made and which message ids it got
 * back, and the subject's resource samples. Summaries are computed from it afterwards (summarise.ts).
 */
import type { Topic } from './message-topic-kind.ts';
import type { MessageClass, OrderClass, LoadListener } from './store-load.ts';
import type { ChatRead, Delivery, SubjectBatch, UsageSample } from './protocol.ts';
import type { TelegramEvent } from './telegram/fake-bot-api.ts';

export type Phase = 'warmup' | 'measure' | 'grace';

export interface MessageEntry {
  orderId: string;
  createdMs: number;
  kind: MessageClass;
  /** Created while the measured window was open. */
  measured: boolean;
  /** Created before grace began, or within the start-up window: grace waits for it, and it is lost if never delivered. */
  due: boolean;
  /** Every sink call for this message (more than one is a duplicate). */
  deliveries: number[];
  /** First time a chat read returned it to the subject. */
  seenAt: number | undefined;
  /** When the fake Bot API took a message carrying its tag (the Telegram model). */
  telegram: number[];
  /** Which Telegram messages carried it: several buyer messages may share one. */
  telegramMessageIds: number[];
  /** What the buyer wrote about (realistic workload). */
  topic: Topic | undefined;
}

export interface OrderEntry {
  createdMs: number;
  kind: OrderClass;
  measured: boolean;
  /** Of the product with stock: ours delivers it by itself. */
  stocked: boolean;
  appeared: number[];
  /** When the fake Bot API took a new message about the order that is not a relayed chat message: its card. */
  cards: number[];
}

/** The store changed an order's status (the realistic workload's lifecycles), and when the seller was told. */
export interface StatusChange {
  orderId: string;
  status: string;
  at: number;
  measured: boolean;
  /** The subject's sink got the order with this status. */
  sinkAt: number | undefined;
  /** The order's card was edited, or a new message about it sent, in Telegram afterwards. */
  telegramAt: number | undefined;
}

/** Whose chat a read was: a chatting buyer's, a quiet order's, or a new order's. */
export type ReadTarget = 'chatting' | 'quiet' | 'new';

export interface Collector extends LoadListener {
  phase: Phase;
  /**
   * Real ms: messages created before this are due whatever the phase — the start-up window (10 min), which in quick
   * mode outlasts the measured window, so its messages are waited for too.
   */
  dueUntil: number;
  readonly messages: Map<string, MessageEntry>;
  readonly orders: Map<string, OrderEntry>;
  /** Chat reads in arrival order: when sent, of which order, whose chat. */
  readonly reads: { at: number; orderId: string; target: ReadTarget }[];
  readonly usage: UsageSample[];
  readonly statusChanges: StatusChange[];
  /**
   * Each send or edit the fake Bot API admitted (real ms, in order), and what it was: how fast the bot got through a
   * backlog, and (`--ledger`) what took the chat's slots during a burst.
   */
  readonly telegramEvents: { at: number; kind: 'send' | 'edit'; orderId: string | undefined; tags: number }[];
  readonly firstCycleAt: number | undefined;
  /** Pre-existing open orders whose chat the subject has not read yet. */
  unreadOpenOrders(): number;
  /**
   * Not delivered yet: measured orders, and every message created before grace began (history and warm-up
   * included) — what "lost" counts at the end.
   */
  pendingDue(): number;
  /** Measured status changes not at the sink yet, or (`inChat`, the Telegram model) not on the card yet: grace waits for them too. */
  pendingStatusChanges(inChat: boolean): number;
  /** Sink calls for ids the buyers never created (must stay 0). */
  readonly unknownDeliveries: number;
  markSeeded(chatting: readonly string[], quiet: readonly string[]): void;
  takeBatch(batch: SubjectBatch): void;
  /** What the fake Bot API admitted (only with the Telegram model). */
  takeTelegram(event: TelegramEvent): void;
}

export function createCollector(): Collector {
  const messages = new Map<string, MessageEntry>();
  const orders = new Map<string, OrderEntry>();
  const reads: { at: number; orderId: string; target: ReadTarget }[] = [];
  const usage: UsageSample[] = [];
  const statusChanges: StatusChange[] = [];
  const telegramEvents: Collector['telegramEvents'] = [];
  const tags = new Map<string, MessageEntry>();
  const unread = new Set<string>();
  const chatting = new Set<string>();
  const quiet = new Set<string>();
  let pending = 0;
  let unknown = 0;
  let firstCycleAt: number | undefined;

  const collector: Collector = {
    phase: 'warmup',
    dueUntil: 0,
    messages,
    orders,
    reads,
    usage,
    statusChanges,
    telegramEvents,
    get firstCycleAt() {
      return firstCycleAt;
    },
    get unknownDeliveries() {
      return unknown;
    },
    unreadOpenOrders: () => unread.size,
    pendingDue: () => pending,
    pendingStatusChanges: (inChat) =>
      statusChanges.filter((change) => change.measured && (change.sinkAt === undefined || (inChat && change.telegramAt === undefined)))
        .length,

    messageCreated({ id, orderId, createdMs, kind, tag, topic }) {
      const measured = collector.phase === 'measure' && kind !== 'history';
      const due = collector.phase !== 'grace' || createdMs < collector.dueUntil;
      const entry: MessageEntry = {
        orderId,
        createdMs,
        kind,
        measured,
        due,
        deliveries: [],
        seenAt: undefined,
        telegram: [],
        telegramMessageIds: [],
        topic,
      };
      messages.set(id, entry);
      if (tag !== undefined) tags.set(tag, entry);
      if (due) pending += 1;
    },
    orderCreated({ id, createdMs, kind, stocked }) {
      const measured = collector.phase === 'measure' && kind !== 'open';
      orders.set(id, { createdMs, kind, measured, stocked, appeared: [], cards: [] });
      if (kind === 'open') unread.add(id);
      if (measured) pending += 1;
    },
    markSeeded(chattingIds, quietIds) {
      for (const id of chattingIds) chatting.add(id);
      for (const id of quietIds) quiet.add(id);
    },

    statusChanged({ orderId, status, at }) {
      statusChanges.push({ orderId, status, at, measured: collector.phase === 'measure', sinkAt: undefined, telegramAt: undefined });
    },

    takeTelegram(event) {
      telegramEvents.push({ at: event.at, kind: event.kind, orderId: event.orderId, tags: event.tags.length });
      if (event.tags.length > 0) {
        for (const tag of event.tags) {
          tags.get(tag)?.telegram.push(event.at);
          tags.get(tag)?.telegramMessageIds.push(event.messageId);
        }
        return;
      }
      if (event.orderId === undefined) return;
      if (event.kind === 'send') orders.get(event.orderId)?.cards.push(event.at);
      // One edit may show several changes made since the last one.
      for (const change of statusChanges)
        if (change.orderId === event.orderId && change.telegramAt === undefined && change.at <= event.at) change.telegramAt = event.at;
    },

    takeBatch(batch) {
      if (batch.firstCycleAt !== undefined) firstCycleAt ??= batch.firstCycleAt;
      for (const delivery of batch.deliveries) {
        if (delivery.kind === 'status') {
          noteStatus(delivery);
          continue;
        }
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

  function noteStatus(delivery: Extract<Delivery, { kind: 'status' }>): void {
    for (const change of statusChanges)
      if (change.orderId === delivery.orderId && change.sinkAt === undefined && change.at <= delivery.at) change.sinkAt = delivery.at;
  }

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
