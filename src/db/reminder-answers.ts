/**
 * What answers a buyer's message for the unanswered reminder (db/reminders.ts), as SQL over buyer message `b`
 * (`relayed_messages`) of order `o`. An automatic answer (a keyword rule's, away's) is no person's answer unless the
 * seller says so (`REMIND_UNANSWERED_AFTER_AUTOREPLY=off`): by default the reminder still comes, so in the morning
 * the seller sees who still waits for a person.
 */
import { IS_AUTOMATIC_ANSWER } from './auto-answers.ts';

export function answeredSql(automaticAnswersAnswer: boolean) {
  /** An outbox row `x` that counts as an answer: any, or none of the automatic answers. */
  const counts = (x: string) =>
    automaticAnswersAnswer ? '1' : `NOT coalesce(${IS_AUTOMATIC_ANSWER(`json_extract(${x}.payload, '$.by')`)}, 0)`;
  /** Our own post `c` counts unless it is an automatic answer's (found by the message id the outbox recorded). */
  const ownCounts = automaticAnswersAnswer
    ? ''
    : `AND NOT EXISTS (SELECT 1 FROM outbox AS a WHERE a.order_id = c.order_id AND NOT ${counts('a')}
                          AND json_extract(a.result, '$.messageId') = c.message_id)`;
  return {
    /**
     * The seller answered `b`: a post of ours after it (recorded as 'own'), the seller's own message on the store
     * website after it, a delivery after it (ours, or seen in the order).
     */
    ANSWERED: `(
  EXISTS (SELECT 1 FROM chat_messages AS c WHERE c.order_id = b.order_id AND c.origin = 'own' AND c.created_ms >= b.created_ms
          ${ownCounts})
  OR EXISTS (SELECT 1 FROM relayed_messages AS s WHERE s.order_id = b.order_id AND s.from_buyer = 0 AND s.created_ms >= b.created_ms)
  OR EXISTS (SELECT 1 FROM outbox AS x WHERE x.order_id = b.order_id AND x.kind IN ('message', 'deliver')
             AND x.state = 'succeeded' AND x.enqueued_at >= b.recorded_at AND ${counts('x')})
  OR coalesce(unixepoch(json_extract(o.order_json, '$.deliveredAt'), 'subsec') * 1000, 0) >= b.created_ms
  OR (o.status IN ('awaiting_confirmation', 'completed') AND o.last_changed_at >= b.recorded_at))`,
    /** An answer is queued (the store is not answering yet): no reminder now, but not settled, it may still fail. */
    ANSWER_QUEUED: `EXISTS (SELECT 1 FROM outbox AS x WHERE x.order_id = b.order_id AND x.kind IN ('message', 'deliver')
  AND x.state = 'pending' AND x.enqueued_at >= b.recorded_at AND ${counts('x')})`,
  };
}
