/** What became of a seller's action: a failure or a wait said in words, and the acknowledgements of replies to buyers. */
import type { ActionKind } from '../../core/actions.ts';
import type { SellerApiErrorCode } from '../../seller-api/errors.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { join, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';

const ACTION_NAMES: Record<ActionKind, string> = {
  take: 'take',
  deliver: 'delivery',
  cancel: 'cancellation',
  message: 'message',
};

/** Why an action failed, in plain words. */
function failureReason({ kind, code }: { kind: ActionKind; code: SellerApiErrorCode }): string {
  switch (code) {
    case 'ORDER_INVALID_STATUS':
      if (kind === 'take') return 'already taken or cancelled';
      if (kind === 'deliver') return 'not in progress any more (already delivered or cancelled)';
      if (kind === 'cancel') return 'can no longer be cancelled (already delivered, completed or cancelled)';
      return 'the order does not accept this any more';
    case 'ORDER_NOT_FOUND':
      return 'the order was not found in the store';
    case 'VALIDATION_ERROR':
      return kind === 'message' ? 'the store refused the text' : 'the store refused the request';
    case 'API_KEY_INVALID':
      return 'the store refused the API key (create a new key in the store settings)';
    case 'RATE_LIMIT':
      return "the store's request limit is reached";
    case 'TRANSPORT':
      return 'the store is not answering';
    case 'API_ERROR':
      return 'the store answered with an error this bridge does not know';
  }
}

/** Why an action waits in the outbox. */
function queuedReason({ code }: { code: SellerApiErrorCode }): string {
  if (code === 'RATE_LIMIT') return "queued: the store's request limit is reached; will retry";
  if (code === 'API_KEY_INVALID') return 'queued: the store refused the API key; will retry once a valid key is set';
  return 'queued: the store is not answering; will retry';
}

interface ActionNoticeParams {
  orderId: OrderId;
  kind: ActionKind;
  code: SellerApiErrorCode;
}

export const actionFailed = ({ orderId, kind, code }: ActionNoticeParams): Html =>
  join(['⚠️ Order ', idCode(orderId), `: ${ACTION_NAMES[kind]} failed: ${failureReason({ kind, code })}.`]);

export const actionQueued = ({ orderId, kind, code }: ActionNoticeParams): Html =>
  join(['⏳ Order ', idCode(orderId), `: ${ACTION_NAMES[kind]} ${queuedReason({ code })}.`]);

export const replySent = ({ orderId }: { orderId: OrderId }): Html => join(['✓ Sent to the buyer of order ', idCode(orderId), '.']);

export const replyFailed = ({ orderId, code }: { orderId: OrderId; code: SellerApiErrorCode }): Html =>
  join(['⚠️ Not sent to the buyer of order ', idCode(orderId), `: ${failureReason({ kind: 'message', code })}.`]);

export const replyQueued = ({ orderId, code }: { orderId: OrderId; code: SellerApiErrorCode }): Html =>
  join(['⏳ Message to the buyer of order ', idCode(orderId), ` ${queuedReason({ code })}.`]);
