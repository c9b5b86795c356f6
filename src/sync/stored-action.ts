/**
 * What the outbox stores of a seller action: only the fields of the contract, since the payload is replayed after
 * restarts, months later maybe.
 */
import type { SellerAction } from '../core/actions.ts';

export function normalise(action: SellerAction): SellerAction {
  switch (action.kind) {
    case 'take':
      return { kind: 'take', orderId: action.orderId, ...(action.by === undefined ? {} : { by: action.by }) };
    case 'cancel':
      return {
        kind: 'cancel',
        orderId: action.orderId,
        ...(action.onlyIfStatus === undefined ? {} : { onlyIfStatus: action.onlyIfStatus }),
        ...(action.by === undefined ? {} : { by: action.by }),
      };
    case 'deliver':
      return {
        kind: 'deliver',
        orderId: action.orderId,
        ...(action.value === undefined ? {} : { value: action.value }),
        ...(action.by === undefined ? {} : { by: action.by }),
      };
    case 'message':
      return {
        kind: 'message',
        orderId: action.orderId,
        text: action.text,
        ...(action.origin === undefined ? {} : { origin: { chatId: action.origin.chatId, messageId: action.origin.messageId } }),
        ...(action.by === undefined ? {} : { by: action.by }),
        ...(action.key === undefined ? {} : { key: action.key }),
      };
  }
}
