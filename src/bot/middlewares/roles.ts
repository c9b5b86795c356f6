/**
 * The role model, in one place. `admin`: may do everything. `staff` (TELEGRAM_STAFF_IDS): may take, deliver, reply,
 * use templates and read (/orders, /order, /stats); cancelling (a refund), stock changes, template changes, autocancel
 * and settings are for admins. Anyone else has no role and is refused by access control. A user in both lists is an
 * admin: the wider right wins.
 *
 * The chat binding answers `roleOf` (it knows the trial-mode admin); features guard admin-only steps with `adminOnly`
 * (admin-only.ts) or, for the order buttons, with `staffLimits` below.
 */
import type { MiddlewareFn } from 'grammy';
import type { Logger } from 'pino';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { staffCancelRefused } from '../texts/staff.ts';

export type Role = 'admin' | 'staff';

/** The role of a user given who is admin (configured or trial-bound) and who is staff. */
export function roleFrom(isAdmin: boolean, userId: number | undefined, staffIds: ReadonlySet<number>): Role | undefined {
  if (isAdmin) return 'admin';
  return userId !== undefined && staffIds.has(userId) ? 'staff' : undefined;
}

/** Order-button verbs that cancel (refund): admins only. Checked before any handler, so a refused tap sends nothing. */
const ADMIN_VERBS: ReadonlySet<string> = new Set(['cancel', 'cancelConfirm']);

/**
 * Refuses staff the Cancel button and the cancel question's Confirm, with an answer and no store request. Goes right
 * before the order buttons; data it cannot read, and every other verb, is passed on untouched.
 */
export function staffLimits(deps: { binding: ChatBinding; codec: OrderActionCodec; logger: Logger }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return next();
    const action = await deps.codec.decode(data);
    if (!action || !ADMIN_VERBS.has(action.verb) || (await deps.binding.roleOf(ctx.from?.id)) === 'admin') return next();
    deps.logger.info({ userId: ctx.from?.id, orderId: action.orderId, verb: action.verb }, 'staff refused: cancel is for admins');
    await answerCallback(ctx, staffCancelRefused);
  };
}
