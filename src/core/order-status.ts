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

/** How far along the spec's one-way state table a status is: open ones in order, anything that is over last. */
const stage = (status: OrderStatus): number => {
  const open = (OPEN_STATUSES as readonly string[]).indexOf(status);
  return open === -1 ? OPEN_STATUSES.length : open;
};

/**
 * Of two sightings of one order, the one further along (the first when they tie): orders never go back, so a copy
 * at an earlier stage is stale, wherever it was kept.
 */
export const furtherAlong = <T extends { status: OrderStatus }>(first: T, second: T | undefined): T =>
  second !== undefined && stage(second.status) > stage(first.status) ? second : first;
