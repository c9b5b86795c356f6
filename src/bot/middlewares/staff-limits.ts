/**
 * Staff may not cancel (refund): the Cancel button and the cancel question's Confirm are refused here, with an answer
 * and before any handler, so a refused tap queues nothing and the store gets no request. Roles: roles.ts.
 */
import type { MiddlewareFn } from 'grammy';
import type { Logger } from 'pino';
import type { AuditStore } from '../../core/audit.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { staffCancelRefused } from '../texts/staff.ts';
import { currentActor } from '../audit/recording.ts';

/** Order-button verbs that cancel (refund): admins only. Checked before any handler, so a refused tap sends nothing. */
const ADMIN_VERBS: ReadonlySet<string> = new Set(['cancel', 'cancelConfirm']);

/** Goes right before the order buttons; data it cannot read, and every other verb, is passed on untouched. */
export function staffLimits(deps: {
  binding: ChatBinding;
  codec: OrderActionCodec;
  logger: Logger;
  /** Where the refused attempt is recorded, with who tried. */
  audit?: AuditStore | undefined;
  now: () => number;
}): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return next();
    const action = await deps.codec.decode(data);
    if (!action || !ADMIN_VERBS.has(action.verb) || (await deps.binding.roleOf(ctx.from?.id)) === 'admin') return next();
    deps.logger.info({ userId: ctx.from?.id, orderId: action.orderId, verb: action.verb }, 'staff refused: cancel is for admins');
    const actor = currentActor();
    if (actor) deps.audit?.record({ at: deps.now(), orderId: action.orderId, action: 'cancel', actor, result: 'refused' });
    await answerCallback(ctx, staffCancelRefused(ctx.tr));
  };
}
