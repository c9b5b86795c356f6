/** `sorry`: once to the buyer of an order an /autocancel rule cancelled and refunded. */
import { AUTO_TEMPLATES } from '../../core/template.ts';
import type { AutoMessage } from './auto-message.ts';

export const sorry: AutoMessage = {
  template: AUTO_TEMPLATES.sorry,
  // The key of the first version that sent it, so an upgrade never sends one twice.
  key: (order) => `autocancel-sorry:${order.id}`,
  cancelledByRule: (order, say) => say(order),
};
