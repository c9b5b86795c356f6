/**
 * Requests per poll cycle for stores with 10, 100 and 1000 open orders (measured with the sandbox's own
 * request counter, on a simulated clock: counts, not timings). Two regimes:
 * - busy: every chat had activity within the hot window (read every cycle);
 * - steady: nothing happened for longer than the hot window (quiet chats back off to 1 read per 16 cycles).
 * The bounds asserted are what the design promises; the measured numbers are printed for the report.
 */
import { afterEach, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, type Harness } from './harness.ts';

const INTERVAL = 10_000;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function measure(openOrders: number) {
  h = await createHarness();
  const { control } = h.sandbox;
  // A plausible mix: most open orders are new, some in work, some waiting for the buyer.
  for (let n = 0; n < openOrders; n++) {
    const status = n % 20 < 12 ? 'paid' : n % 20 < 17 ? 'processing' : 'awaiting_confirmation';
    control.createOrder({ status });
  }
  let clock = Date.now();
  const engine = h.engine({ pollIntervalMs: INTERVAL, now: () => clock, pollNowLookaheadMs: 0, sinkRetryBaseMs: INTERVAL });
  const cycle = async () => {
    clock += INTERVAL;
    await engine.pollNow();
  };
  const perCycle = async (cycles: number) => {
    control.resetStats();
    for (let n = 0; n < cycles; n++) await cycle();
    return control.stats().total / cycles;
  };

  await engine.pollNow();
  expect(h.sink.appeared()).toHaveLength(openOrders);
  const busy = await perCycle(6);
  clock += 11 * 60_000; // longer than the hot window: everything is quiet now
  await perCycle(32); // let the back-off settle
  const steady = await perCycle(48);

  // One buyer message in a quiet chat: relayed within the ceiling (16 intervals), and that chat is hot again.
  const some = engine.openOrders()[0]?.id as OrderId;
  control.postBuyerMessage(some, 'anyone?');
  let waited = 0;
  while (h.sink.messages().length === 0 && waited < 20) {
    await cycle();
    waited++;
  }
  expect(h.sink.messages()).toHaveLength(1);
  expect(waited).toBeLessThanOrEqual(16);
  await h.close();
  h = undefined;
  return { openOrders, busy, steady, messageWaitedCycles: waited };
}

it('costs few requests per cycle at 10, 100 and 1000 open orders', async () => {
  const rows = [];
  for (const openOrders of [10, 100, 1000]) rows.push(await measure(openOrders));
  console.log('requests per poll cycle (interval 10 s, page size 100):');
  console.table(rows);

  const [small, medium, large] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  // Busy: every chat once per cycle plus the order lists.
  expect(small.busy).toBeLessThanOrEqual(10 + 3);
  expect(large.busy).toBeLessThanOrEqual(1000 + 7 + 2 + 1);
  // Steady: paid pages every cycle, the other lists every 3rd cycle, each quiet chat 1 in 16 cycles.
  expect(small.steady).toBeLessThanOrEqual(1 + 2 / 3 + 10 / 16 + 1);
  expect(medium.steady).toBeLessThanOrEqual(1 + 2 / 3 + 100 / 16 + 1);
  expect(large.steady).toBeLessThanOrEqual(7 + 4 / 3 + 1000 / 16 + 2);
}, 120_000);
