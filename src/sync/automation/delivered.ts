/** `delivered`: once after the order is delivered, by hand, from stock, or on the store's website. */
import { AUTO_TEMPLATES } from '../../core/template.ts';
import type { AutoMessage } from './auto-message.ts';

export const delivered: AutoMessage = {
  template: AUTO_TEMPLATES.delivered,
  delivered: (order, say) => say(order),
};
