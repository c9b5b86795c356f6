/**
 * The order state machine (spec part 3, with our decisions for its gaps: docs/api-assumptions.md): one table, so the
 * API, the control surface and the simulated buyers cannot disagree about what is allowed.
 */
import { SandboxError } from './errors.ts';
import type { OrderRecord } from './records.ts';

export type TransitionName = 'take' | 'deliver' | 'cancel' | 'confirm';

export interface TransitionInput {
  deliveredValue?: string;
}

interface Rule {
  from: readonly string[];
  to: string;
  apply(order: OrderRecord, at: number, input: TransitionInput): void;
}

const TRANSITIONS: Record<TransitionName, Rule> = {
  take: {
    from: ['paid'],
    to: 'processing',
    apply(order, at) {
      order.assigneeType = 'api';
      order.takenAt = at;
    },
  },
  deliver: {
    from: ['processing'],
    to: 'awaiting_confirmation',
    apply(order, at, input) {
      // An empty value is no value: the spec allows delivering without one.
      order.deliveredValue = input.deliveredValue === undefined || input.deliveredValue === '' ? null : input.deliveredValue;
      order.deliveredAt = at;
    },
  },
  // docs/api-assumptions.md, cancel: from which states. The spec does not say; a real store lets the seller
  // cancel until delivery.
  cancel: {
    from: ['paid', 'processing'],
    to: 'cancelled',
    apply(order) {
      order.refunded = true;
    },
  },
  // docs/api-assumptions.md, state after the buyer confirms receipt: `completed`. Not reachable through /v1,
  // only by the buyer (control, simulation).
  confirm: {
    from: ['awaiting_confirmation'],
    to: 'completed',
    apply(order) {
      order.credited = true;
    },
  },
};

export function applyTransition(order: OrderRecord, name: TransitionName, at: number, input: TransitionInput = {}): void {
  const rule = TRANSITIONS[name];
  if (!rule.from.includes(order.status)) {
    throw new SandboxError('ORDER_INVALID_STATUS', `cannot ${name} an order that is ${order.status}`);
  }
  rule.apply(order, at, input);
  order.status = rule.to;
}
