/**
 * The contract of the Seller API client: one method per endpoint of the spec (part 4, docs/api-assumptions.md).
 * The sync layer depends on this interface only; `createSellerApiClient` (client.ts) implements it over undici.
 */
import type { Cursor, Message, MessagesPage, Order, OrderId, OrdersPage, Product } from './schemas.ts';

export interface CallOptions {
  /** Aborts the request and any wait between retries (graceful shutdown). */
  signal?: AbortSignal;
}

export interface ActionOptions extends CallOptions {
  /** Sent as `Idempotency-Key`. With it, the client may retry the POST after a transient failure. */
  idempotencyKey?: string;
}

export interface ListOrdersQuery extends CallOptions {
  /** Omitted: the server returns new (paid) orders. */
  status?: string;
  productId?: string;
  /** Starts at 1 (our decision for the spec's gap: docs/api-assumptions.md, orders paging). */
  page?: number;
  limit?: number;
}

export interface ListMessagesQuery extends CallOptions {
  cursor?: Cursor;
  limit?: number;
}

/** The last `RateLimit-*` headers seen, for pacing. `resetAt` is absolute (ms since epoch). */
export interface RateLimitSnapshot {
  limit: number | undefined;
  remaining: number | undefined;
  resetAt: number | undefined;
  /** When these headers were read (ms since epoch). */
  observedAt: number;
  /**
   * How many requests the client had sent when the answered one went out (it included): the requests sent after it
   * may not be counted in `remaining` yet. Absent: count from when the answer was read.
   */
  sentCount?: number;
}

export interface SellerApi {
  listProducts(options?: CallOptions): Promise<Product[]>;
  listOrders(query?: ListOrdersQuery): Promise<OrdersPage>;
  getOrder(id: OrderId, options?: CallOptions): Promise<Order>;
  takeOrder(id: OrderId, options?: ActionOptions): Promise<Order>;
  /**
   * `value` becomes the order's `deliveredValue`, sent in the configured body field
   * (docs/api-assumptions.md: deliver body field).
   */
  deliverOrder(id: OrderId, value: string | undefined, options?: ActionOptions): Promise<Order>;
  cancelOrder(id: OrderId, options?: ActionOptions): Promise<Order>;
  listMessages(id: OrderId, query?: ListMessagesQuery): Promise<MessagesPage>;
  /** Never retried blindly once the request may have reached the server: the spec gives it no idempotency key. */
  postMessage(id: OrderId, text: string, options?: ActionOptions): Promise<Message>;
  /** Last rate-limit headers seen on any response, or undefined before the first. */
  rateLimit(): RateLimitSnapshot | undefined;
  /** Requests actually sent (attempts, including retries) since creation: for the benchmark and /status. */
  requestCount(): number;
}
