/**
 * What the outbox stores of a seller action: the contract's fields only, none present and undefined, so a payload
 * replayed months later after a restart is what was asked, and nothing else a caller happened to attach.
 */
import { expect, it } from 'vitest';
import type { SellerAction } from '../../src/core/actions.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { normalise } from '../../src/sync/outbox/stored-action.ts';

const orderId = 'ord_1' as OrderId;

it('keeps the contract fields of each kind, and drops undefined ones and anything else attached', () => {
  const extra = { note: 'not part of the contract' };
  expect(normalise({ kind: 'take', orderId, by: undefined, ...extra } as SellerAction)).toStrictEqual({ kind: 'take', orderId });
  expect(normalise({ kind: 'cancel', orderId, onlyIfStatus: 'paid', by: undefined })).toStrictEqual({
    kind: 'cancel',
    orderId,
    onlyIfStatus: 'paid',
  });
  expect(normalise({ kind: 'deliver', orderId, value: 'KEY-1', ...extra } as SellerAction)).toStrictEqual({
    kind: 'deliver',
    orderId,
    value: 'KEY-1',
  });
  const origin = { chatId: -100, messageId: 7, threadId: 3 };
  expect(normalise({ kind: 'message', orderId, text: 'hi', origin, key: 'k1', by: undefined })).toStrictEqual({
    kind: 'message',
    orderId,
    text: 'hi',
    origin: { chatId: -100, messageId: 7 },
    key: 'k1',
  });
});
