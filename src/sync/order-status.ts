/**
 * Which statuses keep an order watched (DESIGN: statuses beyond the four). Everything else — cancelled,
 * completed, refunded, any status we do not know — ends order watching; its chat stays watched for a while,
 * on the quiet schedule, because buyers still write after an order closed.
 */
import type { OrderWatch } from '../db/orders.ts';
import type { OrderStatus } from '../seller-api/schemas.ts';

export const OPEN_STATUSES = ['paid', 'processing', 'awaiting_confirmation'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** The status each seller action leads to (spec part 3). */
export const ACTION_TARGET_STATUS = {
  take: 'processing',
  deliver: 'awaiting_confirmation',
  cancel: 'cancelled',
} as const satisfies Record<string, OrderStatus>;

export const isOpenStatus = (status: OrderStatus): status is OpenStatus =>
  (OPEN_STATUSES as readonly string[]).includes(status);

/** Watch state after seeing `status`; a closed order keeps the chat-watch end it already had. */
export function watchFor(status: OrderStatus, now: number, closedChatWatchMs: number, previous?: OrderWatch): OrderWatch {
  if (isOpenStatus(status)) return { isOpen: true, chatWatchUntil: undefined };
  if (previous !== undefined && !previous.isOpen) return previous;
  return { isOpen: false, chatWatchUntil: now + closedChatWatchMs };
}
