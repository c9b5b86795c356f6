/**
 * The boundary between sync and whoever shows its events (the Telegram bot, a test's recording sink,
 * the benchmark). Sync knows nothing of grammY: it calls a `SyncSink` and takes `SellerAction`s.
 *
 * Exactly-once hand-off: sync commits its bookkeeping (order known, cursor advanced, message relayed)
 * only after the sink's promise resolves, in one SQLite transaction together with the `SinkReceipt`.
 * If the sink throws, nothing is committed and the event is offered again on a later cycle.
 */
import type { ActionOutcome, ActionTicket, SellerAction } from '../core/actions.ts';
import type { OrderStock, ReplaceOutcome, StockAlert, StockPlan } from '../core/stock/stock-plan.ts';
import type { TelegramRef } from '../core/telegram-ref.ts';
import type { SellerApiErrorCode } from '../seller-api/errors.ts';
import type { Message, Order, OrderId, OrderStatus } from '../seller-api/schemas.ts';
import type { ShutdownBudget } from '../shared/shutdown-budget.ts';

/** What the sink reports back, stored with the bookkeeping so replies can be mapped to orders. */
export interface SinkReceipt {
  /** Telegram messages created for this event; the first one of `orderAppeared` is the order card. */
  telegram: TelegramRef[];
}

/**
 * What a sink's error may say besides failing (the bot's errors do): that nothing can be shown now, whatever the
 * event (the chat blocked or removed the bot, Telegram asked to wait). Sync then holds every event, in order, and
 * offers the first one again after a backoff of at least `retryAfterMs`, instead of retrying each on its own.
 */
export interface SinkErrorHints {
  readonly sinkUnavailable?: boolean;
  readonly retryAfterMs?: number;
}

export interface SyncSink {
  /** A paid order id seen for the first time; `stock` says what auto-delivery does with it (absent: nothing). */
  orderAppeared(order: Order, stock?: StockPlan): Promise<SinkReceipt>;
  /** A known order's status changed, wherever it was changed (bridge, store website, buyer). */
  orderChanged(order: Order, previousStatus: OrderStatus): Promise<SinkReceipt>;
  /** A chat message that is not one we posted; `timing` says whether it is the first start's history. */
  messageArrived(order: OrderSummary, message: Message, timing: MessageTiming): Promise<SinkReceipt>;
  /** An outbox action finished, or was queued after a transient failure (reported once per state change). */
  actionSettled(outcome: ActionOutcome): Promise<void>;
  /**
   * Optional. After a downtime, what came in meanwhile: called once per run, after the catch-up cycle has read
   * everything and before its first `orderAppeared`/`orderChanged`/`messageArrived`, so a "while you were away"
   * notice can sit above the cards and messages it counts. Not called on a first run, nor when nothing came in.
   * A failure is logged and the events are handed off anyway (the summary is not offered again).
   */
  catchUp?(summary: CatchUpSummary): Promise<void>;
  /** Optional. A product's stock fell to the low threshold or ran out; a failure is offered again next cycle. */
  stockAlert?(alert: StockAlert): Promise<void>;
}

/**
 * `history`: written before the bridge's first start (sync/support/first-start.ts), the past of an order the first
 * start imported, which the seller never saw live; a sink may show it after live content, in order within its order.
 * `live`: everything else, whichever cycle finds it.
 */
export type MessageTiming = 'live' | 'history';

/** What the catch-up cycle of a run found that came in while the bridge was not running. */
export interface CatchUpSummary {
  /** When the previous run was last seen alive (its stop, or its last poll before a crash), ms since epoch. */
  lastRunEndedAt: number;
  /** Open orders sync never saw, created before this run started: each gets an `orderAppeared` next. */
  newOrders: number;
  /** Chat messages not relayed yet, written before this run started: each gets a `messageArrived` next. */
  messages: number;
  /** With several stores, the store this summary is of (set above sync, which knows no store names). */
  store?: string;
}

/** What sync remembers of an order, enough to label a message without another API call. */
export interface OrderSummary {
  id: OrderId;
  status: OrderStatus;
  productTitle?: string;
  /** Telegram messages representing this order, the card first. */
  telegram: TelegramRef[];
}

export interface SyncStatus {
  running: boolean;
  /** ms since epoch of the last poll cycle in which the store answered. */
  lastSuccessfulPollAt: number | undefined;
  lastError: { code: SellerApiErrorCode | 'UNKNOWN'; message: string; at: number } | undefined;
  errorsInARow: number;
  outboxDepth: number;
  knownOpenOrders: number;
  watchedChats: { hot: number; quiet: number };
  rateLimit: { limit?: number; remaining?: number; resetAt?: number } | undefined;
  requestsSent: number;
}

/** What the bot asks sync to do. */
export interface SyncCommands {
  /** Queues a seller action; an equivalent pending or succeeded action is returned instead of a new one. */
  enqueue(action: SellerAction): ActionTicket;
  /**
   * Marks an item the order got from stock bad (kept, never reused) and sends the buyer the next item as a chat
   * message, `compose(item)` being its text: once per bad item, however often it is asked.
   */
  replaceStockItem(orderId: OrderId, itemId: number, compose: (item: string) => string): ReplaceOutcome;
  /** Records more Telegram messages for an order (e.g. a resent card by /order). */
  linkTelegramMessage(orderId: OrderId, ref: TelegramRef, role: 'card' | 'other'): void;
}

/** What the bot reads from sync; nothing here calls the store. */
export interface SyncQueries {
  /** Several stores (app/stores): each store's own status, by name, in the configuration's order. */
  storeStatus?(): { name: string; status: SyncStatus }[];
  status(): SyncStatus;
  /** The order as last seen by sync, with its Telegram messages. */
  findOrder(id: OrderId): OrderSummary | undefined;
  /** Maps a Telegram message (card, relayed message, ack) back to its order, for replies. */
  orderForTelegramMessage(ref: TelegramRef): OrderId | undefined;
  /** The latest full order sync has seen (fields, status), for rendering a card. */
  lastSeenOrder(id: OrderId): Order | undefined;
  /** Open orders sync knows, for /orders. */
  openOrders(status?: string): Order[];
  /** What the order got from stock (auto-delivery), for its card; undefined when none. */
  orderStock(id: OrderId): OrderStock | undefined;
}

/** What the app (and tests, and the benchmark) use to run sync. */
export interface SyncLifecycle {
  start(): void;
  /**
   * Finishes the request in flight (within the grace period, and within what `budget` leaves), leaves the database
   * consistent.
   */
  stop(budget?: ShutdownBudget): Promise<void>;
  /** Runs one poll cycle now (tests, the benchmark, and "poll now" after an action). */
  pollNow(): Promise<void>;
}

/** The bot's view of sync: it commands and queries, it never starts or stops it. */
export type SyncForBot = SyncCommands & SyncQueries;

export type SyncEngine = SyncCommands & SyncQueries & SyncLifecycle;
