/**
 * Measures requests per poll cycle for a store with N open orders, with the sandbox's own request counter on
 * a simulated clock (counts, not timings). Two regimes:
 * - busy: every chat had activity within the hot window, so each is read every cycle;
 * - steady: nothing happened for longer than the hot window; quiet chats back off to one read per 16 cycles.
 * Used by request-cost.test.ts (10 and 100 orders) and request-cost-report.ts (10, 100, 1000, for the README).
 */
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness } from './harness.ts';

export const MEASURED_INTERVAL_MS = 10_000;

export interface RequestCost {
  openOrders: number;
  /** Requests per cycle while every chat is hot. */
  busy: number;
  /** Requests per cycle once everything is quiet. */
  steady: number;
  /** Cycles a buyer message in a quiet chat waited before it was relayed. */
  quietMessageWaitedCycles: number;
}

export async function measureRequestCost(openOrders: number): Promise<RequestCost> {
  const h = await createHarness();
  try {
    const { control } = h.sandbox;
    // A plausible mix: most open orders are new, some in work, some waiting for the buyer.
    for (let n = 0; n < openOrders; n++) {
      const status = n % 20 < 12 ? 'paid' : n % 20 < 17 ? 'processing' : 'awaiting_confirmation';
      // Every buyer has written: each chat is really active (an order alone makes its chat hot only briefly).
      control.postBuyerMessage(control.createOrder({ status }).id, 'hello');
    }
    let clock = Date.now();
    const engine = h.engine({
      pollIntervalMs: MEASURED_INTERVAL_MS,
      now: () => clock,
      pollNowLookaheadMs: 0,
      sinkRetryBaseMs: MEASURED_INTERVAL_MS,
    });
    const cycle = async () => {
      clock += MEASURED_INTERVAL_MS;
      await engine.pollNow();
    };
    const perCycle = async (cycles: number) => {
      control.resetStats();
      for (let n = 0; n < cycles; n++) await cycle();
      return control.stats().total / cycles;
    };

    await engine.pollNow();
    if (h.sink.appeared().length !== openOrders) throw new Error(`only ${h.sink.appeared().length} of ${openOrders} orders appeared`);
    const busy = await perCycle(6);
    clock += 11 * 60_000; // longer than the hot window: everything is quiet from here
    await perCycle(32); // let the back-off settle
    const steady = await perCycle(48);

    const quiet = engine.openOrders()[0]?.id as OrderId;
    const relayedBefore = h.sink.messages().length;
    control.postBuyerMessage(quiet, 'anyone?');
    let waited = 0;
    while (h.sink.messages().length === relayedBefore && waited < 40) {
      await cycle();
      waited++;
    }
    if (h.sink.messages().length !== relayedBefore + 1) throw new Error('the message in a quiet chat was never relayed');
    return { openOrders, busy, steady, quietMessageWaitedCycles: waited };
  } finally {
    await h.close();
  }
}
