/**
 * Automatic buyer messages: templates the bridge sends by itself, each at most once per order, through the outbox
 * with the usual retries. One module per message (greeting.ts, delivered.ts, confirm-reminder.ts, sorry.ts) says
 * which template it sends on which trigger; this runner turns sync's events into those triggers:
 *
 * - `appeared`: a new order; `delivered`: a Deliver from Telegram succeeded (by hand or from stock), or the store
 *   shows the order `awaiting_confirmation`; `cancelledByRule`: an /autocancel rule's cancel succeeded; `tick`:
 *   every poll cycle, for what is due by time. `buyerWrote`: a chat message was relayed; the automatic answers to
 *   buyers (buyer-answers.ts: keyword rules, away) decide there.
 * - Exactly once across crashes and restarts: a trigger runs inside the transaction that records it (the hand-off's
 *   commit of the order event or chat message, or the outbox's commit of the action's outcome), and the message is
 *   queued with a derived idempotency key (`template:<name>:<order id>`): asking again with the key is the same action.
 * - No template of that name: nothing. Never for the first start's import (support/first-start.ts): the orders created
 *   before it are the store's existing orders, which must not get messages.
 */
import type { Logger } from 'pino';
import type { ActionTicket, SellerAction } from '../../core/actions.ts';
import { MESSAGE_TEXT_LIMIT, renderTemplate } from '../../core/template.ts';
import type { Queries } from '../../db/queries.ts';
import type { TemplateQueries } from '../../db/templates.ts';
import type { Message, Order, OrderId, OrderStatus } from '../../seller-api/schemas.ts';
import type { FirstStart } from '../support/first-start.ts';
import type { BuyerWrote, ReadContext } from './buyer-answers.ts';

/** Sends the module's template to this order's buyer (once per order, whatever the number of calls). */
export type Say = (order: Order) => void;

export interface AutoMessage {
  /** The template it sends: the seller writes its text with `/template <name> …`. */
  template: string;
  /** Its one message per order; asking again with the key is the same action. Default `template:<name>:<order>`. */
  key?: (order: Order) => string;
  appeared?(order: Order, say: Say): void;
  delivered?(order: Order, say: Say): void;
  cancelledByRule?(order: Order, say: Say): void;
  tick?(say: Say): void;
}

export interface AutoMessagesDeps {
  queries: Pick<Queries, 'orders'>;
  firstStart: Pick<FirstStart, 'imported'>;
  templates: TemplateQueries;
  /** The store's title, for `{store}` (several stores); undefined: empty. */
  storeTitle?: string | undefined;
  enqueue(action: SellerAction): ActionTicket;
  /** Answers to buyers' messages (buyer-answers.ts); absent: none. */
  buyerWrote?: BuyerWrote;
  logger: Logger;
}

/** The runner the engine calls from its commits; each hook runs inside the caller's transaction. */
export interface AutoMessages {
  appeared(order: Order): void;
  changed(order: Order, previous: OrderStatus): void;
  settled(action: SellerAction, ok: boolean): void;
  tick(): void;
  /** A chat message of a known order was relayed (a buyer's, or the seller's on the store website). */
  buyerWrote(orderId: OrderId, message: Message, read?: ReadContext): void;
}

const AWAITING: OrderStatus = 'awaiting_confirmation';

export function createAutoMessages(modules: readonly AutoMessage[], deps: AutoMessagesDeps): AutoMessages {
  const { templates, logger } = deps;
  const imported = (order: Order) => deps.firstStart.imported(order.createdAt);

  const sayFor =
    (module: AutoMessage): Say =>
    (order) => {
      const template = templates.get(module.template);
      if (template === undefined) return;
      const rendered = renderTemplate(template.text, order, { store: deps.storeTitle });
      // Nobody to refuse it to: the seller sees in the log why the buyer got nothing.
      if (rendered.text.trim() === '' || rendered.text.length > MESSAGE_TEXT_LIMIT) {
        logger.warn(
          { orderId: order.id, template: module.template, length: rendered.text.length },
          'template not sent: empty or too long for this order',
        );
        return;
      }
      const key = module.key?.(order) ?? `template:${module.template}:${order.id}`;
      const ticket = deps.enqueue({
        kind: 'message',
        orderId: order.id,
        text: rendered.text,
        key,
        by: 'template',
        template: module.template,
      });
      if (!ticket.deduplicated)
        logger.info({ orderId: order.id, template: module.template, missingFields: rendered.missingFields.length }, 'template queued');
    };
  const says = modules.map((module) => ({ module, say: sayFor(module) }));

  const delivered = (order: Order) => {
    if (imported(order)) return;
    for (const { module, say } of says) module.delivered?.(order, say);
  };
  const stored = (action: SellerAction) => deps.queries.orders.get(action.orderId)?.order;

  return {
    appeared(order) {
      if (imported(order)) return;
      for (const { module, say } of says) module.appeared?.(order, say);
    },
    changed(order, previous) {
      if (order.status === AWAITING && previous !== AWAITING) delivered(order);
    },
    settled(action, ok) {
      if (!ok) return;
      // The outbox stored the order the store returned in this same transaction; without it there is no order.
      const order = stored(action);
      if (order === undefined) return;
      if (action.kind === 'deliver') delivered(order);
      if (action.kind === 'cancel' && action.by === 'autocancel') for (const { module, say } of says) module.cancelledByRule?.(order, say);
    },
    tick() {
      // Without its template a message due by time stays due, for when the seller writes one.
      for (const { module, say } of says) if (templates.get(module.template) !== undefined) module.tick?.(say);
    },
    buyerWrote(orderId, message, read) {
      const order = deps.queries.orders.get(orderId)?.order;
      if (order !== undefined) deps.buyerWrote?.(order, message, read);
    },
  };
}
