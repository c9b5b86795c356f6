/**
 * The sink the subject hands events to. Alone (the `--telegram sink` path: the store side only)
 * it notes when each order, status change and message arrived and answers at once with a fresh Telegram message
 * id, as a healthy bot would. In front of a real Telegram side (`inner`) it notes the same events when the inner
 * sink took them: the time recorded is still when sync handed the event over, so "sink" latencies keep one
 * definition, while an attempt the bot refused (sync offers it again) is not counted as a delivery or a duplicate.
 */
import type { SinkReceipt, SyncSink } from '../../src/sync/contract.ts';
import type { Delivery } from '../protocol.ts';

const CHAT_ID = -100_000_000_001;

/** A delivery before its time is known (Omit alone would not keep the union apart). */
type Undated = { [K in Delivery['kind']]: Omit<Extract<Delivery, { kind: K }>, 'at'> }[Delivery['kind']];

export function createRecordingSink(record: (delivery: Delivery) => void, inner?: SyncSink): SyncSink {
  let nextMessageId = 1;
  const receipt = (): SinkReceipt => ({ telegram: [{ chatId: CHAT_ID, messageId: nextMessageId++ }] });
  const noted = async <T>(delivery: Undated, pass: (() => Promise<T>) | undefined, fallback: T): Promise<T> => {
    const at = Date.now();
    const result = pass ? await pass() : fallback;
    record({ ...delivery, at } as Delivery);
    return result;
  };
  return {
    ...inner,
    orderAppeared: (order, stock) =>
      noted({ kind: 'order', orderId: order.id }, inner && (() => inner.orderAppeared(order, stock)), receipt()),
    orderChanged: (order, previous) =>
      noted({ kind: 'status', orderId: order.id, status: order.status }, inner && (() => inner.orderChanged(order, previous)), receipt()),
    messageArrived: (order, message, timing) =>
      noted(
        { kind: 'message', orderId: order.id, messageId: message.id },
        inner && (() => inner.messageArrived(order, message, timing)),
        receipt(),
      ),
    actionSettled: async (outcome) => {
      await inner?.actionSettled(outcome);
    },
  };
}
