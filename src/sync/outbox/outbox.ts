/**
 * The outbox of seller actions: stored before the first request, sent by a worker, retried with backoff after
 * transient failures (also across restarts), ended by a definitive answer, and reported to the sink once per
 * state change.
 *
 * - take/deliver/cancel are deduplicated while an equivalent action is pending or succeeded (a double tap is one
 *   action); each action has ONE idempotency key, created at enqueue and reused on every attempt.
 * - a chat message is deduplicated by its Telegram origin (a repeated update is one action). The spec gives the
 *   post no idempotency, so a post that may have reached the store is never re-sent blindly: the chat is read
 *   first, and a seller message with the same text created after the action was queued counts as sent.
 * - actions of one order run one after another, in the order they were queued.
 *
 * Crashes: the action row (with its key) is committed before the first request, so a crash never loses it.
 * A crash after the store acted and before the outcome was committed repeats the request after the restart:
 * harmless for take/deliver/cancel (same idempotency key), and a chat post is marked "maybe sent" before it
 * goes out, so the restart probes the chat instead of posting again. An outcome reported to the sink but not
 * yet marked reported is reported again after a restart (at least once, never lost).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ReportedState, StoredOutcome } from '../../db/outbox.ts';
import type { OutboxEntry } from '../../db/outbox.ts';
import type { Queries } from '../../db/queries.ts';
import type { SqliteDatabase } from '../../db/sqlite.ts';
import type { SellerApi } from '../../seller-api/api.ts';
import { isSellerApiError, SellerApiError, type SellerApiErrorCode } from '../../seller-api/errors.ts';
import { listMessagesAfter } from '../../seller-api/paging.ts';
import type { Cursor, Message, Order, OrderId } from '../../seller-api/schemas.ts';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import type { SyncSink } from '../contract.ts';
import type { Health } from '../support/health.ts';
import { pacedApi } from '../budget/paced-api.ts';
import type { RequestBudget } from '../budget/request-budget.ts';
import { safeError } from '../support/safe-error.ts';
import { createRetryGate } from '../hand-off/retry-gate.ts';
import { SinkAbandoned } from '../hand-off/sink-calls.ts';
import { isSinkUnavailable, type SinkHold } from '../hand-off/sink-hold.ts';
import type { WriteLedger } from '../orders/write-ledger.ts';
import type { ActionOutcome, ActionTicket, SellerAction, SettledAction } from '../../core/actions.ts';
import { backoffDelayMs } from '../../shared/backoff.ts';
import type { KeyedLock } from '../../shared/keyed-lock.ts';
import { stopped, type RunSignals } from '../../shared/run-signals.ts';
import { watchFor } from '../orders/order-watch-state.ts';
import { normalise } from './stored-action.ts';

export interface OutboxRules {
  /** First retry delay after a transient failure; doubles per attempt. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Our clock and the store's may differ: a post's echo is searched from this long before it was queued. */
  echoSkewMs: number;
  closedChatWatchMs: number;
  messagesPageSize: number;
  /** An outcome the sink refused (Telegram refuses the chat) is offered again after this, doubling up to the max. */
  reportRetryBaseMs: number;
  reportRetryMaxMs: number;
}

export interface OutboxDeps {
  db: SqliteDatabase;
  queries: Queries;
  sink: SyncSink;
  /** Shared with the cycle's hand-off: a chat that refuses the bot holds outcomes and events alike, and frees them together. */
  sinkHold: SinkHold;
  lock: KeyedLock;
  budget: RequestBudget;
  ledger: WriteLedger;
  health: Health;
  logger: Logger;
  now: () => number;
  rules: OutboxRules;
  /** Wakes the worker (an action was queued, or an outcome awaits reporting). */
  kick(): void;
  /**
   * Called inside the transaction that records an action's definitive outcome, so what follows from it (the next
   * step of an automatic delivery) is committed together with it, or not at all.
   */
  onSettled?(action: SellerAction, settled: SettledAction): void;
}

export interface OutboxPass extends RunSignals {
  api: SellerApi;
}

export interface Outbox {
  enqueue(action: SellerAction): ActionTicket;
  /** Runs every due action once, calling `ran` after each (its outcome awaits reporting). Resolves with how many ran. */
  runDue(pass: OutboxPass, ran?: () => void): Promise<number>;
  /** Offers the sink every outcome it has not acknowledged yet, until `waitSignal` aborts (the rest comes after the restart). */
  reportPending(waitSignal?: AbortSignal): Promise<void>;
  /** Whether an unknown seller message is the echo of a post of ours whose answer we never saw. */
  isEcho(orderId: OrderId, message: Message): boolean;
  /** Called by the chat reader, under the order's lock, for an unknown seller message: records an echo as sent. */
  claimEcho(orderId: OrderId, message: Message): boolean;
  nextDueAt(): number | undefined;
  depth(): number;
}

/** Texts as the store may have normalised them. */
const sameText = (a: string, b: string) => a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();

function reportedStateOf(entry: OutboxEntry): ReportedState {
  return entry.state === 'pending' ? 'queued' : entry.state;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { db, queries, sink, sinkHold, lock, budget, ledger, health, logger, now, rules } = deps;
  // Per action, for an outcome the sink refused on its own (a renderer's bug): it waits its backoff, the others go on.
  const reportGate = createRetryGate(now, rules.reportRetryBaseMs, rules.reportRetryMaxMs);

  const ticketOf = (entry: OutboxEntry, deduplicated: boolean): ActionTicket => ({
    actionId: entry.id,
    idempotencyKey: entry.idempotencyKey,
    deduplicated,
    state: entry.state,
  });

  /** The action already queued that this one repeats: a double tap, a repeated update, a key asked for again. */
  function equivalentOf(action: SellerAction): OutboxEntry | undefined {
    if (action.kind !== 'message') return queries.outbox.liveOrderAction(action.kind, action.orderId);
    if (action.key !== undefined) return queries.outbox.byIdempotencyKey(action.key);
    return action.origin === undefined ? undefined : queries.outbox.byOrigin(action.origin);
  }

  const enqueueInTransaction = db.transaction((action: SellerAction): ActionTicket => {
    const existing = equivalentOf(action);
    if (existing !== undefined) return ticketOf(existing, true);

    const at = now();
    const id = queries.outbox.insert(action, (action.kind === 'message' ? action.key : undefined) ?? randomUUID(), at);
    // A seller action makes the order's chat hot: an answer from the buyer is likely.
    if (queries.orders.get(action.orderId) !== undefined) queries.cursors.markActive(action.orderId, at);
    const entry = queries.outbox.get(id);
    if (entry === undefined) throw new Error('outbox insert vanished');
    return ticketOf(entry, false);
  });

  /** Our own post, recorded so the chat reader never relays it back. */
  function recordOwn(orderId: OrderId, message: Message): void {
    if (queries.orders.get(orderId) === undefined) return;
    const at = now();
    const ms = timeOf(message.createdAt);
    queries.messages.record(orderId, { id: message.id, createdAt: message.createdAt, createdMs: Number.isFinite(ms) ? ms : 0 }, 'own', at);
    queries.cursors.markActive(orderId, at);
  }

  /** The order a successful action returned becomes the last seen, so the poller does not report it as news. */
  function recordOwnOrder(order: Order): void {
    const stored = queries.orders.get(order.id);
    if (stored === undefined) return;
    const at = now();
    queries.orders.update(order, watchFor(order.status, at, rules.closedChatWatchMs, stored), at);
    queries.cursors.markActive(order.id, at);
    ledger.record(order.id);
  }

  function succeed(entry: OutboxEntry, outcome: StoredOutcome, record: () => void): void {
    db.transaction(() => {
      queries.outbox.finish(entry.id, { state: 'succeeded', outcome, code: undefined, attempts: entry.attempts + 1, now: now() });
      record();
      deps.onSettled?.(entry.action, { ok: true });
    })();
    logger.info({ actionId: entry.id, kind: entry.action.kind, orderId: entry.orderId }, 'seller action done');
  }

  async function fail(entry: OutboxEntry, error: unknown, api: SellerApi, pass: OutboxPass, uncertain: boolean): Promise<void> {
    // Stopping: the action stays pending exactly as it is (a post in flight stays "maybe sent").
    if (stopped(pass)) return;
    if (!isSellerApiError(error))
      logger.error({ error: safeError(error), actionId: entry.id }, 'unexpected error running a seller action: retried later');
    const code: SellerApiErrorCode = isSellerApiError(error) ? error.code : 'TRANSPORT';
    const keepQueued = !isSellerApiError(error) || error.transient || code === 'API_KEY_INVALID';

    if (keepQueued) {
      if (isSellerApiError(error)) health.noteError(error, now());
      const attempts = entry.attempts + 1;
      const nextAttemptAt = now() + backoffDelayMs(attempts, { baseMs: rules.backoffBaseMs, maxMs: rules.backoffMaxMs });
      queries.outbox.retryLater(entry.id, {
        code,
        attempts,
        nextAttemptAt,
        uncertain,
        outcome: { ok: 'queued', code, attempts, nextAttemptAt },
      });
      logger.warn({ actionId: entry.id, kind: entry.action.kind, code, attempts, nextAttemptAt }, 'seller action queued for retry');
      return;
    }

    // A definitive answer: the action is over. Re-read the order so the card can show why.
    let order: Order | undefined;
    if (code !== 'ORDER_NOT_FOUND') {
      try {
        order = await api.getOrder(entry.orderId, { signal: pass.requestSignal });
      } catch {
        order = undefined;
      }
    }
    db.transaction(() => {
      queries.outbox.finish(entry.id, {
        state: 'failed',
        outcome: order === undefined ? { ok: false, code } : { ok: false, code, order },
        code,
        attempts: entry.attempts + 1,
        now: now(),
      });
      deps.onSettled?.(entry.action, order === undefined ? { ok: false, code } : { ok: false, code, order });
    })();
    logger.warn({ actionId: entry.id, kind: entry.action.kind, orderId: entry.orderId, code }, 'seller action refused by the store');
  }

  async function runOrderAction(entry: OutboxEntry, api: SellerApi, pass: OutboxPass): Promise<void> {
    const options = { idempotencyKey: entry.idempotencyKey, signal: pass.requestSignal };
    const { action } = entry;
    let order: Order;
    try {
      if (action.kind === 'take') order = await api.takeOrder(entry.orderId, options);
      else if (action.kind === 'deliver') order = await api.deliverOrder(entry.orderId, action.value, options);
      else if (action.kind === 'cancel') {
        const only = action.onlyIfStatus;
        const status = only && (await api.getOrder(entry.orderId, { signal: pass.requestSignal })).status;
        // `cancelled` goes on: an earlier attempt of this very action may have cancelled it; its key gets that answer.
        if (status && status !== only && status !== 'cancelled') {
          throw new SellerApiError('ORDER_INVALID_STATUS', `order is ${status}, the cancel was for ${only} only`);
        }
        order = await api.cancelOrder(entry.orderId, options);
      } else throw new Error('a chat post is not an order action'); // runOne sends posts to runMessage
    } catch (error) {
      await fail(entry, error, api, pass, false);
      return;
    }
    succeed(entry, { ok: true, order }, () => recordOwnOrder(order));
  }

  /** A post that may have reached the store: is it in the chat? */
  async function findPosted(entry: OutboxEntry, text: string, api: SellerApi, pass: OutboxPass): Promise<Message | undefined> {
    const since = new Date(entry.enqueuedAt - rules.echoSkewMs).toISOString() as Cursor;
    const messages = await listMessagesAfter(api, entry.orderId, {
      after: since,
      limit: rules.messagesPageSize,
      signal: pass.requestSignal,
      logger,
    });
    return messages.find(
      (message) =>
        message.senderRole === 'seller' &&
        sameText(message.text, text) &&
        queries.messages.originOf(entry.orderId, message.id) === undefined,
    );
  }

  async function runMessage(entry: OutboxEntry, text: string, api: SellerApi, pass: OutboxPass): Promise<void> {
    if (entry.uncertain) {
      let found: Message | undefined;
      try {
        found = await findPosted(entry, text, api, pass);
      } catch (error) {
        await fail(entry, error, api, pass, true);
        return;
      }
      if (found !== undefined) {
        const posted = found;
        succeed(entry, { ok: true, messageId: posted.id }, () => recordOwn(entry.orderId, posted));
        return;
      }
    }
    // From here until the answer is recorded, a crash leaves the post "maybe sent": probed before any retry.
    queries.outbox.setUncertain(entry.id, true);
    let message: Message;
    try {
      message = await api.postMessage(entry.orderId, text, { idempotencyKey: entry.idempotencyKey, signal: pass.requestSignal });
    } catch (error) {
      await fail(entry, error, api, pass, isSellerApiError(error) ? error.mayHaveReachedServer : true);
      return;
    }
    succeed(entry, { ok: true, messageId: message.id }, () => recordOwn(entry.orderId, message));
  }

  async function runOne(entry: OutboxEntry, pass: OutboxPass): Promise<void> {
    const api = pacedApi(pass.api, budget, 'urgent', pass.waitSignal);
    const { action } = entry;
    if (action.kind === 'message') {
      await lock.run(entry.orderId, () => runMessage(entry, action.text, api, pass));
    } else {
      await runOrderAction(entry, api, pass);
    }
  }

  async function report(entry: OutboxEntry): Promise<void> {
    if (entry.outcome === undefined) return;
    const gateKey = String(entry.id);
    if (sinkHold.holding() || reportGate.blocked(gateKey)) return;
    const outcome = { actionId: entry.id, action: entry.action, ...entry.outcome } as ActionOutcome;
    try {
      await sink.actionSettled(outcome);
      queries.outbox.markReported(entry.id, reportedStateOf(entry));
      reportGate.succeeded(gateKey);
      sinkHold.available();
    } catch (error) {
      // Stopped before the sink answered: reported again after the restart, like any unacknowledged outcome.
      if (error instanceof SinkAbandoned) return;
      // The chat refuses the bot: hold with everything else, so the outcome goes as soon as the chat answers again.
      if (isSinkUnavailable(error)) sinkHold.unavailable(error);
      else reportGate.failed(gateKey);
      logger.warn({ error: safeError(error), actionId: entry.id }, 'sink refused an action outcome: offered again later, backing off');
    }
  }

  async function reportPending(waitSignal?: AbortSignal): Promise<void> {
    for (const entry of queries.outbox.unreported()) {
      if (waitSignal?.aborted) return;
      await report(entry);
    }
  }

  function echoOf(orderId: OrderId, message: Message): OutboxEntry | undefined {
    const createdMs = timeOf(message.createdAt);
    return queries.outbox
      .uncertainMessages(orderId)
      .find(
        (entry) =>
          entry.action.kind === 'message' &&
          sameText(entry.action.text, message.text) &&
          (!Number.isFinite(createdMs) || createdMs >= entry.enqueuedAt - rules.echoSkewMs),
      );
  }

  return {
    enqueue(action) {
      const ticket = enqueueInTransaction(normalise(action));
      if (!ticket.deduplicated) deps.kick();
      return ticket;
    },

    async runDue(pass, onRan) {
      const ran = new Set<number>();
      for (;;) {
        if (pass.waitSignal.aborted) break;
        const next = queries.outbox.due(now()).find((entry) => !ran.has(entry.id));
        if (next === undefined) break;
        ran.add(next.id);
        await runOne(next, pass);
        onRan?.();
      }
      return ran.size;
    },

    reportPending,

    isEcho: (orderId, message) => echoOf(orderId, message) !== undefined,

    claimEcho(orderId, message) {
      const match = echoOf(orderId, message);
      if (match === undefined) return false;
      succeed(match, { ok: true, messageId: message.id }, () => recordOwn(orderId, message));
      deps.kick();
      return true;
    },

    nextDueAt: () => queries.outbox.nextDueAt(),
    depth: () => queries.outbox.countPending(),
  };
}
