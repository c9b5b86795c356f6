/**
 * Automatic answers to a buyer's message: a keyword rule's template (keyword-answers.ts) or the away answer
 * (away.ts). Each module says which answers it would give; the rules of when not to answer are here, once:
 *
 * - at most one automatic answer per buyer message: the first module's first answer not given before in this order
 *   (the modules' order is the precedence: a matching keyword rule answers the question, away comes after);
 * - each answer once per order (`autoreply:<rule id>`, `away:<period start>`), kept in `auto_answers`, and its
 *   outbox key is that plus the order id, so asking again is the same action;
 * - never to the seller's own messages (one written on the store website instead marks that a person answered),
 *   nor to a message of the first start's history or without a date, nor while a person answered the buyer within
 *   `AUTOREPLY_QUIET_MINUTES` (db/auto-answers.ts says what counts) or after it in the same read, nor without the
 *   template.
 *
 * Runs inside the hand-off's commit of the relayed message (chats/chat-watch.ts), so the answer is queued exactly
 * when the message is recorded: a crash leaves both or neither.
 */
import type { Logger } from 'pino';
import type { ActionTicket, AutomaticAnswerSource, SellerAction } from '../../core/actions.ts';
import { renderSaved } from '../../core/template.ts';
import type { AutoAnswerQueries } from '../../db/auto-answers.ts';
import type { TemplateQueries } from '../../db/templates.ts';
import type { Message, Order } from '../../seller-api/schemas.ts';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import type { FirstStart } from '../support/first-start.ts';

export interface BuyerAnswer {
  template: string;
  /** Given once per order: `autoreply:<rule id>`, `away:<period start>`. */
  once: string;
  by: AutomaticAnswerSource;
}

/** A module that may answer a buyer's message. */
export interface AutoAnswer {
  /** The answers it would give to `message`, written at `writtenAt`, best first. */
  answers(message: Message, writtenAt: number, now: number): readonly BuyerAnswer[];
}

export interface BuyerAnswerRules {
  /** `AUTOREPLY_QUIET_MINUTES` in ms. */
  quietMs: number;
}

export const DEFAULT_BUYER_ANSWERS: BuyerAnswerRules = { quietMs: 30 * 60_000 };

export interface BuyerAnswersDeps {
  ledger: AutoAnswerQueries;
  templates: Pick<TemplateQueries, 'get'>;
  /** The store's title, for `{store}` (several stores); undefined: empty. */
  storeTitle?: string | undefined;
  firstStart: Pick<FirstStart, 'timingOf'>;
  enqueue(action: SellerAction): ActionTicket;
  rules: BuyerAnswerRules;
  now: () => number;
  logger: Logger;
}

/** What the chat read that found the message knows besides it. */
export interface ReadContext {
  /** The same read returned a seller's message written after it (a restart after a downtime reads both). */
  answeredLater: boolean;
}

/** Called for every relayed chat message of `order`, inside its commit. */
export type BuyerWrote = (order: Order, message: Message, read?: ReadContext) => void;

export function createBuyerAnswers(modules: readonly AutoAnswer[], deps: BuyerAnswersDeps): BuyerWrote {
  const { ledger, logger } = deps;

  /** Queues the first answer not given before in this order; whether one was. */
  const answerWith = (order: Order, message: Message, answers: readonly BuyerAnswer[]): boolean => {
    for (const answer of answers) {
      if (ledger.given(order.id, answer.once)) continue;
      const text = renderSaved(deps.templates, answer.template, order, { store: deps.storeTitle });
      if (text === undefined) continue;
      const action: SellerAction = {
        ...{ kind: 'message', orderId: order.id, text, key: `${answer.once}:${order.id}` },
        ...{ by: answer.by, template: answer.template, answers: message.id },
      };
      const ticket = deps.enqueue(action);
      ledger.record(order.id, message.id, answer.once, answer.template, deps.now());
      if (!ticket.deduplicated)
        logger.info({ orderId: order.id, messageId: message.id, template: answer.template, by: answer.by }, 'automatic answer queued');
      return true;
    }
    return false;
  };

  return (order, message, read) => {
    const now = deps.now();
    const written = timeOf(message.createdAt);
    if (message.senderRole === 'seller') {
      ledger.sellerWrote(order.id, Number.isFinite(written) ? Math.min(written, now) : now);
      return;
    }
    // Undated: nothing says it was written after the rule, nor that it is not the import's history.
    if (!Number.isFinite(written) || deps.firstStart.timingOf(message) === 'history') return;
    if (read?.answeredLater || ledger.answered(order.id, message.id)) return;
    if (deps.rules.quietMs > 0 && ledger.personAnsweredSince(order.id, now - deps.rules.quietMs)) return;
    for (const module of modules) if (answerWith(order, message, module.answers(message, written, now))) return;
  };
}
