/** `greeting`: once when a new paid order appears. */
import { AUTO_TEMPLATES } from '../../core/template.ts';
import type { AutoMessage } from './auto-message.ts';

export const greeting: AutoMessage = {
  template: AUTO_TEMPLATES.greeting,
  appeared: (order, say) => say(order),
};
