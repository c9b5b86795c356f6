/**
 * The audit trail's words, shared by the database (which keeps it) and the bot (which records and shows it): who did
 * what to which order and with what result, what the store's status did, and the figures /stats reports.
 * A bottom module: types only, so db and bot can both depend on it.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { DayPeriod, SalesDay } from './sales.ts';

/** A person (their Telegram user id and display name as of the action), or the bridge itself. */
export type AuditActor = { kind: 'person'; userId: number; name: string } | { kind: 'bot'; source: string };

/** What was done: a seller action's kind, or another recorded step (e.g. `replace` of a stock item). */
export type AuditAction = string;

/** `refused`: the bridge did not let this person do it (staff cancelling); nothing reached the store. */
export type AuditResult = 'pending' | 'ok' | 'failed' | 'refused';

export interface AuditEntry {
  at: number;
  orderId: OrderId | undefined;
  action: AuditAction;
  actor: AuditActor;
  result: AuditResult;
  /** Why it failed (an error code), when it did. */
  code: string | undefined;
  /** When its result became known; undefined while pending. */
  settledAt: number | undefined;
}

export interface AuditRequest {
  at: number;
  orderId: OrderId | undefined;
  action: AuditAction;
  actor: AuditActor;
  /** The outbox action, when the step went through the outbox: its outcome settles this entry. */
  actionId?: number;
  /** Known at once (a step that did not go through the outbox); pending otherwise. */
  result?: AuditResult;
  code?: string;
}

/** A store status as sync saw it change (recorded by the database when the order row changes). */
export interface StatusEvent {
  at: number;
  status: string;
  previous: string | undefined;
}

export interface OrderHistory {
  statuses: readonly StatusEvent[];
  actions: readonly AuditEntry[];
  /** Chat messages of the order the bridge saw or sent (buyer and seller). */
  messages: number;
}

export interface AuditStore {
  /** Records a step; an entry for the same outbox action already recorded is kept as it is. */
  record(request: AuditRequest): void;
  /**
   * The outbox action of this order finished: its entry gets the result. False when no entry has that action id.
   * (Action ids are one store's outbox's: the order says which store's.)
   */
  settle(orderId: OrderId, actionId: number, result: Exclude<AuditResult, 'pending'>, code: string | undefined, at: number): boolean;
  /** A chat message seen (`buyer`: relayed from the store) or sent (`seller`); the same id twice counts once. */
  chatMessage(orderId: OrderId, messageId: string, author: 'buyer' | 'seller', at: number): void;
  /** The newest entries of the order, newest first. */
  latest(orderId: OrderId, limit: number): readonly AuditEntry[];
  history(orderId: OrderId): OrderHistory;
  /** The newest steps of no order (templates, /autocancel, stock, refusals), newest first. */
  latestSteps(limit: number): readonly AuditEntry[];
}

/** A period [from, to) in ms since epoch. */
export interface StatsPeriod {
  from: number;
  to: number;
}

export interface StatsFigures {
  newOrders: number;
  taken: number;
  delivered: number;
  /** Of `delivered`, how many the bridge delivered by itself (from stock). */
  deliveredByBot: number;
  cancelled: number;
  /** Sum of `amount` of the orders delivered in the period, as the store gives it. */
  revenue: number;
  /** Median ms from paid (the order's createdAt) to taken, of orders taken in the period; undefined: none. */
  medianTakeMs: number | undefined;
  /** Median ms from a buyer message that waits for an answer to the seller's first answer after it. */
  medianAnswerMs: number | undefined;
}

/** Each figure is one query; `figures` runs them all for one period. */
export interface StatsStore {
  figures(period: StatsPeriod): StatsFigures;
  /** What each of these days sold, in their order, zeros included (core/sales.ts). */
  salesByDay(days: readonly DayPeriod[]): SalesDay[];
  /** Several stores: each store's own figures, by store name, in the configuration's order. */
  readonly byStore?: ReadonlyMap<string, StatsStore>;
}

/** Which daily summaries were posted, by local day (`YYYY-MM-DD`): one each, ever. */
export interface SummaryLedger {
  /** Claims the day; true for the first claim only. */
  claim(day: string, at: number): boolean;
  /** Whether any day was ever claimed: false until the first summary of this database. */
  any(): boolean;
}
