/** Untaken orders (REMIND_UNTAKEN_MINUTES): a paid order nobody took is brought back up, at most three times. */
import type { UntakenDue } from '../../core/reminders.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { groupedUntaken, untakenReminder } from '../texts/reminders.ts';
import type { DueItem } from './due-notice.ts';
import type { ReminderStore } from './reminder-store.ts';

/** An untaken order is brought back up at most this many times. */
const MAX_UNTAKEN_REMINDERS = 3;

const itemOf = (item: UntakenDue): DueItem => ({
  orderId: item.orderId,
  takeable: true,
  linkTo: item.card,
  single: (tr, now) => ({
    html: untakenReminder(tr, { ...item, waitedMs: now - item.since, nth: item.sent + 1, of: MAX_UNTAKEN_REMINDERS }),
    replyTo: item.card,
  }),
  line: (tr, now, url) => groupedUntaken(tr, { ...item, waitedMs: now - item.since, url }),
});

/** What is due now, except orders another reminder covers (an auto-cancel warning says more); `said` marks them. */
export async function untakenDue(store: ReminderStore, afterMs: number | undefined, now: number, covered: ReadonlySet<OrderId>) {
  const due =
    afterMs === undefined ? [] : (await store.untakenDue(now, afterMs, MAX_UNTAKEN_REMINDERS)).filter((item) => !covered.has(item.orderId));
  return {
    items: due.map(itemOf),
    said: async (at: number) => {
      if (due.length > 0)
        await store.markUntaken(
          due.map((item) => item.orderId),
          at,
        );
    },
  };
}
