/**
 * What the sandbox store keeps, and how it is shown: on the wire (`/v1`, JSON with nulls for unset
 * fields, as many real servers do) and to in-process callers (the contract's `Order`/`Message` types).
 */
import type { MessageId, Order, OrderId } from '../seller-api/schemas.ts';
import type { SandboxMessage } from './contract.ts';

export interface FieldValueRecord {
  fieldId: string;
  label: string;
  value: string;
}

export interface OrderRecord {
  id: string;
  storeId: string;
  productId: string;
  productTitle: string;
  quantity: number;
  amount: number;
  fieldValues: FieldValueRecord[];
  status: string;
  /** ms since epoch; every timestamp is shown as ISO 8601 with milliseconds. */
  createdAt: number;
  assigneeType: string | null;
  deliveredValue: string | null;
  takenAt: number | null;
  deliveredAt: number | null;
  /** The buyer got the money back (cancel). */
  refunded: boolean;
  /** The store got the money (buyer confirmed receipt). */
  credited: boolean;
}

export interface MessageRecord {
  id: string;
  orderId: string;
  senderRole: string;
  text: string;
  createdAt: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** The order as `/v1` sends it. */
export function wireOrder(order: OrderRecord): Record<string, unknown> {
  return {
    id: order.id,
    status: order.status,
    createdAt: iso(order.createdAt),
    productId: order.productId,
    productTitle: order.productTitle,
    quantity: order.quantity,
    amount: order.amount,
    fieldValues: order.fieldValues.map((field) => ({ ...field })),
    assigneeType: order.assigneeType,
    deliveredValue: order.deliveredValue,
    takenAt: isoOrNull(order.takenAt),
    deliveredAt: isoOrNull(order.deliveredAt),
  };
}

/** The order as the in-process control returns it (the client's parsed shape: unset is `undefined`). */
export function contractOrder(order: OrderRecord): Order & { refunded: boolean } {
  return {
    id: order.id as OrderId,
    status: order.status,
    createdAt: iso(order.createdAt),
    productId: order.productId,
    productTitle: order.productTitle,
    quantity: order.quantity,
    amount: order.amount,
    fieldValues: order.fieldValues.map((field) => ({ ...field })),
    assigneeType: order.assigneeType ?? undefined,
    deliveredValue: order.deliveredValue ?? undefined,
    takenAt: order.takenAt === null ? undefined : iso(order.takenAt),
    deliveredAt: order.deliveredAt === null ? undefined : iso(order.deliveredAt),
    refunded: order.refunded,
  };
}

/** Same shape on the wire and in process: a message has no optional fields. */
export function contractMessage(message: MessageRecord): SandboxMessage {
  return {
    id: message.id as MessageId,
    senderRole: message.senderRole,
    text: message.text,
    createdAt: iso(message.createdAt),
  };
}

/** (createdAt, id): the message order of `/v1` (ids sort in creation order, see ids.ts). */
export function compareMessages(a: MessageRecord, b: MessageRecord): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
