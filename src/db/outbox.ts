/**
 * Queries of the `outbox`: seller actions, their idempotency keys, attempts and outcomes.
 * The outbox logic (dedupe rules, retries, reporting) lives in src/sync/outbox/outbox.ts; this module only stores.
 */
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';
import type { ActionId, ActionOutcome, ActionState, SellerAction } from '../core/actions.ts';
import type { TelegramRef } from '../core/telegram-ref.ts';

/** What was last reported to the sink for an action. */
export type ReportedState = 'queued' | 'succeeded' | 'failed';

/** An outcome as stored: everything but the action and its id, which the row holds. */
export type StoredOutcome = DistributiveOmit<ActionOutcome, 'actionId' | 'action'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface OutboxEntry {
  id: ActionId;
  action: SellerAction;
  orderId: OrderId;
  idempotencyKey: string;
  state: ActionState;
  attempts: number;
  nextAttemptAt: number;
  lastErrorCode: string | undefined;
  /** A chat post may have reached the store without us seeing the answer. */
  uncertain: boolean;
  outcome: StoredOutcome | undefined;
  reported: ReportedState | undefined;
  enqueuedAt: number;
  finishedAt: number | undefined;
}

interface OutboxRow {
  id: number;
  kind: string;
  order_id: string;
  payload: string;
  idempotency_key: string;
  state: ActionState;
  attempts: number;
  next_attempt_at: number;
  last_error_code: string | null;
  uncertain: number;
  result: string | null;
  reported: ReportedState | null;
  enqueued_at: number;
  finished_at: number | null;
}

export interface OutboxQueries {
  /** The pending or succeeded take/deliver/cancel of this kind on this order. */
  liveOrderAction(kind: SellerAction['kind'], orderId: OrderId): OutboxEntry | undefined;
  byOrigin(origin: TelegramRef): OutboxEntry | undefined;
  byIdempotencyKey(key: string): OutboxEntry | undefined;
  insert(action: SellerAction, idempotencyKey: string, now: number): ActionId;
  get(id: ActionId): OutboxEntry | undefined;
  /** Pending actions due at `now` that have no earlier pending action on the same order (per-order FIFO). */
  due(now: number): OutboxEntry[];
  /** When the next pending head becomes due, or undefined when nothing is pending. */
  nextDueAt(): number | undefined;
  countPending(): number;
  /** Kinds of the pending actions of an order. */
  pendingKinds(orderId: OrderId): SellerAction['kind'][];
  /** Pending chat posts of an order that may have reached the store. */
  uncertainMessages(orderId: OrderId): OutboxEntry[];
  setUncertain(id: ActionId, uncertain: boolean): void;
  retryLater(
    id: ActionId,
    update: { code: string; attempts: number; nextAttemptAt: number; uncertain: boolean; outcome: StoredOutcome },
  ): void;
  finish(
    id: ActionId,
    end: { state: 'succeeded' | 'failed'; outcome: StoredOutcome; code: string | undefined; attempts: number; now: number },
  ): void;
  markReported(id: ActionId, reported: ReportedState): void;
  /** Actions whose current outcome the sink has not acknowledged yet. */
  unreported(): OutboxEntry[];
}

function toEntry(row: OutboxRow): OutboxEntry {
  const action = JSON.parse(row.payload) as SellerAction;
  return {
    id: row.id as ActionId,
    action,
    orderId: row.order_id as OrderId,
    idempotencyKey: row.idempotency_key,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastErrorCode: row.last_error_code ?? undefined,
    uncertain: row.uncertain === 1,
    outcome: row.result === null ? undefined : (JSON.parse(row.result) as StoredOutcome),
    reported: row.reported ?? undefined,
    enqueuedAt: row.enqueued_at,
    finishedAt: row.finished_at ?? undefined,
  };
}

export function createOutboxQueries(db: SqliteDatabase): OutboxQueries {
  const selectLive = db.prepare<[string, string], OutboxRow>(
    `SELECT * FROM outbox WHERE kind = ? AND order_id = ? AND state IN ('pending', 'succeeded') ORDER BY id LIMIT 1`,
  );
  const selectByOrigin = db.prepare<[number, number], OutboxRow>('SELECT * FROM outbox WHERE origin_chat_id = ? AND origin_message_id = ?');
  const selectByKey = db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE idempotency_key = ?');
  const insertRow = db.prepare(
    `INSERT INTO outbox (kind, order_id, payload, idempotency_key, state, next_attempt_at, origin_chat_id, origin_message_id, enqueued_at)
     VALUES (@kind, @orderId, @payload, @key, 'pending', @now, @originChat, @originMessage, @now)`,
  );
  const selectOne = db.prepare<[number], OutboxRow>('SELECT * FROM outbox WHERE id = ?');
  const headsWhere = `o.state = 'pending' AND NOT EXISTS (
      SELECT 1 FROM outbox p WHERE p.state = 'pending' AND p.order_id = o.order_id AND p.id < o.id)`;
  const selectDue = db.prepare<[number], OutboxRow>(
    `SELECT * FROM outbox o WHERE ${headsWhere} AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id`,
  );
  const selectNextDue = db.prepare<[], { at: number | null }>(`SELECT min(o.next_attempt_at) AS at FROM outbox o WHERE ${headsWhere}`);
  const countPendingRows = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM outbox WHERE state = 'pending'`);
  const selectPendingKinds = db.prepare<[string], { kind: SellerAction['kind'] }>(
    `SELECT kind FROM outbox WHERE state = 'pending' AND order_id = ? ORDER BY id`,
  );
  const selectUncertain = db.prepare<[string], OutboxRow>(
    `SELECT * FROM outbox WHERE state = 'pending' AND kind = 'message' AND uncertain = 1 AND order_id = ? ORDER BY id`,
  );
  const updateUncertain = db.prepare<[number, number]>('UPDATE outbox SET uncertain = ? WHERE id = ?');
  const updateRetry = db.prepare(
    `UPDATE outbox SET attempts = @attempts, next_attempt_at = @nextAttemptAt, last_error_code = @code,
       uncertain = @uncertain, result = @result WHERE id = @id AND state = 'pending'`,
  );
  const updateFinish = db.prepare(
    `UPDATE outbox SET state = @state, result = @result, last_error_code = coalesce(@code, last_error_code),
       uncertain = 0, finished_at = @now, attempts = @attempts WHERE id = @id AND state = 'pending'`,
  );
  const updateReported = db.prepare<[string, number]>('UPDATE outbox SET reported = ? WHERE id = ?');
  const selectUnreported = db.prepare<[], OutboxRow>(
    `SELECT * FROM outbox WHERE
       (state IN ('succeeded', 'failed') AND (reported IS NULL OR reported <> state))
       OR (state = 'pending' AND result IS NOT NULL AND reported IS NULL)
     ORDER BY id`,
  );

  return {
    liveOrderAction(kind, orderId) {
      const row = selectLive.get(kind, orderId);
      return row === undefined ? undefined : toEntry(row);
    },
    byOrigin(origin) {
      const row = selectByOrigin.get(origin.chatId, origin.messageId);
      return row === undefined ? undefined : toEntry(row);
    },
    byIdempotencyKey(key) {
      const row = selectByKey.get(key);
      return row === undefined ? undefined : toEntry(row);
    },
    insert(action, idempotencyKey, now) {
      const origin = action.kind === 'message' ? action.origin : undefined;
      const result = insertRow.run({
        kind: action.kind,
        orderId: action.orderId,
        payload: JSON.stringify(action),
        key: idempotencyKey,
        now,
        originChat: origin?.chatId ?? null,
        originMessage: origin?.messageId ?? null,
      });
      return Number(result.lastInsertRowid) as ActionId;
    },
    get(id) {
      const row = selectOne.get(id);
      return row === undefined ? undefined : toEntry(row);
    },
    due(now) {
      return selectDue.all(now).map(toEntry);
    },
    nextDueAt() {
      return selectNextDue.get()?.at ?? undefined;
    },
    countPending() {
      return countPendingRows.get()?.n ?? 0;
    },
    pendingKinds(orderId) {
      return selectPendingKinds.all(orderId).map((row) => row.kind);
    },
    uncertainMessages(orderId) {
      return selectUncertain.all(orderId).map(toEntry);
    },
    setUncertain(id, uncertain) {
      updateUncertain.run(uncertain ? 1 : 0, id);
    },
    retryLater(id, update) {
      updateRetry.run({
        id,
        attempts: update.attempts,
        nextAttemptAt: update.nextAttemptAt,
        code: update.code,
        uncertain: update.uncertain ? 1 : 0,
        result: JSON.stringify(update.outcome),
      });
    },
    finish(id, end) {
      updateFinish.run({
        id,
        state: end.state,
        result: JSON.stringify(end.outcome),
        code: end.code ?? null,
        attempts: end.attempts,
        now: end.now,
      });
    },
    markReported(id, reported) {
      updateReported.run(reported, id);
    },
    unreported() {
      return selectUnreported.all().map(toEntry);
    },
  };
}
