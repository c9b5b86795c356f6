/**
 * Resource schemas of the Seller Automation API (spec parts 2 and 4, quoted in the README), written to be tolerant:
 * the spec leaves most fields' presence, units and value sets open (see README "API assumptions").
 * Only `id` and `status` of an order are required; everything else may be absent or null.
 */
import { z } from 'zod';

/** A field the spec shows but does not promise: absent and null both become `undefined`. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

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

/** The message-list cursor: an ISO timestamp (spec 4.7, README "API assumptions"); later messages come back. */
export const CursorSchema = z.string().min(1).brand<'Cursor'>();
export type Cursor = z.infer<typeof CursorSchema>;

/** Statuses the spec shows, plus `completed` (our decision for "after the buyer confirms"). */
export const KNOWN_ORDER_STATUSES = ['paid', 'processing', 'awaiting_confirmation', 'cancelled', 'completed'] as const;
export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];
/** Any status string is accepted: unknown ones are shown raw and offer no actions. */
const OrderStatusSchema = z.string().min(1);
export type OrderStatus = KnownOrderStatus | (string & {});

export const FieldValueSchema = z.object({
  fieldId: optional(z.string()),
  label: optional(z.string()),
  value: optional(z.union([z.string(), looseNumber, z.boolean()]).transform(String)),
});
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const OrderSchema = z.object({
  id: OrderIdSchema,
  status: OrderStatusSchema,
  createdAt: optional(z.string()),
  productId: optional(z.string()),
  productTitle: optional(z.string()),
  quantity: optional(looseNumber),
  amount: optional(looseNumber),
  fieldValues: optional(z.array(FieldValueSchema)),
  assigneeType: optional(z.string()),
  deliveredValue: optional(z.string()),
  takenAt: optional(z.string()),
  deliveredAt: optional(z.string()),
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
  senderRole: optional(z.string()).transform((role) => role ?? 'unknown'),
  text: optional(z.string()).transform((text) => text ?? ''),
  createdAt: z.string().min(1),
});
export type Message = z.infer<typeof MessageSchema>;

// ---- response `data` of each endpoint (spec part 4, README "API assumptions") ----

/** A record of a list that did not match its schema: where it was and why (zod's words, never the values). */
export interface SkippedRecord {
  index: number;
  problems: string[];
}

/**
 * A list whose bad records are skipped, not fatal: one malformed order must not hide every other order
 * (a whole-page failure would be retried forever). Skipped records are reported so the client can log them.
 */
const lenientList = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((records) => {
    const items: z.output<T>[] = [];
    const skipped: SkippedRecord[] = [];
    records.forEach((record, index) => {
      const parsed = item.safeParse(record);
      if (parsed.success) items.push(parsed.data);
      else skipped.push({ index, problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`) });
    });
    return { items, skipped };
  });

/** Moves the skipped records of a lenient list to the page's `skipped`, keeping the list under its own name. */
const withSkipped = <K extends string, T>(key: K, list: { items: T[]; skipped: SkippedRecord[] }) =>
  ({ [key]: list.items, skipped: list.skipped }) as Record<K, T[]> & { skipped?: SkippedRecord[] };

export const ProductsDataSchema = z
  .object({ products: lenientList(ProductSchema) })
  .transform(({ products }) => withSkipped('products', products));
export const OrdersPageDataSchema = z
  .object({
    orders: lenientList(OrderSchema),
    total: optional(looseNumber),
    page: optional(looseNumber),
    limit: optional(looseNumber),
  })
  .transform(({ orders, ...paging }) => ({ ...paging, ...withSkipped('orders', orders) }));
export type OrdersPage = z.infer<typeof OrdersPageDataSchema>;
export const OrderDataSchema = z.object({ order: OrderSchema });
export const MessagesPageDataSchema = z
  .object({
    messages: lenientList(MessageSchema),
    /** Null, absent, empty or the last createdAt: "nothing further" (README "API assumptions": message cursor). */
    nextCursor: optional(z.string()).transform((cursor) => (cursor ? (cursor as Cursor) : undefined)),
  })
  .transform(({ messages, nextCursor }) => ({ nextCursor, ...withSkipped('messages', messages) }));
export type MessagesPage = z.infer<typeof MessagesPageDataSchema>;
export const MessageDataSchema = z.object({ message: MessageSchema });

// ---- the envelope (spec parts 1 and 7, README "API assumptions") ----

const FailureEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string().min(1) }).loose(),
});
const SuccessEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.unknown(),
});
export const EnvelopeSchema = z.discriminatedUnion('success', [SuccessEnvelopeSchema, FailureEnvelopeSchema]);
