/**
 * What the outbox stores of a seller action: only the fields of the contract, since the payload is replayed after
 * restarts, months later maybe.
 */
import type { SellerAction } from '../../core/actions.ts';
import { withoutUndefined } from '../../shared/defined.ts';

export function normalise(action: SellerAction): SellerAction {
  const { orderId, by } = action;
  switch (action.kind) {
    case 'take':
      return withoutUndefined({ kind: 'take', orderId, by });
    case 'cancel':
      return withoutUndefined({ kind: 'cancel', orderId, onlyIfStatus: action.onlyIfStatus, by });
    case 'deliver':
      return withoutUndefined({ kind: 'deliver', orderId, value: action.value, by });
    case 'message': {
      const { origin } = action;
      const copied = origin === undefined ? undefined : { chatId: origin.chatId, messageId: origin.messageId };
      const { key, template, answers } = action;
      return withoutUndefined({ kind: 'message', orderId, text: action.text, origin: copied, by, key, template, answers });
    }
  }
}
