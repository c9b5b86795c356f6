/**
 * The paging helpers against an in-memory store with the awkward habits the spec allows: lists in descending
 * order, pages that shift between reads, a silently capped page size, and a message cursor that returns
 * messages strictly after it and ends pages inside groups sharing one createdAt.
 * (The same helpers run against the real sandbox in client-sandbox.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { ListMessagesQuery, ListOrdersQuery, SellerApi } from '../../src/seller-api/api.ts';
import { listAllOrders, listMessagesAfter } from '../../src/seller-api/paging.ts';
import {
  OrderSchema,
  type Cursor,
  type Message,
  type MessageId,
  type MessagesPage,
  type Order,
  type OrderId,
} from '../../src/seller-api/schemas.ts';
import { logLines } from '../support/log-lines.ts';

interface FakeStore {
  orders: Order[];
  messages: Message[];
  /** Largest page the store hands out whatever the client asks; reported in `limit` unless `hideLimit`. */
  maxLimit?: number;
  hideLimit?: boolean;
  hideTotal?: boolean;
  /** Runs before each order page is served, to make pages shift. */
  beforeOrdersPage?: (page: number) => void;
  orderQueries: ListOrdersQuery[];
  messageQueries: ListMessagesQuery[];
}

function fakeApi(store: FakeStore): SellerApi {
  const unused = () => Promise.reject(new Error('not used by the paging helpers'));
  return {
    async listOrders(query = {}) {
      store.orderQueries.push(query);
      const page = query.page ?? 1;
      store.beforeOrdersPage?.(page);
      const limit = Math.min(query.limit ?? 20, store.maxLimit ?? Infinity);
      // Newest first, as many stores do: our helpers must not rely on it.
      const all = store.orders
        .filter((order) => order.status === (query.status ?? 'paid'))
        .sort((a, b) => (a.createdAt! < b.createdAt! ? 1 : -1));
      return {
        orders: all.slice((page - 1) * limit, page * limit),
        page,
        total: store.hideTotal ? undefined : all.length,
        limit: store.hideLimit ? undefined : limit,
      };
    },
    async listMessages(_id, query = {}): Promise<MessagesPage> {
      store.messageQueries.push(query);
      const limit = query.limit ?? 100;
      const after = query.cursor === undefined ? -Infinity : Date.parse(query.cursor);
      const page = store.messages
        .filter((message) => Date.parse(message.createdAt!) > after)
        .sort((a, b) => Date.parse(a.createdAt!) - Date.parse(b.createdAt!) || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
      const last = page.at(-1);
      return { messages: page, nextCursor: last === undefined ? undefined : (last.createdAt as Cursor) };
    },
    getOrder: unused,
    listProducts: unused,
    takeOrder: unused,
    deliverOrder: unused,
    cancelOrder: unused,
    postMessage: unused,
    rateLimit: () => undefined,
    requestCount: () => store.orderQueries.length + store.messageQueries.length,
  };
}

const store = (init: Partial<FakeStore>): FakeStore => ({ orders: [], messages: [], orderQueries: [], messageQueries: [], ...init });

const at = (second: number) => new Date(Date.UTC(2025, 2, 1, 12, 0, second)).toISOString();
const order = (n: number, status = 'paid'): Order => OrderSchema.parse({ id: `o${String(n).padStart(2, '0')}`, status, createdAt: at(n) });
const message = (id: string, second: number, createdAt = at(second)): Message => ({
  id: id as MessageId,
  senderRole: 'buyer',
  text: id,
  createdAt,
});
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('listAllOrders', () => {
  it('reads every page up to total and returns the orders sorted by createdAt, oldest first', async () => {
    const s = store({ orders: [1, 2, 3, 4, 5, 6, 7].map((n) => order(n)).concat(order(8, 'processing')) });
    const orders = await listAllOrders(fakeApi(s), { limit: 3 });

    expect(ids(orders)).toEqual(['o01', 'o02', 'o03', 'o04', 'o05', 'o06', 'o07']);
    expect(s.orderQueries.map((query) => query.page)).toEqual([1, 2, 3]);
    expect(s.orderQueries[0]).toMatchObject({ limit: 3 });
    expect(s.orderQueries[0]?.status).toBeUndefined();
  });

  it('passes the status filter and stops on a short page when the store gives no total', async () => {
    const s = store({ orders: [1, 2, 3, 4].map((n) => order(n, 'processing')), hideTotal: true });
    const orders = await listAllOrders(fakeApi(s), { status: 'processing', limit: 2 });

    expect(ids(orders)).toEqual(['o01', 'o02', 'o03', 'o04']);
    // Two full pages, then an empty one: without a total only an empty or short page ends the list.
    expect(s.orderQueries.map((query) => [query.page, query.status])).toEqual([
      [1, 'processing'],
      [2, 'processing'],
      [3, 'processing'],
    ]);
  });

  it('dedupes orders when a new one pushes the pages while we read', async () => {
    const s = store({ orders: [1, 2, 3, 4, 5].map((n) => order(n)) });
    s.beforeOrdersPage = (page) => {
      if (page === 2) s.orders.push(order(9));
    };
    const orders = await listAllOrders(fakeApi(s), { limit: 2 });

    const got = ids(orders);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual(expect.arrayContaining(['o01', 'o02', 'o03', 'o04', 'o05']));
    expect([...got].sort()).toEqual(got);
  });

  it('follows a page size the store capped without saying so', async () => {
    const s = store({ orders: [1, 2, 3, 4, 5, 6, 7].map((n) => order(n)), maxLimit: 3, hideLimit: true });
    const orders = await listAllOrders(fakeApi(s), { limit: 50 });
    expect(ids(orders)).toHaveLength(7);
  });

  it('stops at the page bound when the store never ends the list', async () => {
    let next = 0;
    const endless: SellerApi = {
      ...fakeApi(store({})),
      async listOrders() {
        next += 2;
        return { orders: [order(next - 1), order(next)], total: undefined, page: undefined, limit: undefined };
      },
    };
    const { lines, logger } = logLines();
    const orders = await listAllOrders(endless, { limit: 2, maxPages: 5, logger });

    expect(orders).toHaveLength(10);
    expect(lines.join('')).toContain('page bound');
  });
});

describe('listMessagesAfter', () => {
  it('returns every message of a group sharing one createdAt across page edges, once, in order', async () => {
    const s = store({
      messages: [message('a', 1), message('b', 2), message('c', 2), message('d', 2), message('e', 3), message('f', 4), message('g', 4)],
    });
    const api = fakeApi(s);

    // Following the server's nextCursor loses the rest of the group: the case the helper exists for.
    const naive = await api.listMessages('o1' as OrderId, { limit: 3 });
    const naiveNext = await api.listMessages('o1' as OrderId, { limit: 3, cursor: naive.nextCursor! });
    expect(ids([...naive.messages, ...naiveNext.messages])).toEqual(['a', 'b', 'c', 'e', 'f', 'g']);

    const messages = await listMessagesAfter(api, 'o1' as OrderId, { limit: 3 });
    expect(ids(messages)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('starts just before our cursor, drops what we have seen, and returns only the new', async () => {
    const s = store({ messages: [message('a', 1), message('b', 2), message('c', 2), message('d', 4)] });
    const messages = await listMessagesAfter(fakeApi(s), 'o1' as OrderId, {
      after: at(2) as Cursor,
      seenIds: new Set(['b']),
    });

    expect(ids(messages)).toEqual(['c', 'd']);
    expect(s.messageQueries[0]?.cursor).toBe(new Date(Date.parse(at(2)) - 1).toISOString());
  });

  it('compares timestamps as instants, whatever their ISO spelling', async () => {
    const s = store({
      messages: [message('a', 0, '2025-03-01T12:00:01.000+00:00'), message('b', 0, '2025-03-01T13:00:02+01:00')],
    });
    const messages = await listMessagesAfter(fakeApi(s), 'o1' as OrderId, {
      after: '2025-03-01T12:00:01Z' as Cursor,
      seenIds: new Set(['a']),
    });
    expect(ids(messages)).toEqual(['b']);
  });

  it('gets past a group larger than a page through the server cursor, warning that some may be skipped', async () => {
    const s = store({ messages: [message('a', 1), message('b', 1), message('c', 1), message('d', 2), message('e', 3)] });
    const { lines, logger } = logLines();
    const messages = await listMessagesAfter(fakeApi(s), 'o1' as OrderId, {
      after: at(1) as Cursor,
      seenIds: new Set(['a', 'b']),
      limit: 2,
      logger,
    });

    // `c` shares the group and is beyond the page: the price of a group larger than a page.
    expect(ids(messages)).toEqual(['d', 'e']);
    expect(lines.join('')).toContain('share one createdAt');
    expect(s.messageQueries.map((query) => query.cursor)).toEqual([
      new Date(Date.parse(at(1)) - 1).toISOString(),
      at(1),
      new Date(Date.parse(at(3)) - 1).toISOString(),
    ]);
    expect(s.messageQueries.length).toBeLessThan(6);
  });

  it('stops at once on a short or empty page', async () => {
    const s = store({ messages: [message('a', 1)] });
    expect(ids(await listMessagesAfter(fakeApi(s), 'o1' as OrderId))).toEqual(['a']);
    expect(await listMessagesAfter(fakeApi(s), 'o1' as OrderId, { after: at(5) as Cursor })).toEqual([]);
    expect(s.messageQueries).toHaveLength(2);
  });

  it('is bounded by maxPages', async () => {
    const s = store({ messages: Array.from({ length: 30 }, (_, n) => message(`m${String(n).padStart(2, '0')}`, n)) });
    const messages = await listMessagesAfter(fakeApi(s), 'o1' as OrderId, { limit: 5, maxPages: 3 });
    expect(s.messageQueries).toHaveLength(3);
    // Overlapping queries: each page after the first repeats its predecessor's newest message.
    expect(ids(messages)).toEqual(Array.from({ length: 13 }, (_, n) => `m${String(n).padStart(2, '0')}`));
  });
});
