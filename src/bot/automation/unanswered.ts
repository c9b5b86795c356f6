/**
 * Unanswered buyers (REMIND_UNANSWERED_MINUTES): a buyer message with no answer gets one reminder, replying to it.
 * The relayed messages are recorded as the sink relays them (`observeRelays`), so who waits for an answer is known.
 */
import type { Logger } from 'pino';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import type { SyncSink } from '../../sync/contract.ts';
import { describeError } from '../errors.ts';
import { groupedUnanswered, unansweredReminder } from '../texts/reminders.ts';
import type { DueItem } from './due-notice.ts';
import type { ReminderStore } from './reminder-store.ts';

export async function unansweredDue(store: ReminderStore, afterMs: number | undefined, now: number) {
  const due = afterMs === undefined ? [] : await store.unansweredDue(now, afterMs);
  const items = due.map(
    (item): DueItem => ({
      orderId: item.orderId,
      takeable: false,
      linkTo: item.replyTo,
      single: (tr, at) => ({ html: unansweredReminder(tr, { ...item, waitedMs: at - item.since }), replyTo: item.replyTo }),
      line: (tr, at, url) => groupedUnanswered(tr, { ...item, waitedMs: at - item.since, url }),
    }),
  );
  return {
    items,
    said: async (at: number) => {
      if (due.length > 0) await store.markUnanswered(due, at);
    },
  };
}

/** Wraps the bot's sink: records each relayed chat message, so an unanswered buyer is known. */
export function observeRelays(
  sink: SyncSink,
  deps: { store: ReminderStore; now: () => number; logger: Logger; secrets: readonly string[] },
): SyncSink {
  return {
    ...sink,
    async messageArrived(order, message, timing) {
      const receipt = await sink.messageArrived(order, message, timing);
      try {
        const written = timeOf(message.createdAt);
        await deps.store.recordRelayed(
          {
            orderId: order.id,
            messageId: message.id,
            fromBuyer: message.senderRole !== 'seller',
            createdMs: Number.isFinite(written) ? written : deps.now(),
            ref: receipt.telegram[0],
          },
          deps.now(),
        );
      } catch (error) {
        // Never thrown: the message is in the chat, and a failed hand-off would post it again.
        deps.logger.warn({ err: describeError(error, deps.secrets), orderId: order.id }, 'relayed message not recorded for reminders');
      }
      return receipt;
    },
  };
}
