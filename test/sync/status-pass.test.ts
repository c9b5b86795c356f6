/**
 * The processing/awaiting_confirmation lists are read a few pages per cycle, so a long list never delays the
 * paid read that finds new orders; "left every list" is decided only on a whole pass.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SellerApi } from '../../src/seller-api/api.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

it('reads the paid list every cycle and the long processing list a page at a time, each change reported once', async () => {
  const { control } = h.sandbox;
  for (let n = 0; n < 23; n++) control.createOrder({ status: 'processing' });
  const lastPage = (await h.api.listOrders({ status: 'processing', page: 5, limit: 5 })).orders.map((order) => order.id);
  expect(lastPage).toHaveLength(3);
  const [cancelled, awaiting] = lastPage as unknown as [string, string];

  const reads: { status: string | undefined; page: number | undefined }[] = [];
  const recording: SellerApi = {
    ...h.api,
    listOrders: async (query) => {
      reads.push({ status: query?.status, page: query?.page });
      return h.api.listOrders(query);
    },
  };
  // One page per cycle of the non-paid lists (a tiny share), a pass started whenever none is under way.
  const engine = h.engine({ api: recording, ordersPageSize: 5, statusListsEvery: 1, statusListsMaxShare: 1e-6 });

  await engine.pollNow(); // catch-up: every list whole, 23 orders adopted
  expect(h.sink.appeared()).toHaveLength(23);
  const perCycle: (typeof reads)[] = [];
  const cycle = async () => {
    reads.length = 0;
    await engine.pollNow();
    perCycle.push([...reads]);
  };

  await cycle(); // a pass begins: processing page 1
  control.setOrderStatus(cancelled, 'cancelled');
  control.setOrderStatus(awaiting, 'awaiting_confirmation');
  for (let n = 0; n < 12; n++) await cycle();

  expect(h.sink.changes(cancelled)).toEqual([
    { kind: 'orderChanged', orderId: cancelled, previousStatus: 'processing', status: 'cancelled' },
  ]);
  expect(h.sink.changes(awaiting)).toEqual([
    { kind: 'orderChanged', orderId: awaiting, previousStatus: 'processing', status: 'awaiting_confirmation' },
  ]);
  for (const cycleReads of perCycle) {
    expect(cycleReads[0]?.status ?? 'paid').toBe('paid');
    expect(cycleReads.filter((read) => read.status !== undefined && read.status !== 'paid')).toHaveLength(1);
  }
  // The pass really walked the pages, one per cycle, to the end of processing and on to awaiting_confirmation.
  const statusPages = perCycle.flat().filter((read) => read.status !== undefined && read.status !== 'paid');
  expect(statusPages.slice(0, 6)).toEqual([
    ...[1, 2, 3, 4, 5].map((page) => ({ status: 'processing', page })),
    { status: 'awaiting_confirmation', page: 1 },
  ]);
  expect(engine.openOrders().map((order) => order.id)).not.toContain(cancelled);
  expect(engine.status().knownOpenOrders).toBe(22);
});
