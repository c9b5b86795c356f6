/**
 * `confirm-reminder` (REMIND_CONFIRM_HOURS): once to a buyer whose order still waits for their confirmation that long
 * after it began to wait (delivered, or adopted already waiting). The waits are kept in `confirm_reminders`.
 */
import { AUTO_TEMPLATES } from '../../core/template.ts';
import type { ConfirmReminderQueries } from '../../db/confirm-reminders.ts';
import type { Queries } from '../../db/queries.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { AutoMessage } from './auto-message.ts';

export interface ConfirmReminderRules {
  /** `REMIND_CONFIRM_HOURS` in ms: 0 sends no reminder. */
  remindConfirmMs: number;
}

export const DEFAULT_CONFIRM_REMINDER: ConfirmReminderRules = { remindConfirmMs: 24 * 3_600_000 };

/** Reminders looked at per tick: a backlog goes out over a few ticks, never in one burst. */
const REMINDERS_PER_TICK = 20;

export function confirmReminder(deps: {
  waits: ConfirmReminderQueries;
  queries: Pick<Queries, 'orders'>;
  rules: ConfirmReminderRules;
  now: () => number;
  transaction<T>(task: () => T): T;
}): AutoMessage {
  const { waits, rules, now } = deps;
  return {
    template: AUTO_TEMPLATES.confirmReminder,
    // Adopted while already waiting (delivered on the website): its wait is counted from now.
    appeared: (order) => {
      if (order.status === 'awaiting_confirmation') waits.waiting(order.id, now());
    },
    delivered: (order) => waits.waiting(order.id, now()),
    tick: (say) => {
      if (rules.remindConfirmMs <= 0) return;
      for (const orderId of waits.due(now() - rules.remindConfirmMs, REMINDERS_PER_TICK)) {
        deps.transaction(() => {
          const stored = deps.queries.orders.get(orderId as OrderId);
          if (stored?.status === 'awaiting_confirmation') say(stored.order);
          waits.done(orderId, now());
        });
      }
    },
  };
}
