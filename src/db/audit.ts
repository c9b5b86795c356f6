/**
 * The audit trail (migration 8): who did what to which order, when, and with what result; the chat log of message
 * authors; the status history the `orders` triggers write; and the daily summary ledger. Implements core/audit.ts's
 * `AuditStore` and `SummaryLedger`.
 */
import type { AuditActor, AuditEntry, AuditResult, AuditStore, OrderHistory, StatusEvent, SummaryLedger } from '../core/audit.ts';
import type { OrderId } from '../seller-api/schemas.ts';
import type { SqliteDatabase } from './sqlite.ts';

interface AuditRow {
  at: number;
  order_id: string | null;
  action: string;
  actor_kind: 'person' | 'bot';
  actor_id: number | null;
  actor_name: string;
  result: AuditResult;
  result_code: string | null;
  settled_at: number | null;
}

const actorOf = (row: AuditRow): AuditActor =>
  row.actor_kind === 'person' && row.actor_id !== null
    ? { kind: 'person', userId: row.actor_id, name: row.actor_name }
    : { kind: 'bot', source: row.actor_name };

const entryOf = (row: AuditRow): AuditEntry => ({
  at: row.at,
  orderId: (row.order_id ?? undefined) as OrderId | undefined,
  action: row.action,
  actor: actorOf(row),
  result: row.result,
  code: row.result_code ?? undefined,
  settledAt: row.settled_at ?? undefined,
});

export function createAuditQueries(db: SqliteDatabase): AuditStore {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, order_id, action, actor_kind, actor_id, actor_name, action_id, result, result_code, settled_at)
     VALUES (@at, @orderId, @action, @actorKind, @actorId, @actorName, @actionId, @result, @code, @settledAt)
     ON CONFLICT (action_id) DO NOTHING`,
  );
  const settle = db.prepare<{ actionId: number; result: string; code: string | null; at: number }>(
    `UPDATE audit_log SET result = @result, result_code = @code, settled_at = @at
     WHERE action_id = @actionId AND result = 'pending'`,
  );
  const known = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM audit_log WHERE action_id = ?');
  const chat = db.prepare<{ orderId: string; messageId: string; author: string; at: number }>(
    `INSERT INTO chat_log (order_id, message_id, author, at) VALUES (@orderId, @messageId, @author, @at)
     ON CONFLICT (order_id, message_id) DO NOTHING`,
  );
  const latest = db.prepare<[string, number], AuditRow>('SELECT * FROM audit_log WHERE order_id = ? ORDER BY id DESC LIMIT ?');
  const steps = db.prepare<[number], AuditRow>('SELECT * FROM audit_log WHERE order_id IS NULL ORDER BY id DESC LIMIT ?');
  const all = db.prepare<[string], AuditRow>('SELECT * FROM audit_log WHERE order_id = ? ORDER BY id');
  const statuses = db.prepare<[string], { at: number; status: string; previous: string | null }>(
    'SELECT at, status, previous FROM order_events WHERE order_id = ? ORDER BY id',
  );
  const messages = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM chat_log WHERE order_id = ?');

  return {
    record(request) {
      const person = request.actor.kind === 'person' ? request.actor : undefined;
      const result = request.result ?? 'pending';
      insert.run({
        at: request.at,
        orderId: request.orderId ?? null,
        action: request.action,
        actorKind: request.actor.kind,
        actorId: person?.userId ?? null,
        actorName: request.actor.kind === 'person' ? request.actor.name : request.actor.source,
        actionId: request.actionId ?? null,
        result,
        code: request.code ?? null,
        settledAt: result === 'pending' ? null : request.at,
      });
    },
    settle(_orderId, actionId, result, code, at) {
      if (settle.run({ actionId, result, code: code ?? null, at }).changes > 0) return true;
      return (known.get(actionId)?.n ?? 0) > 0;
    },
    chatMessage(orderId, messageId, author, at) {
      chat.run({ orderId, messageId, author, at });
    },
    latest: (orderId, limit) => latest.all(orderId, limit).map(entryOf),
    latestSteps: (limit) => steps.all(limit).map(entryOf),
    history(orderId): OrderHistory {
      const events: StatusEvent[] = statuses
        .all(orderId)
        .map((row) => ({ at: row.at, status: row.status, previous: row.previous ?? undefined }));
      return { statuses: events, actions: all.all(orderId).map(entryOf), messages: messages.get(orderId)?.n ?? 0 };
    },
  };
}

export function createSummaryLedger(db: SqliteDatabase): SummaryLedger {
  const claim = db.prepare<{ day: string; at: number }>(
    'INSERT INTO daily_summaries (day, posted_at) VALUES (@day, @at) ON CONFLICT (day) DO NOTHING',
  );
  const any = db.prepare<[], { n: number }>('SELECT EXISTS (SELECT 1 FROM daily_summaries) AS n');
  return { claim: (day, at) => claim.run({ day, at }).changes === 1, any: () => any.get()?.n === 1 };
}
