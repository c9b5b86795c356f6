/** What became of a seller's action: a failure or a wait said in words, and the acknowledgements of replies to buyers. */
import type { ActionKind } from '../../core/actions.ts';
import type { SellerApiErrorCode } from '../../seller-api/errors.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import type { Translator } from './translator.ts';

interface ActionNoticeParams {
  orderId: OrderId;
  kind: ActionKind;
  code: SellerApiErrorCode;
}

// The reasons are Fluent selects on `code` and `kind` (actions-failure-reason, actions-queued-reason).
export const actionFailed = (tr: Translator, { orderId, kind, code }: ActionNoticeParams): Html =>
  tr.html('actions-action-failed', { orderId: idCode(orderId), kind, code });

export const actionQueued = (tr: Translator, { orderId, kind, code }: ActionNoticeParams): Html =>
  tr.html('actions-action-queued', { orderId: idCode(orderId), kind, code });

export const replySent = (tr: Translator, { orderId }: { orderId: OrderId }): Html =>
  tr.html('actions-reply-sent', { orderId: idCode(orderId) });

export const replyFailed = (tr: Translator, { orderId, code }: { orderId: OrderId; code: SellerApiErrorCode }): Html =>
  tr.html('actions-reply-failed', { orderId: idCode(orderId), kind: 'message', code });

export const replyQueued = (tr: Translator, { orderId, code }: { orderId: OrderId; code: SellerApiErrorCode }): Html =>
  tr.html('actions-reply-queued', { orderId: idCode(orderId), code });
