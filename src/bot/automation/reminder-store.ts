/**
 * What reminders and auto-cancel need of the database (src/db's `ReminderQueries` fits it): what is due now, judged
 * against what sync keeps, and what was already said. Synchronous or not, every call is awaited.
 */
import type { AutoCancelDue, AutoCancelProgress, AutoCancelRule, RelayedMessage, UnansweredDue, UntakenDue } from '../../core/reminders.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId, ProductId } from '../../seller-api/schemas.ts';

type Maybe<T> = T | Promise<T>;

export interface ReminderStore {
  /** Called at each start, before sync starts: fixes which orders are the first start's import (never reminded). */
  begin(now: number): unknown;
  recordRelayed(message: RelayedMessage, now: number): unknown;
  /** The Telegram message these chat messages went out in (the queue sends them after they are recorded). */
  relayedAs(orderId: OrderId, messageIds: readonly string[], ref: TelegramRef): unknown;
  untakenDue(now: number, afterMs: number, maxReminders: number): Maybe<readonly UntakenDue[]>;
  markUntaken(orderIds: readonly OrderId[], now: number): unknown;
  unansweredDue(now: number, afterMs: number): Maybe<readonly UnansweredDue[]>;
  markUnanswered(items: readonly Pick<UnansweredDue, 'orderId' | 'messageIds'>[], now: number): unknown;
  rules(): Maybe<readonly AutoCancelRule[]>;
  setRule(productId: ProductId, minutes: number, by: number | undefined, now: number): unknown;
  removeRule(productId: ProductId): Maybe<boolean>;
  autoCancelDue(now: number): Maybe<readonly AutoCancelDue[]>;
  /** The next instant an armed order is due to be warned or cancelled, after `now`. */
  nextAutoCancelAt(now: number): Maybe<number | undefined>;
  markWarned(orderId: OrderId, minutes: number, now: number): unknown;
  markCancelling(orderId: OrderId, now: number): unknown;
  cancelling(): Maybe<readonly AutoCancelProgress[]>;
  markCancelDone(orderId: OrderId, now: number): unknown;
  prune(before: number): Maybe<number>;
}
