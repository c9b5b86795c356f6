/**
 * Queries of reminders and auto-cancel (migration 7): what is due, and what was already said, so a restart neither
 * repeats a reminder nor forgets one. The bot's `ReminderStore` (bot/automation/reminder-store.ts) is this shape.
 *
 * What "due" means is decided here in SQL, against what sync keeps (orders, chat_messages, outbox), so it is always
 * the truth as of now: an order taken, a reply sent or a delivery made ends its reminder without anyone telling us.
 * Orders the first start imported are never reminded of nor cancelled: an order counts from `reminders.since`
 * (store's `createdAt`, our first sight when it has none), which `begin` sets while sync has not caught up yet.
 */
import type { AutoCancelDue, AutoCancelProgress, AutoCancelRule, RelayedMessage, UnansweredDue, UntakenDue } from '../core/reminders.ts';
import type { TelegramRef } from '../core/telegram-ref.ts';
import type { Order, OrderId, ProductId } from '../seller-api/schemas.ts';
import { answeredSql } from './reminder-answers.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface ReminderQueries {
  /**
   * At each start: while sync never reached the store (no heartbeat), or on the first start with reminders, orders
   * created before `now` are the import and never reminded of. Later starts keep the first such instant.
   */
  begin(now: number): void;
  recordRelayed(message: RelayedMessage, now: number): void;
  /** The Telegram message these chat messages went out in (the queue sends them after they are recorded). */
  relayedAs(orderId: OrderId, messageIds: readonly string[], ref: TelegramRef): void;
  untakenDue(now: number, afterMs: number, maxReminders: number): UntakenDue[];
  markUntaken(orderIds: readonly OrderId[], now: number): void;
  unansweredDue(now: number, afterMs: number): UnansweredDue[];
  markUnanswered(items: readonly Pick<UnansweredDue, 'orderId' | 'messageIds'>[], now: number): void;
  rules(): AutoCancelRule[];
  setRule(productId: ProductId, minutes: number, by: number | undefined, now: number): void;
  /** True when there was a rule. */
  removeRule(productId: ProductId): boolean;
  autoCancelDue(now: number): AutoCancelDue[];
  /** The next instant an armed order is due to be warned or cancelled, after `now`. */
  nextAutoCancelAt(now: number): number | undefined;
  markWarned(orderId: OrderId, minutes: number, now: number): void;
  markCancelling(orderId: OrderId, now: number): void;
  cancelling(): AutoCancelProgress[];
  markCancelDone(orderId: OrderId, now: number): void;
  /** Drops records no reminder can need any more (orders closed or gone, messages older than `before`). */
  prune(before: number): number;
}

const SINCE_KEY = 'reminders.since';
const HEARTBEAT_KEY = 'sync.lastAliveAt';

/** Not imported: created (or, without a date, first seen) at or after the first start. */
const NOT_IMPORTED = `coalesce(unixepoch(o.created_at, 'subsec') * 1000, o.first_seen_at) >= @since`;
/** Nobody has acted on it yet: an action queued but not answered (store down) counts as acted. */
const NO_PENDING_ACTION = `NOT EXISTS (SELECT 1 FROM outbox AS x WHERE x.order_id = o.id AND x.kind <> 'message' AND x.state = 'pending')`;
const NEWEST_CARD = `SELECT chat_id, message_id FROM telegram_links WHERE order_id = ? AND role = 'card'
  ORDER BY created_at DESC, rowid DESC LIMIT 1`;

interface PaidRow {
  id: OrderId;
  order_json: string;
  first_seen_at: number;
}

const titleOf = (json: string): string | undefined => (JSON.parse(json) as Order).productTitle;

const NEWEST_LINK = (column: 'chat_id' | 'message_id'): string =>
  `SELECT l.${column} FROM telegram_links AS l WHERE l.order_id = b.order_id ORDER BY l.created_at DESC, l.message_id DESC LIMIT 1`;

export interface ReminderOptions {
  /** `REMIND_UNANSWERED_AFTER_AUTOREPLY` off: an automatic answer (keyword rule, away) answers a buyer like a person's. */
  automaticAnswersAnswer?: boolean;
}

export function createReminderQueries(db: SqliteDatabase, options: ReminderOptions = {}): ReminderQueries {
  const start = firstStartRecord(db);
  const cardOf = newestCardOf(db);
  return {
    begin: start.begin,
    ...relayedQueries(db, start.since, answeredSql(options.automaticAnswersAnswer ?? false)),
    ...untakenQueries(db, start.since, cardOf),
    ...autoCancelQueries(db, start.since, cardOf),
    prune: pruneQueries(db),
  };
}

type Since = () => number;
type CardOf = (orderId: OrderId) => TelegramRef | undefined;

/** `reminders.since`: orders created before it are the first start's import. */
function firstStartRecord(db: SqliteDatabase): Pick<ReminderQueries, 'begin'> & { since: Since } {
  const readKv = db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?');
  const writeKv = db.prepare<[string, string, number]>(
    `INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const since = (): number => {
    const row = readKv.get(SINCE_KEY);
    // Never begun (a caller that skipped begin): everything known counts as imported, nothing is reminded of.
    return row === undefined ? Number.MAX_SAFE_INTEGER : Number(JSON.parse(row.value));
  };

  return {
    since,
    begin(now) {
      db.transaction(() => {
        if (readKv.get(HEARTBEAT_KEY) === undefined || readKv.get(SINCE_KEY) === undefined)
          writeKv.run(SINCE_KEY, JSON.stringify(now), now);
      })();
    },
  };
}

function newestCardOf(db: SqliteDatabase): CardOf {
  const newestCard = db.prepare<[string], { chat_id: number; message_id: number }>(NEWEST_CARD);
  return (orderId: OrderId): TelegramRef | undefined => {
    const row = newestCard.get(orderId);
    return row === undefined ? undefined : { chatId: row.chat_id, messageId: row.message_id };
  };
}

/** The chat messages relayed, and which buyers wait for an answer. */
function relayedQueries(
  db: SqliteDatabase,
  since: Since,
  { ANSWERED, ANSWER_QUEUED }: ReturnType<typeof answeredSql>,
): Pick<ReminderQueries, 'recordRelayed' | 'relayedAs' | 'unansweredDue' | 'markUnanswered'> {
  // The first Telegram message a chat message went out in: a long one's later parts keep the first.
  const setRelayedAs = db.prepare<[number, number, string, string]>(
    'UPDATE relayed_messages SET chat_id = ?, tg_message_id = ? WHERE order_id = ? AND message_id = ? AND chat_id IS NULL',
  );
  const insertRelayed = db.prepare(
    `INSERT INTO relayed_messages (order_id, message_id, from_buyer, created_ms, chat_id, tg_message_id, recorded_at)
     VALUES (@orderId, @messageId, @fromBuyer, @createdMs, @chatId, @tgMessageId, @now)
     ON CONFLICT (order_id, message_id) DO NOTHING`,
  );

  const selectUnanswered = db.prepare<
    { since: number },
    {
      order_id: OrderId;
      order_json: string;
      message_id: string;
      created_ms: number;
      chat_id: number | null;
      tg_message_id: number | null;
      recorded_at: number;
    }
  >(
    // A message still in the Telegram queue when it was recorded has no Telegram message yet: the order's newest
    // linked message (where the queue put it, coalesced with its neighbours) is replied to instead.
    `SELECT b.order_id, o.order_json, b.message_id, b.created_ms, b.recorded_at,
            COALESCE(b.chat_id, (${NEWEST_LINK('chat_id')})) AS chat_id,
            COALESCE(b.tg_message_id, (${NEWEST_LINK('message_id')})) AS tg_message_id
     FROM relayed_messages AS b JOIN orders AS o ON o.id = b.order_id
     WHERE b.from_buyer = 1 AND b.reminded_at IS NULL AND ${NOT_IMPORTED} AND NOT ${ANSWERED} AND NOT ${ANSWER_QUEUED}
     ORDER BY b.order_id, b.created_ms, b.message_id`,
  );
  // Answered (for good) or never to be reminded of: out of the waiting set, so each pass looks only at what waits.
  const settleAnswered = db.prepare<{ since: number; now: number }>(
    `UPDATE relayed_messages AS b SET reminded_at = @now
     WHERE b.from_buyer = 1 AND b.reminded_at IS NULL
       AND EXISTS (SELECT 1 FROM orders AS o WHERE o.id = b.order_id AND (${ANSWERED} OR NOT ${NOT_IMPORTED}))`,
  );
  const markReminded = db.prepare<[number, string, string]>(
    'UPDATE relayed_messages SET reminded_at = ? WHERE order_id = ? AND message_id = ? AND reminded_at IS NULL',
  );

  return {
    recordRelayed(message, now) {
      insertRelayed.run({
        orderId: message.orderId,
        messageId: message.messageId,
        fromBuyer: message.fromBuyer ? 1 : 0,
        createdMs: Math.floor(message.createdMs),
        chatId: message.ref?.chatId ?? null,
        tgMessageId: message.ref?.messageId ?? null,
        now: Math.floor(now),
      });
    },
    relayedAs(orderId, messageIds, ref) {
      db.transaction(() => {
        for (const messageId of messageIds) setRelayedAs.run(ref.chatId, ref.messageId, orderId, messageId);
      })();
    },
    unansweredDue(now, afterMs) {
      const from = since();
      settleAnswered.run({ since: from, now: Math.floor(now) });
      const byOrder = new Map<OrderId, UnansweredDue>();
      for (const row of selectUnanswered.all({ since: from })) {
        const ref = row.chat_id === null || row.tg_message_id === null ? undefined : { chatId: row.chat_id, messageId: row.tg_message_id };
        const item = byOrder.get(row.order_id);
        if (item === undefined) {
          byOrder.set(row.order_id, {
            orderId: row.order_id,
            productTitle: titleOf(row.order_json),
            replyTo: ref,
            since: row.recorded_at,
            messageIds: [row.message_id],
          });
        } else {
          // The newest is replied to; the oldest says how long the buyer has waited.
          item.replyTo = ref ?? item.replyTo;
          item.since = Math.min(item.since, row.recorded_at);
          item.messageIds.push(row.message_id);
        }
      }
      return [...byOrder.values()].filter((item) => item.since <= now - afterMs);
    },
    markUnanswered(items, now) {
      db.transaction(() => {
        for (const item of items) for (const messageId of item.messageIds) markReminded.run(Math.floor(now), item.orderId, messageId);
      })();
    },
  };
}

/** Paid orders nobody took, and how often each was brought up. */
function untakenQueries(db: SqliteDatabase, since: Since, cardOf: CardOf): Pick<ReminderQueries, 'untakenDue' | 'markUntaken'> {
  const selectUntaken = db.prepare<{ since: number; dueBefore: number; max: number }, PaidRow & { sent: number | null }>(
    `SELECT o.id, o.order_json, o.first_seen_at, u.sent FROM orders AS o
     LEFT JOIN untaken_reminders AS u ON u.order_id = o.id
     WHERE o.is_open = 1 AND o.status = 'paid' AND o.first_seen_at <= @dueBefore AND ${NOT_IMPORTED} AND ${NO_PENDING_ACTION}
       AND coalesce(u.sent, 0) < @max AND (u.last_at IS NULL OR u.last_at <= @dueBefore)
     ORDER BY o.first_seen_at, o.id`,
  );
  const upsertUntaken = db.prepare<[string, number]>(
    `INSERT INTO untaken_reminders (order_id, sent, last_at) VALUES (?, 1, ?)
     ON CONFLICT (order_id) DO UPDATE SET sent = sent + 1, last_at = excluded.last_at`,
  );

  return {
    untakenDue(now, afterMs, maxReminders) {
      const rows = selectUntaken.all({ since: since(), dueBefore: Math.floor(now - afterMs), max: maxReminders });
      return rows.map((row) => ({
        orderId: row.id,
        productTitle: titleOf(row.order_json),
        card: cardOf(row.id),
        since: row.first_seen_at,
        sent: row.sent ?? 0,
      }));
    },
    markUntaken(orderIds, now) {
      db.transaction(() => {
        for (const orderId of orderIds) upsertUntaken.run(orderId, Math.floor(now));
      })();
    },
  };
}

/** When an armed order is warned, and cancelled if nobody takes it. */
function instantsOf(row: { first_seen_at: number; set_at: number; minutes: number; warned_at: number | null }, now: number) {
  const minutesMs = row.minutes * 60_000;
  // Counted from the later of its arrival and the rule: setting a rule never cancels at once what waits now.
  const start = Math.max(row.first_seen_at, row.set_at);
  const warnAt = start + minutesMs / 2;
  // The seller always gets the warning, and half the time after it, even when the bridge was down at halfway.
  const cancelAt = Math.max(start + minutesMs, (row.warned_at ?? Math.max(now, warnAt)) + minutesMs / 2);
  return { warnAt, cancelAt };
}

type AutoCancelMethods =
  | 'rules'
  | 'setRule'
  | 'removeRule'
  | 'autoCancelDue'
  | 'nextAutoCancelAt'
  | 'markWarned'
  | 'markCancelling'
  | 'cancelling'
  | 'markCancelDone';

/** Auto-cancel rules per product, and each auto-cancel's progress (warned, cancelling, done). */
function autoCancelQueries(db: SqliteDatabase, since: Since, cardOf: CardOf): Pick<ReminderQueries, AutoCancelMethods> {
  const selectRules = db.prepare<[], { product_id: ProductId; minutes: number; set_at: number; set_by: number | null }>(
    'SELECT product_id, minutes, set_at, set_by FROM autocancel_rules ORDER BY product_id',
  );
  const upsertRule = db.prepare<[string, number, number, number | null]>(
    `INSERT INTO autocancel_rules (product_id, minutes, set_at, set_by) VALUES (?, ?, ?, ?)
     ON CONFLICT (product_id) DO UPDATE SET minutes = excluded.minutes, set_at = excluded.set_at, set_by = excluded.set_by`,
  );
  const deleteRule = db.prepare<[string]>('DELETE FROM autocancel_rules WHERE product_id = ?');
  // A warning given under a rule that ended no longer holds: turned on again, the order is warned again.
  const forgetWarnings = db.prepare<[string]>(
    `DELETE FROM autocancels WHERE state = 'warned'
       AND order_id IN (SELECT id FROM orders WHERE json_extract(order_json, '$.productId') = ?)`,
  );
  const selectArmed = db.prepare<
    { since: number },
    PaidRow & { product_id: ProductId; minutes: number; set_at: number; state: string | null; warned_at: number | null }
  >(
    `SELECT o.id, o.order_json, o.first_seen_at, r.product_id, r.minutes, r.set_at, a.state, a.warned_at
     FROM orders AS o
     JOIN autocancel_rules AS r ON r.product_id = json_extract(o.order_json, '$.productId')
     LEFT JOIN autocancels AS a ON a.order_id = o.id
     WHERE o.is_open = 1 AND o.status = 'paid' AND ${NOT_IMPORTED} AND ${NO_PENDING_ACTION}
       AND (a.state IS NULL OR a.state = 'warned')
     ORDER BY o.first_seen_at, o.id`,
  );
  const insertWarned = db.prepare<[string, number, number, number]>(
    `INSERT INTO autocancels (order_id, state, minutes, warned_at, updated_at) VALUES (?, 'warned', ?, ?, ?)
     ON CONFLICT (order_id) DO NOTHING`,
  );
  const setCancelling = db.prepare<[number, number, string]>(
    `UPDATE autocancels SET state = 'cancelling', cancelling_at = ?, updated_at = ? WHERE order_id = ? AND state = 'warned'`,
  );
  const selectCancelling = db.prepare<
    [],
    { order_id: OrderId; order_json: string | null; minutes: number; state: string | null; code: string | null }
  >(
    `SELECT a.order_id, o.order_json, a.minutes, x.state, x.last_error_code AS code
     FROM autocancels AS a LEFT JOIN orders AS o ON o.id = a.order_id
     -- Ours, or one already live when we decided (the outbox keeps one live cancel per order and hands that back).
     LEFT JOIN outbox AS x ON x.id = (SELECT max(id) FROM outbox WHERE order_id = a.order_id AND kind = 'cancel'
                                      AND (enqueued_at >= a.cancelling_at OR state IN ('pending', 'succeeded')))
     WHERE a.state = 'cancelling' ORDER BY a.cancelling_at, a.order_id`,
  );
  const setDone = db.prepare<[number, string]>(`UPDATE autocancels SET state = 'done', updated_at = ? WHERE order_id = ?`);
  return {
    rules() {
      return selectRules
        .all()
        .map((row) => ({ productId: row.product_id, minutes: row.minutes, setAt: row.set_at, setBy: row.set_by ?? undefined }));
    },
    setRule(productId, minutes, by, now) {
      upsertRule.run(productId, minutes, Math.floor(now), by ?? null);
    },
    removeRule(productId) {
      return db.transaction(() => {
        forgetWarnings.run(productId);
        return deleteRule.run(productId).changes > 0;
      })();
    },
    autoCancelDue(now) {
      const due: AutoCancelDue[] = [];
      for (const row of selectArmed.all({ since: since() })) {
        const { warnAt, cancelAt } = instantsOf(row, now);
        const base = { orderId: row.id, productId: row.product_id, productTitle: titleOf(row.order_json), minutes: row.minutes };
        if (row.state === null && now >= warnAt) due.push({ ...base, card: cardOf(row.id), stage: 'warn', cancelAt });
        else if (row.state === 'warned' && now >= cancelAt) due.push({ ...base, card: cardOf(row.id), stage: 'cancel', cancelAt });
      }
      return due;
    },
    nextAutoCancelAt(now) {
      let next: number | undefined;
      for (const row of selectArmed.all({ since: since() })) {
        const { warnAt, cancelAt } = instantsOf(row, now);
        const at = row.state === null ? warnAt : cancelAt;
        if (at > now && (next === undefined || at < next)) next = at;
      }
      return next;
    },
    markWarned(orderId, minutes, now) {
      insertWarned.run(orderId, minutes, Math.floor(now), Math.floor(now));
    },
    markCancelling(orderId, now) {
      setCancelling.run(Math.floor(now), Math.floor(now), orderId);
    },
    cancelling() {
      return selectCancelling.all().map((row) => ({
        orderId: row.order_id,
        productTitle: row.order_json === null ? undefined : titleOf(row.order_json),
        minutes: row.minutes,
        cancel: row.state === 'pending' || row.state === 'succeeded' || row.state === 'failed' ? row.state : 'none',
        code: row.code ?? undefined,
      }));
    },
    markCancelDone(orderId, now) {
      setDone.run(Math.floor(now), orderId);
    },
  };
}

/** Drops records no reminder can need any more. */
function pruneQueries(db: SqliteDatabase): ReminderQueries['prune'] {
  const pruneMessages = db.prepare<[number]>(
    `DELETE FROM relayed_messages WHERE recorded_at < ?
       OR NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.id = relayed_messages.order_id)`,
  );
  const pruneUntaken = db.prepare(
    `DELETE FROM untaken_reminders WHERE NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.id = order_id AND o.status = 'paid')`,
  );
  const pruneCancels = db.prepare<[number]>(
    `DELETE FROM autocancels WHERE (state <> 'cancelling' AND updated_at < ?)
       OR NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.id = order_id)`,
  );

  return (before) =>
    db.transaction(
      () => pruneMessages.run(Math.floor(before)).changes + pruneUntaken.run().changes + pruneCancels.run(Math.floor(before)).changes,
    )();
}
