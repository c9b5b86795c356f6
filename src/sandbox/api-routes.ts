/**
 * The eight endpoints of the spec (part 4, docs/api-assumptions.md) as a table. Handlers are synchronous over the
 * in-memory store; auth, rate limit, idempotency and faults are the pipeline's job (api-server.ts).
 */
import { SandboxError } from './errors.ts';
import { parseObjectBody } from './http.ts';
import { contractMessage, wireOrder, type MessageRecord } from './records.ts';
import { parseTimestamp, type StoreModel } from './store.ts';

export interface ApiRequest {
  storeId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Raw body text ('' for none); each route decides whether it reads it. */
  body: string;
}

export interface ApiResult {
  status: number;
  data: unknown;
}

export interface ApiRoute {
  method: 'GET' | 'POST';
  /** Relative to `/v1`; `{id}` captures a path segment. Also the route's name in stats. */
  pattern: string;
  handle(request: ApiRequest): ApiResult;
}

/**
 * Spec part 8 leaves bounds open; ours (docs/api-assumptions.md: page/limit bounds). Above the maximum a limit is
 * lowered to it, not refused.
 */
const PAGING = {
  orders: { defaultLimit: 20, maxLimit: 100 },
  messages: { defaultLimit: 50, maxLimit: 100 },
} as const;

/** docs/api-assumptions.md, message text rules: measured in characters (code points), as a person counts them. */
const MAX_MESSAGE_CHARS = 4000;
/** A store's own rule (the spec sets none): more than the bridge ever sends (DELIVER_VALUE_MAX_LENGTH), docs/api-assumptions.md. */
export const MAX_DELIVERED_VALUE_CHARS = 10_000;

interface ApiRouteOptions {
  /** Body field of POST /orders/{id}/deliver that carries the issued value; other fields are ignored. */
  deliverField: string;
  /** Longer issued values are refused with VALIDATION_ERROR. */
  maxDeliveredValueChars: number;
}

export function createApiRoutes(store: StoreModel, options: ApiRouteOptions): ApiRoute[] {
  const ok = (data: unknown, status = 200): ApiResult => ({ status, data });
  const orderOf = (request: ApiRequest) => store.visibleOrder(request.storeId, request.params.id as string);

  return [
    {
      method: 'GET',
      pattern: '/products',
      handle: ({ storeId }) =>
        ok({ products: store.automatedProducts(storeId).map(({ automationEnabled: _internal, ...product }) => product) }),
    },
    {
      method: 'GET',
      pattern: '/orders',
      handle({ storeId, query }) {
        const page = integerParam(query, 'page', { fallback: 1, min: 1 });
        const limit = integerParam(query, 'limit', { fallback: PAGING.orders.defaultLimit, min: 1, max: PAGING.orders.maxLimit });
        // Spec 4.2 (docs/api-assumptions.md): without a status filter, the new (paid) orders.
        const status = nonEmpty(query.get('status')) ?? 'paid';
        const productId = nonEmpty(query.get('productId'));
        const result = store.listOrders(storeId, { status, productId, page, limit });
        return ok({ orders: result.orders.map(wireOrder), total: result.total, page, limit });
      },
    },
    {
      method: 'GET',
      pattern: '/orders/{id}',
      handle: (request) => ok({ order: wireOrder(orderOf(request)) }),
    },
    {
      method: 'POST',
      pattern: '/orders/{id}/take',
      // Spec 4.4 (docs/api-assumptions.md): no body; whatever is sent is ignored.
      handle: (request) => ok({ order: wireOrder(store.transition(orderOf(request), 'take')) }),
    },
    {
      method: 'POST',
      pattern: '/orders/{id}/deliver',
      handle(request) {
        const order = orderOf(request);
        const deliveredValue = deliveredValueOf(parseObjectBody(request.body), options);
        return ok({ order: wireOrder(store.transition(order, 'deliver', { deliveredValue })) });
      },
    },
    {
      method: 'POST',
      pattern: '/orders/{id}/cancel',
      handle(request) {
        const order = orderOf(request);
        parseObjectBody(request.body); // no fields are shown, but it must be a JSON object when present
        return ok({ order: wireOrder(store.transition(order, 'cancel')) });
      },
    },
    {
      method: 'GET',
      pattern: '/orders/{id}/messages',
      handle(request) {
        const order = orderOf(request);
        const cursor = nonEmpty(request.query.get('cursor'));
        const after = cursor === undefined ? undefined : parseTimestamp(cursor, 'cursor');
        const limit = integerParam(request.query, 'limit', {
          fallback: PAGING.messages.defaultLimit,
          min: 1,
          max: PAGING.messages.maxLimit,
        });
        return ok(messagePage(store.messagesOf(order.id), after, limit));
      },
    },
    {
      method: 'POST',
      pattern: '/orders/{id}/messages',
      handle(request) {
        const order = orderOf(request);
        const text = messageTextOf(parseObjectBody(request.body));
        return ok({ message: contractMessage(store.addMessage(order.id, 'seller', text)) }, 201);
      },
    },
  ];
}

/**
 * docs/api-assumptions.md, message cursor: the cursor is a createdAt, and a page holds the messages created
 * STRICTLY AFTER it, ascending by (createdAt, id). `nextCursor` is the createdAt of the page's last
 * message when more messages follow, else null.
 *
 * Like a plain real server, a page may end inside a group of messages that share one createdAt.
 * A client that blindly follows `nextCursor` then skips the rest of that group (they are not
 * "after" the cursor). This is deliberate, to keep clients honest: the bridge re-reads from just
 * before its newest timestamp and dedupes by message id, which loses nothing.
 */
function messagePage(
  messages: readonly MessageRecord[],
  after: number | undefined,
  limit: number,
): { messages: ReturnType<typeof contractMessage>[]; nextCursor: string | null } {
  const following = after === undefined ? messages : messages.filter((message) => message.createdAt > after);
  const page = following.slice(0, limit);
  const last = page.at(-1);
  const more = following.length > page.length;
  return {
    messages: page.map(contractMessage),
    nextCursor: more && last ? new Date(last.createdAt).toISOString() : null,
  };
}

function deliveredValueOf(
  body: Record<string, unknown>,
  { deliverField: field, maxDeliveredValueChars: max }: ApiRouteOptions,
): string | undefined {
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SandboxError('VALIDATION_ERROR', `${field} must be a string`);
  if ([...value].length > max) {
    throw new SandboxError('VALIDATION_ERROR', `${field} is longer than ${max} characters`);
  }
  return value;
}

function messageTextOf(body: Record<string, unknown>): string {
  const { text } = body;
  if (typeof text !== 'string') throw new SandboxError('VALIDATION_ERROR', 'text is required and must be a string');
  if (text.trim() === '') throw new SandboxError('VALIDATION_ERROR', 'text must not be empty');
  if ([...text].length > MAX_MESSAGE_CHARS) {
    throw new SandboxError('VALIDATION_ERROR', `text is longer than ${MAX_MESSAGE_CHARS} characters`);
  }
  return text;
}

const nonEmpty = (value: string | null): string | undefined => (value === null || value === '' ? undefined : value);

function integerParam(query: URLSearchParams, name: string, bounds: { fallback: number; min: number; max?: number }): number {
  const raw = nonEmpty(query.get(name));
  if (raw === undefined) return bounds.fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < bounds.min) {
    throw new SandboxError('VALIDATION_ERROR', `${name} must be an integer of at least ${bounds.min}`);
  }
  return bounds.max === undefined ? value : Math.min(value, bounds.max);
}
