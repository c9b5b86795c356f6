/**
 * Seller actions as every layer names them: the bot asks for them, sync's outbox runs them, the database keeps them.
 * A bottom module: it imports only the Seller API's types, so db, sync and bot can all depend on it.
 */
import type { SellerApiErrorCode } from '../seller-api/errors.ts';
import type { Order, OrderId, OrderStatus } from '../seller-api/schemas.ts';
import type { TelegramRef } from './telegram-ref.ts';

export type ActionKind = 'take' | 'deliver' | 'cancel' | 'message';

/**
 * Who asked for an action: a person (absent), auto-delivery from stock, an /autocancel rule, or a message the bridge
 * sends by itself: a template on an order's event (`template`: greeting, delivered…), a keyword rule's answer to a
 * buyer (`autoreply`), the away answer (`away`).
 */
export type ActionSource = 'stock' | 'autocancel' | 'template' | 'autoreply' | 'away';

/** The sources of automatic answers to a buyer's message: never counted as a person's answer. */
export const AUTOMATIC_ANSWERS = ['autoreply', 'away'] as const satisfies readonly ActionSource[];
export type AutomaticAnswerSource = (typeof AUTOMATIC_ANSWERS)[number];
export const isAutomaticAnswer = (by: string | undefined): by is AutomaticAnswerSource =>
  (AUTOMATIC_ANSWERS as readonly string[]).includes(by ?? '');

export type SellerAction =
  | { kind: 'take'; orderId: OrderId; by?: ActionSource }
  | { kind: 'deliver'; orderId: OrderId; value?: string; by?: ActionSource }
  | {
      kind: 'cancel';
      orderId: OrderId;
      /**
       * Cancel only while the store still shows the order in this status, read just before (auto-cancel: an order
       * taken on the website meanwhile, unseen by a stale read, is not cancelled). Absent: cancel whatever it is.
       */
      onlyIfStatus?: OrderStatus;
      by?: ActionSource;
    }
  | {
      kind: 'message';
      orderId: OrderId;
      text: string;
      /**
       * The Telegram message the seller wrote: a repeated Telegram update with the same origin is one action,
       * and the acknowledgement replies to it.
       */
      origin?: TelegramRef;
      by?: ActionSource;
      /**
       * A key the bridge derives for a message it sends by itself (a replacement item): asking again with the same
       * key is the same action, and the key is its idempotency key.
       */
      key?: string;
      /** The template it was rendered from, when the bridge sent it by itself (shown to the seller). */
      template?: string;
      /** The chat message of the order it answers (an automatic answer to a buyer's message). */
      answers?: string;
    };

export type ActionId = number & { readonly __brand: 'ActionId' };

export type ActionState = 'pending' | 'succeeded' | 'failed';

export interface ActionTicket {
  actionId: ActionId;
  idempotencyKey: string;
  /** True when an equivalent action already existed (double tap, repeated update): nothing new was queued. */
  deduplicated: boolean;
  state: ActionState;
}

/** An action's definitive end as automation sees it, inside the transaction that records it. */
export type SettledAction = { ok: true } | { ok: false; code: SellerApiErrorCode /** As re-read after the refusal. */; order?: Order };

export type ActionOutcome =
  | { actionId: ActionId; action: SellerAction; ok: true; order?: Order; messageId?: string }
  | {
      actionId: ActionId;
      action: SellerAction;
      ok: false;
      /** Definitive (`ORDER_INVALID_STATUS`, `ORDER_NOT_FOUND`, `VALIDATION_ERROR`, …): the action is over. */
      code: SellerApiErrorCode;
      /** The order as re-read after the failure, when it could be read (to refresh the card). */
      order?: Order;
    }
  | {
      actionId: ActionId;
      action: SellerAction;
      ok: 'queued';
      /** A transient failure: the action stays in the outbox and will be retried (also after a restart). */
      code: SellerApiErrorCode;
      attempts: number;
      nextAttemptAt: number;
    };
