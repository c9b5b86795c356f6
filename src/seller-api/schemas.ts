/**
 * Resource schemas of the Seller Automation API (spec parts 2 and 4, quoted in docs/api-assumptions.md), written to be
 * tolerant: the spec leaves most fields' presence, units and value sets open (see docs/api-assumptions.md). Only `id`
 * and `status` of an order are required; everything else may be absent or null.
 */
import { z } from 'zod';
import { parseTolerant } from './tolerant.ts';

/** A field the spec shows but does not promise: absent and null both become `undefined`. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/**
 * Text the spec types as a string; a number or a boolean is shown as it reads (a numeric `createdAt` too: a time
 * that cannot be read is shown as sent). Anything else fails and the field is dropped (tolerant.ts).
 */
const looseString = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/** Numbers may arrive as numeric strings from some proxies; anything else non-numeric is dropped. */
const looseNumber = z.preprocess((value) => {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}, z.number());

export const OrderIdSchema = z.string().min(1).brand<'OrderId'>();
export type OrderId = z.infer<typeof OrderIdSchema>;

export const MessageIdSchema = z.string().min(1).brand<'MessageId'>();
export type MessageId = z.infer<typeof MessageIdSchema>;

export const ProductIdSchema = z.string().min(1).brand<'ProductId'>();
export type ProductId = z.infer<typeof ProductIdSchema>;

/** The message-list cursor: an ISO timestamp (spec 4.7, docs/api-assumptions.md); later messages come back. */
export const CursorSchema = z.string().min(1).brand<'Cursor'>();
export type Cursor = z.infer<typeof CursorSchema>;

/** Statuses the spec shows, plus `completed` (our decision for "after the buyer confirms"). */
export const KNOWN_ORDER_STATUSES = ['paid', 'processing', 'awaiting_confirmation', 'cancelled', 'completed'] as const;
export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];
/** Any status string is accepted: unknown ones are shown raw and offer no actions. */
const OrderStatusSchema = z.string().min(1);
export type OrderStatus = KnownOrderStatus | (string & {});

export const FieldValueSchema = z.object({
  fieldId: optional(looseString),
  label: optional(looseString),
  /** A multi-value field may come as a list: its values are shown joined. */
  value: optional(z.union([looseString, z.array(looseString).transform((values) => values.join(', '))])),
});
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const OrderSchema = z.object({
  id: OrderIdSchema,
  status: OrderStatusSchema,
  createdAt: optional(looseString),
  productId: optional(looseString),
  productTitle: optional(looseString),
  quantity: optional(looseNumber),
  amount: optional(looseNumber),
  fieldValues: optional(z.array(FieldValueSchema)),
  assigneeType: optional(looseString),
  deliveredValue: optional(looseString),
  takenAt: optional(looseString),
  deliveredAt: optional(looseString),
});
export type Order = z.infer<typeof OrderSchema>;

const OptionSchema = z.object({
  id: z.string(),
  label: optional(z.string()),
});

const ProductFieldSchema = z.object({
  id: z.string(),
  type: optional(z.string()),
  label: optional(z.string()),
  required: optional(z.boolean()),
  multiple: optional(z.boolean()),
  options: optional(z.array(OptionSchema)),
  valuePricing: optional(z.boolean()),
  valueMin: optional(looseNumber),
  valueMax: optional(looseNumber),
  valueStep: optional(looseNumber),
  dataRequest: optional(z.boolean()),
});

export const ProductSchema = z.object({
  id: ProductIdSchema,
  title: optional(z.string()),
  price: optional(looseNumber),
  active: optional(z.boolean()),
  fields: optional(z.array(ProductFieldSchema)),
});
export type Product = z.infer<typeof ProductSchema>;

export const MessageSchema = z.object({
  id: MessageIdSchema,
  /** `seller` is the only role the spec shows; anything else is relayed and labelled by role. */
  senderRole: optional(looseString).transform((role) => role ?? 'unknown'),
  text: optional(looseString).transform((text) => text ?? ''),
  /** Absent or empty: the message is kept, placed by arrival (spec-gaps.ts, message without createdAt). */
  createdAt: optional(looseString).transform((createdAt) => createdAt || undefined),
});
export type Message = z.infer<typeof MessageSchema>;

// ---- response `data` of each endpoint (spec part 4, docs/api-assumptions.md) ----

/** A record of a list that did not match its schema: where it was and why (zod's words, never the values). */
export interface SkippedRecord {
  index: number;
  problems: string[];
}

/** A record kept without some of its fields, which did not match the spec: where it was and which (never the values). */
export interface RepairedRecord {
  index: number;
  dropped: string[];
}

/** What a data schema reports beside the data, for the client to log: records skipped, records kept without a field. */
interface OddRecords {
  skipped?: SkippedRecord[];
  repaired?: RepairedRecord[];
}

/**
 * A list whose bad records are skipped, not fatal: one malformed order must not hide every other order
 * (a whole-page failure would be retried forever). A record is kept without the optional fields that do not match;
 * only one it cannot do without is skipped. Both are reported so the client can log them.
 */
const lenientList = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((records) => {
    const items: z.output<T>[] = [];
    const skipped: SkippedRecord[] = [];
    const repaired: RepairedRecord[] = [];
    records.forEach((record, index) => {
      const parsed = parseTolerant(item, record);
      if (!parsed.ok) {
        skipped.push({ index, problems: parsed.problems });
        return;
      }
      items.push(parsed.data);
      if (parsed.dropped.length > 0) repaired.push({ index, dropped: parsed.dropped });
    });
    return { items, skipped, repaired };
  });

/** One record kept without the optional fields that do not match; it fails (with zod's issues) only when unusable. */
const tolerantRecord = <T extends z.ZodType>(item: T) =>
  z.unknown().transform((record, context) => {
    const parsed = parseTolerant(item, record);
    if (parsed.ok) return parsed;
    for (const problem of parsed.problems) context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });

/** Moves what a lenient list reports to the page's `skipped` and `repaired`, keeping the list under its own name. */
const withOddRecords = <K extends string, T>(key: K, list: { items: T[]; skipped: SkippedRecord[]; repaired: RepairedRecord[] }) =>
  ({ [key]: list.items, skipped: list.skipped, repaired: list.repaired }) as Record<K, T[]> & OddRecords;

/** The answer for one record, with what was dropped from it reported like a list's. */
const withRepaired = <K extends string, T>(key: K, parsed: { data: T; dropped: string[] }) =>
  ({ [key]: parsed.data, repaired: parsed.dropped.length > 0 ? [{ index: 0, dropped: parsed.dropped }] : [] }) as Record<K, T> & OddRecords;

export const ProductsDataSchema = z
  .object({ products: lenientList(ProductSchema) })
  .transform(({ products }) => withOddRecords('products', products));
export const OrdersPageDataSchema = z
  .object({
    orders: lenientList(OrderSchema),
    total: optional(looseNumber),
    page: optional(looseNumber),
    limit: optional(looseNumber),
  })
  .transform(({ orders, ...paging }) => ({ ...paging, ...withOddRecords('orders', orders) }));
export type OrdersPage = z.infer<typeof OrdersPageDataSchema>;
export const OrderDataSchema = z.object({ order: tolerantRecord(OrderSchema) }).transform(({ order }) => withRepaired('order', order));
export const MessagesPageDataSchema = z
  .object({
    messages: lenientList(MessageSchema),
    /** Null, absent, empty or the last createdAt: "nothing further" (docs/api-assumptions.md: message cursor). */
    nextCursor: optional(z.string()).transform((cursor) => (cursor ? (cursor as Cursor) : undefined)),
  })
  .transform(({ messages, nextCursor }) => ({ nextCursor, ...withOddRecords('messages', messages) }));
export type MessagesPage = z.infer<typeof MessagesPageDataSchema>;
export const MessageDataSchema = z
  .object({ message: tolerantRecord(MessageSchema) })
  .transform(({ message }) => withRepaired('message', message));

// ---- the envelope (spec parts 1 and 7, docs/api-assumptions.md) ----

const FailureEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string().min(1) }).loose(),
});
const SuccessEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.unknown(),
});
export const EnvelopeSchema = z.discriminatedUnion('success', [SuccessEnvelopeSchema, FailureEnvelopeSchema]);
