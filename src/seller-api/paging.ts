/**
 * Reading whole lists through the paged endpoints, robust to the spec's silences (docs/api-assumptions.md: orders
 * paging, message cursor, order list order): pages that shift while we read, cursors that skip messages sharing a
 * timestamp.
 */
import type { Logger } from 'pino';
import type { SellerApi } from './api.ts';
import type { Cursor, Message, Order, OrderId, OrdersPage } from './schemas.ts';
import {
  DEFAULT_MESSAGES_PAGE_LIMIT,
  DEFAULT_ORDERS_PAGE_LIMIT,
  FIRST_PAGE,
  MAX_MESSAGE_PAGES,
  MAX_ORDER_PAGES,
  byCreatedAtThenArrival,
  byCreatedAtThenId,
  overlapCursor,
  timeOf,
} from './spec-gaps.ts';

export interface ListAllOrdersOptions {
  /** Omitted: the server's default, new (paid) orders. */
  status?: string;
  productId?: string;
  /** Page size to ask for. */
  limit?: number;
  /** Safety bound on requests. */
  maxPages?: number;
  signal?: AbortSignal;
  logger?: Logger;
}

/** Where reading an order list stands after a page: whether the list ended, and the page size learnt. */
export interface OrderPageEnd {
  ended: boolean;
  /** The page size the server really uses: it may cap ours silently, so the first non-empty page tells. */
  pageSize: number | undefined;
}

/**
 * Whether an order list ended with this page, its `pagesRead`-th: empty, short, or as far as `total` reaches
 * (`collected`: distinct orders gathered so far, when the caller keeps them). Skipped (malformed) records still
 * took their place on the page, so they count.
 */
export function orderPageEnd(
  result: OrdersPage,
  pagesRead: number,
  asked: number,
  pageSize: number | undefined,
  collected = 0,
): OrderPageEnd {
  const records = result.orders.length + (result.skipped?.length ?? 0);
  if (records === 0) return { ended: true, pageSize };
  const size = pageSize ?? result.limit ?? Math.min(asked, records);
  const reachedTotal = result.total !== undefined && (collected >= result.total || pagesRead * size >= result.total);
  return { ended: reachedTotal || records < size, pageSize: size };
}

/** Every order matching the filter, each once, sorted by (createdAt, id). */
export async function listAllOrders(api: SellerApi, options: ListAllOrdersOptions = {}): Promise<Order[]> {
  const limit = options.limit ?? DEFAULT_ORDERS_PAGE_LIMIT;
  const maxPages = options.maxPages ?? MAX_ORDER_PAGES;
  const byId = new Map<string, Order>();
  let pageSize: number | undefined;

  for (let page = FIRST_PAGE; page < FIRST_PAGE + maxPages; page++) {
    const result = await api.listOrders({
      ...(options.status === undefined ? {} : { status: options.status }),
      ...(options.productId === undefined ? {} : { productId: options.productId }),
      page,
      limit,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    // A later read of the same order is the fresher one.
    for (const order of result.orders) byId.set(order.id, order);

    const end = orderPageEnd(result, page - FIRST_PAGE + 1, limit, pageSize, byId.size);
    if (end.ended) return sorted(byId);
    pageSize = end.pageSize;
  }
  options.logger?.warn({ maxPages, orders: byId.size }, 'order list still going after the page bound: stopped reading');
  return sorted(byId);
}

export interface ListMessagesAfterOptions {
  /** Our own cursor: the newest createdAt already handled. Absent reads from the start. */
  after?: Cursor;
  /** Ids already handled, dropped from the result (messages at `after` come back through the overlap). */
  seenIds?: ReadonlySet<string>;
  limit?: number;
  maxPages?: number;
  signal?: AbortSignal;
  logger?: Logger;
}

/**
 * The messages of one order created at or after `after` that are not in `seenIds`, each once, sorted by
 * (createdAt, id).
 *
 * The server returns messages strictly after the cursor and may end a page inside a group sharing one createdAt,
 * so following `nextCursor` would skip the rest of the group. We ask from our newest createdAt minus 1 ms and
 * drop ids we have. Only when a full page leaves our cursor where it was (a group at least a page long) would
 * the same question bring the same page, so then we take the server's `nextCursor` to move on, which skips
 * whatever of that group did not fit the page, and say so in the log.
 */
export async function listMessagesAfter(api: SellerApi, orderId: OrderId, options: ListMessagesAfterOptions = {}): Promise<Message[]> {
  const limit = options.limit ?? DEFAULT_MESSAGES_PAGE_LIMIT;
  const maxPages = options.maxPages ?? MAX_MESSAGE_PAGES;
  const seen = options.seenIds ?? new Set<string>();
  const found = new Map<string, Message>();
  let after = options.after;
  let cursor = after === undefined ? undefined : overlapCursor(after);
  let lastJump: Cursor | undefined;

  for (let pageNo = 0; pageNo < maxPages; pageNo++) {
    const page = await api.listMessages(orderId, {
      ...(cursor === undefined ? {} : { cursor }),
      limit,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });

    for (const message of page.messages) {
      if (!seen.has(message.id)) found.set(message.id, message);
      const { createdAt } = message;
      if (createdAt !== undefined && (after === undefined || timeOf(createdAt) > timeOf(after))) after = createdAt as Cursor;
    }
    const records = page.messages.length + (page.skipped?.length ?? 0);
    if (records < limit || page.nextCursor === undefined || after === undefined) return byArrival(found);

    const next = overlapCursor(after);
    if (next !== cursor) {
      cursor = next;
      continue;
    }
    // A full page that did not move our cursor: asking again would bring the same page.
    if (page.nextCursor === lastJump) return byArrival(found);
    options.logger?.warn(
      { orderId, at: after, limit },
      'a page of messages all share one createdAt: following the server cursor, messages of that instant beyond the page may be skipped',
    );
    cursor = lastJump = page.nextCursor;
  }
  // Nothing is lost: the caller's cursor only moves to what we return, so the rest comes on the next poll.
  options.logger?.debug({ orderId, maxPages }, 'message list still going after the page bound');
  return byArrival(found);
}

function sorted<T extends { id: string; createdAt?: string | undefined }>(items: Map<string, T>): T[] {
  return [...items.values()].sort(byCreatedAtThenId);
}

/** Messages in (createdAt, id) order; those without a readable time first, as they arrived (the map keeps that order). */
function byArrival(messages: Map<string, Message>): Message[] {
  return [...messages.values()].sort(byCreatedAtThenArrival);
}
