/**
 * The automatic answers given to buyers (`auto_answers`, migration 13) and what decides against one: a person
 * answered lately, in Telegram (a message action without `by`, core/actions.ts) or on the store website
 * (`seller_writes`). Written in the hand-off's commit of the buyer message (sync/automation/buyer-answers.ts).
 */
import { AUTOMATIC_ANSWERS } from '../core/actions.ts';
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

/** SQL: the `by` of a message action (as `json_extract(payload, '$.by')`) is an automatic answer's. */
export const IS_AUTOMATIC_ANSWER = (by: string) => `${by} IN (${AUTOMATIC_ANSWERS.map((source) => `'${source}'`).join(', ')})`;

export interface AutoAnswerQueries {
  /** This buyer message got an automatic answer already. */
  answered(orderId: OrderId, messageId: string): boolean;
  /** This order got this answer (`rule:<id>`, `away:<period start>`) already. */
  given(orderId: OrderId, answer: string): boolean;
  record(orderId: OrderId, messageId: string, answer: string, template: string, now: number): void;
  /** The seller wrote in the order's chat on the store website at `at`. */
  sellerWrote(orderId: OrderId, at: number): void;
  /**
   * A person answered the buyer at or after `since`: a reply from Telegram sent then, or still on its way, or a
   * message the seller wrote on the store website.
   */
  personAnsweredSince(orderId: OrderId, since: number): boolean;
}

export function createAutoAnswerQueries(db: SqliteDatabase): AutoAnswerQueries {
  const selectAnswered = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM auto_answers WHERE order_id = ? AND message_id = ?',
  );
  const selectGiven = db.prepare<[string, string], { one: number }>('SELECT 1 AS one FROM auto_answers WHERE order_id = ? AND answer = ?');
  const insert = db.prepare<[string, string, string, string, number]>(
    'INSERT INTO auto_answers (order_id, message_id, answer, template, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const upsertWrite = db.prepare<[string, number]>(
    'INSERT INTO seller_writes (order_id, at) VALUES (?, ?) ON CONFLICT (order_id) DO UPDATE SET at = max(at, excluded.at)',
  );
  // Finished actions by the finished_at index (a few minutes' worth), pending ones by the due index.
  const selectPerson = db.prepare<{ orderId: string; since: number }, { one: number }>(
    `SELECT 1 AS one FROM outbox
       WHERE order_id = @orderId AND kind = 'message' AND json_extract(payload, '$.by') IS NULL
         AND ((state = 'succeeded' AND finished_at >= @since) OR state = 'pending')
     UNION ALL
     SELECT 1 FROM seller_writes WHERE order_id = @orderId AND at >= @since
     LIMIT 1`,
  );
  return {
    answered: (orderId, messageId) => selectAnswered.get(orderId, messageId) !== undefined,
    given: (orderId, answer) => selectGiven.get(orderId, answer) !== undefined,
    record: (orderId, messageId, answer, template, now) => void insert.run(orderId, messageId, answer, template, now),
    sellerWrote: (orderId, at) => void upsertWrite.run(orderId, Math.floor(at)),
    personAnsweredSince: (orderId, since) => selectPerson.get({ orderId, since: Math.floor(since) }) !== undefined,
  };
}
