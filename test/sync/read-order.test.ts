/**
 * The read order's rush flag: a rush's chats come first and marked as the rush's (chat-watch.ts reads them in the
 * unpaced rush lane: rush-lane.test.ts), each once, whether the pass that found the burst reads them
 * (`rushedSince`) or a later pass does (`due`); the rest of the due chats after them, unmarked.
 */
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { MessageSchema, OrderSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { createReadOrder, type ReadOrderRules } from '../../src/sync/chats/read-order.ts';
import { MINUTE, NOW, SECOND, scheduleRules } from '../support/schedule-rules.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const rules: ReadOrderRules = {
  ...scheduleRules(),
  rushChats: 1,
  rushRatio: 4,
  rushReachMs: 20 * MINUTE,
  rushMaxChats: 3,
  sweepShareMin: 0,
  sweepShareMax: 0,
  sweepPerUnpredicted: 2,
};
/** A hot window after the read order was made (at `NOW`): a rush may start. */
const T = NOW + rules.hotWindowMs + MINUTE;

const mem = useMemoryDb(() => T);

/** Six watched chats; the first two due at `T` and read last, 10 s before, the others read 30 s before and due later. */
function watch(): OrderId[] {
  return Array.from({ length: 6 }, (_, n) => {
    const orderId = `ord_${n}` as OrderId;
    mem.queries.orders.insert(
      OrderSchema.parse({ id: orderId, status: 'processing', createdAt: '2026-01-01T00:00:00Z' }),
      { isOpen: true, chatWatchUntil: undefined },
      NOW,
    );
    mem.queries.cursors.ensure(orderId, NOW);
    const due = n === 1 || n === 2;
    mem.queries.cursors.scheduleAfterRead(
      orderId,
      { nextReadAt: due ? T - SECOND : T + 10 * MINUTE, emptyReads: 1, failures: 0 },
      T - (due ? 10 : 30) * SECOND,
    );
    return orderId;
  });
}

it("lists a rush's chats first and marked, each once, then the due ones unmarked", () => {
  const [writer] = watch() as [OrderId];
  let clock = NOW;
  const readOrder = createReadOrder({
    queries: mem.queries,
    rules,
    now: () => clock,
    storeLimit: () => 120,
    logger: pino({ level: 'silent' }),
  });
  clock = T;
  expect(readOrder.due(T)).toEqual([
    { orderId: 'ord_1', rush: false },
    { orderId: 'ord_2', rush: false },
  ]);

  // A read at T finds a buyer's line: a rush begins (one chat is enough here), and that chat was just read.
  const before = mem.queries.cursors.get(writer);
  mem.queries.cursors.scheduleAfterRead(writer, { nextReadAt: T + rules.intervalMs, emptyReads: 0, failures: 0 }, T);
  readOrder.noteArrival(
    MessageSchema.parse({ id: 'm1', senderRole: 'buyer', text: 'hello?', createdAt: new Date(T).toISOString() }),
    T,
    before as NonNullable<typeof before>,
  );

  // At most three, the ones read longest ago: not the two due ones, which follow unmarked.
  const rushed = ['ord_3', 'ord_4', 'ord_5'];
  expect(readOrder.rushedSince(T)).toEqual(rushed);
  expect(readOrder.due(T)).toEqual([
    ...rushed.map((orderId) => ({ orderId, rush: true })),
    { orderId: 'ord_1', rush: false },
    { orderId: 'ord_2', rush: false },
  ]);

  // Each once: what the rush read (or tried) is left to its schedule, unmarked when due.
  for (const orderId of rushed) readOrder.attempted(orderId as OrderId);
  expect(readOrder.due(T)).toEqual([
    { orderId: 'ord_1', rush: false },
    { orderId: 'ord_2', rush: false },
  ]);
});
