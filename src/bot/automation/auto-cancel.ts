/**
 * Auto-cancel (`/autocancel <productId> <minutes>`): a paid order of such a product nobody took in time is cancelled
 * and refunded through the outbox, the very action a Cancel button queues, with one guard: the store must still show
 * it paid just before. Halfway, the seller is warned (a due item of the reminder pass). "Cancelling" is stored before
 * the cancel is queued, so a crash between the two queues it on the next pass, and the outbox's one live cancel per
 * order keeps it one. The buyer's `sorry` template goes with the cancel's outcome (sync/automation/sorry.ts).
 */
import type { Logger } from 'pino';
import type { SellerAction } from '../../core/actions.ts';
import type { AutoCancelDue, AutoCancelProgress } from '../../core/reminders.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { QueueNotice } from '../sink/notices.ts';
import { autoCancelFailed, autoCancelled, autoCancelWarning, groupedAutoCancel } from '../texts/reminders.ts';
import type { Translator } from '../texts/translator.ts';
import type { DueItem } from './due-notice.ts';
import type { ReminderStore } from './reminder-store.ts';

// `by`: the card and /order name the rule, not a person, as the one who cancelled (audit/recording.ts's sink).
const autoCancel = (orderId: OrderId): SellerAction => ({ kind: 'cancel', orderId, onlyIfStatus: 'paid', by: 'autocancel' });

export interface AutoCancelDeps {
  store: ReminderStore;
  engine: () => SyncForBot;
  notice: QueueNotice;
  /** The chat's language. */
  tr: Translator;
  /** Whether the buyer gets a `sorry` message (the seller saved that template). */
  sorryExists: () => Promise<boolean>;
  logger: Logger;
}

export function createAutoCancel(deps: AutoCancelDeps) {
  const { store, logger } = deps;

  /** A queued auto-cancel moves on: told once its cancel is answered. */
  const settle = async (progress: AutoCancelProgress, now: number) => {
    const { orderId } = progress;
    if (progress.cancel === 'pending') return;
    if (progress.cancel === 'none') {
      if (deps.engine().findOrder(orderId) === undefined) return void (await store.markCancelDone(orderId, now));
      const ticket = deps.engine().enqueue(autoCancel(orderId));
      logger.info({ orderId, actionId: ticket.actionId, deduplicated: ticket.deduplicated }, 'auto-cancel queued');
      return;
    }
    const html =
      progress.cancel === 'failed'
        ? autoCancelFailed(deps.tr, { orderId, code: progress.code })
        : autoCancelled(deps.tr, {
            orderId,
            productTitle: progress.productTitle,
            minutesSet: progress.minutes,
            sorrySent: await deps.sorryExists(),
          });
    await deps.notice({ html, alert: true });
    logger.info({ orderId, cancel: progress.cancel, code: progress.code }, 'auto-cancel settled');
    await store.markCancelDone(orderId, now);
  };

  return {
    /** Cancels that were decided move on: queued if a crash came between, told once answered. */
    async settleDecided(now: number) {
      for (const progress of await store.cancelling()) await settle(progress, now);
    },
    /** Queues the cancels that are due; returns the warnings due, as items of the reminder pass. */
    async due(now: number) {
      const due = await store.autoCancelDue(now);
      for (const item of due.filter((entry) => entry.stage === 'cancel')) {
        // Decided first, then queued: a crash in between is found by `cancelling()` as a cancel never queued.
        await store.markCancelling(item.orderId, now);
        const ticket = deps.engine().enqueue(autoCancel(item.orderId));
        logger.info({ orderId: item.orderId, productId: item.productId, actionId: ticket.actionId }, 'auto-cancel queued');
      }
      const warnings = due.filter((entry) => entry.stage === 'warn');
      return {
        /** Every order auto-cancel speaks of now: an untaken reminder of it would say less. */
        covered: new Set(due.map((entry) => entry.orderId)),
        items: warnings.map(warningItem),
        said: async (at: number) => {
          for (const item of warnings) await store.markWarned(item.orderId, item.minutes, at);
        },
      };
    },
  };
}

const warningItem = (item: AutoCancelDue): DueItem => ({
  orderId: item.orderId,
  takeable: true,
  linkTo: item.card,
  single: (tr, now) => ({ html: autoCancelWarning(tr, { ...item, inMs: item.cancelAt - now }), replyTo: item.card }),
  line: (tr, now, url) => groupedAutoCancel(tr, { ...item, inMs: item.cancelAt - now, url }),
});
