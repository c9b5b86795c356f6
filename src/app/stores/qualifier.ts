/**
 * Ids between one store's engine and database (its own ids) and the bot (qualified ids, core/store-ref.ts): an order
 * and its product going up, an action coming down. With one store every function is the identity.
 */
import type { ActionOutcome, SellerAction } from '../../core/actions.ts';
import { qualify, splitQualified } from '../../core/store-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';

/** Up to the bot: the store's ids qualified. */
export interface Upward {
  id<T extends string>(id: T): T;
  order<O extends { id: OrderId; productId?: string | undefined }>(order: O): O;
  outcome(outcome: ActionOutcome): ActionOutcome;
}

export function upward(store: string): Upward {
  const id = <T extends string>(raw: T): T => qualify(store, raw);
  const order = <O extends { id: OrderId; productId?: string | undefined }>(found: O): O =>
    found.productId === undefined ? { ...found, id: id(found.id) } : { ...found, id: id(found.id), productId: id(found.productId) };
  return {
    id,
    order,
    outcome: (outcome) => {
      const action = { ...outcome.action, orderId: id(outcome.action.orderId) } as SellerAction;
      if (outcome.ok === 'queued' || outcome.order === undefined) return { ...outcome, action } as ActionOutcome;
      return { ...outcome, action, order: order(outcome.order) } as ActionOutcome;
    },
  };
}

/** Down to a store: the store's own id of a bot-side one. */
export const raw = <T extends string>(id: T): T => splitQualified(id).raw;

/** The store a bot-side id belongs to. */
export const storeOf = (id: string): string => splitQualified(id).store;

/** An action for a store's engine: its own order id. */
export const downAction = (action: SellerAction): SellerAction => ({ ...action, orderId: raw(action.orderId) }) as SellerAction;
