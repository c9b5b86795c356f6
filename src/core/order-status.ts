/**
 * Which statuses keep an order open (docs/api-assumptions.md: statuses beyond the four). Everything else —
 * cancelled, completed, refunded, any status we do not know — is over: no action buttons, no order watching.
 */
import type { OrderStatus } from '../seller-api/schemas.ts';

export const OPEN_STATUSES = ['paid', 'processing', 'awaiting_confirmation'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** The status each seller action leads to (the spec's state table; docs/architecture.md, "How an order flows"). */
export const ACTION_TARGET_STATUS = {
  take: 'processing',
  deliver: 'awaiting_confirmation',
  cancel: 'cancelled',
} as const satisfies Record<string, OrderStatus>;

export const isOpenStatus = (status: OrderStatus): status is OpenStatus => (OPEN_STATUSES as readonly string[]).includes(status);
