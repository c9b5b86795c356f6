/**
 * How long an order stays watched. A closed order's chat stays watched for a while, on the quiet schedule,
 * because buyers still write after an order closed.
 */
import { isOpenStatus } from '../../core/order-status.ts';
import type { OrderWatch } from '../../db/orders.ts';
import type { OrderStatus } from '../../seller-api/schemas.ts';

/** Watch state after seeing `status`; a closed order keeps the chat-watch end it already had. */
export function watchFor(status: OrderStatus, now: number, closedChatWatchMs: number, previous?: OrderWatch): OrderWatch {
  if (isOpenStatus(status)) return { isOpen: true, chatWatchUntil: undefined };
  if (previous !== undefined && !previous.isOpen) return previous;
  return { isOpen: false, chatWatchUntil: now + closedChatWatchMs };
}
