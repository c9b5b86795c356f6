/**
 * The sink the subject hands events to instead of Telegram: it notes when each order and message arrived and
 * answers at once with a fresh Telegram message id, as a healthy bot would.
 */
import type { SinkReceipt, SyncSink } from '../../src/sync/contract.ts';
import type { Delivery } from '../protocol.ts';

const CHAT_ID = -100_000_000_001;

export function createRecordingSink(record: (delivery: Delivery) => void): SyncSink {
  let nextMessageId = 1;
  const receipt = (): SinkReceipt => ({ telegram: [{ chatId: CHAT_ID, messageId: nextMessageId++ }] });
  return {
    async orderAppeared(order) {
      record({ kind: 'order', orderId: order.id, at: Date.now() });
      return receipt();
    },
    async orderChanged() {
      return receipt();
    },
    async messageArrived(order, message) {
      record({ kind: 'message', orderId: order.id, messageId: message.id, at: Date.now() });
      return receipt();
    },
    async actionSettled() {},
  };
}
