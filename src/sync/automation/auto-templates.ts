/**
 * Templates the bridge sends by itself (README "Templates and reminders"), each at most once per order, through the
 * outbox with the usual retries:
 *
 * - `greeting` when a new order appears; `delivered` once the order is delivered (a Deliver from Telegram, by hand or
 *   from stock, or a change to `awaiting_confirmation` seen in the store); `confirm-reminder` when an order still
 *   waits for the buyer's confirmation `REMIND_CONFIRM_HOURS` after it began to wait.
 * - Exactly once across crashes and restarts: each is queued inside the transaction that records its trigger (the
 *   hand-off's commit of the order event, or the outbox's commit of the Deliver), with a derived idempotency key
 *   (`template:<name>:<order id>`): asking again with the key is the same action. No template of that name: nothing.
 * - Never for the first start's import (first-start.ts): the orders created before it are the store's existing
 *   orders, which the catch-up announces and adopts (catch-up.ts, order-watch.ts) but which must not get messages.
 */
import type { Logger } from 'pino';
import type { ActionTicket, SellerAction } from '../../core/actions.ts';
import { AUTO_TEMPLATES, MESSAGE_TEXT_LIMIT, renderTemplate } from '../../core/template.ts';
import type { ConfirmReminderQueries } from '../../db/confirm-reminders.ts';
import type { Queries } from '../../db/queries.ts';
import type { TemplateQueries } from '../../db/templates.ts';
import type { Order, OrderId, OrderStatus } from '../../seller-api/schemas.ts';
import type { FirstStart } from '../support/first-start.ts';

export interface AutoTemplatesRules {
  /** `REMIND_CONFIRM_HOURS` in ms: 0 sends no reminder. */
  remindConfirmMs: number;
}

export const DEFAULT_AUTO_TEMPLATES: AutoTemplatesRules = { remindConfirmMs: 24 * 3_600_000 };

const AWAITING: OrderStatus = 'awaiting_confirmation';
/** Reminders looked at per check: a backlog goes out over a few checks, never in one burst. */
const REMINDERS_PER_CHECK = 20;

export interface AutoTemplatesDeps {
  queries: Pick<Queries, 'orders'>;
  firstStart: Pick<FirstStart, 'imported'>;
  templates: TemplateQueries;
  reminders: ConfirmReminderQueries;
  enqueue(action: SellerAction): ActionTicket;
  logger: Logger;
  now: () => number;
  rules: AutoTemplatesRules;
  transaction<T>(task: () => T): T;
}

export interface AutoTemplates {
  /** Inside the hand-off's commit of a new order. */
  appeared(order: Order): void;
  /** Inside the hand-off's commit of a status change seen in the store. */
  changed(order: Order, previous: OrderStatus): void;
  /** Inside the outbox's transaction of a definitive outcome. */
  settled(action: SellerAction, ok: boolean): void;
  /** Queues the reminders that are due (the outbox sends them). */
  remind(): void;
}

export function createAutoTemplates(deps: AutoTemplatesDeps): AutoTemplates {
  const { queries, templates, reminders, logger, now, rules } = deps;

  const imported = (order: Order) => deps.firstStart.imported(order.createdAt);

  function send(name: string, order: Order): void {
    const template = templates.get(name);
    if (template === undefined) return;
    const rendered = renderTemplate(template.text, order);
    // Nobody to refuse it to: the seller sees in the log why the buyer got nothing.
    if (rendered.text === '' || rendered.text.length > MESSAGE_TEXT_LIMIT) {
      logger.warn(
        { orderId: order.id, template: name, length: rendered.text.length },
        'template not sent: empty or too long for this order',
      );
      return;
    }
    const ticket = deps.enqueue({ kind: 'message', orderId: order.id, text: rendered.text, key: `template:${name}:${order.id}` });
    if (!ticket.deduplicated)
      logger.info({ orderId: order.id, template: name, missingFields: rendered.missingFields.length }, 'template queued');
  }

  function delivered(order: Order): void {
    if (imported(order)) return;
    send(AUTO_TEMPLATES.delivered, order);
    reminders.waiting(order.id, now());
  }

  return {
    appeared(order) {
      if (imported(order)) return;
      send(AUTO_TEMPLATES.greeting, order);
      // Adopted while already waiting (delivered on the website): its wait is counted from now.
      if (order.status === AWAITING) reminders.waiting(order.id, now());
    },
    changed(order, previous) {
      if (order.status === AWAITING && previous !== AWAITING) delivered(order);
    },
    settled(action, ok) {
      if (!ok || action.kind !== 'deliver') return;
      const order = queries.orders.get(action.orderId)?.order;
      // The outbox stored the order the store returned in this same transaction; without it there is no date.
      if (order !== undefined) delivered(order);
    },
    remind() {
      if (rules.remindConfirmMs <= 0 || templates.get(AUTO_TEMPLATES.confirmReminder) === undefined) return;
      for (const orderId of reminders.due(now() - rules.remindConfirmMs, REMINDERS_PER_CHECK)) {
        deps.transaction(() => {
          const stored = queries.orders.get(orderId as OrderId);
          if (stored?.status === AWAITING) send(AUTO_TEMPLATES.confirmReminder, stored.order);
          reminders.done(orderId, now());
        });
      }
    },
  };
}
