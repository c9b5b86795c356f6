/**
 * Auto-delivery as the store saw it (ours only): when each stocked order reached `awaiting_confirmation` (the sandbox
 * stamps `deliveredAt`), and whether every value delivered is the order's own reserved items, read from the subject's
 * database after it stopped. Values are only compared, never kept or reported: they are the seller's keys.
 */
import { pino } from 'pino';
import { openDatabase } from '../src/db/open.ts';
import { createStockQueries } from '../src/db/stock.ts';
import type { SandboxControl } from '../src/sandbox/contract.ts';
import type { OrderId } from '../src/seller-api/schemas.ts';
import type { Collector } from './collector.ts';
import type { Profile, ScenarioSpec } from './profiles.ts';
import { MINUTE } from './time-scale.ts';

/** The sandbox's largest order quantity (src/sandbox/catalog.ts): stock enough even if every order took that many. */
const MOST_ITEMS_PER_ORDER = 5;
/** Poisson arrivals run above their mean now and then: twice the mean over the longest run is ample. */
const ARRIVAL_MARGIN = 2;

export interface AutoDeliveryOutcome {
  /** Real ms, as the store stamped them. */
  createdMs: number;
  measured: boolean;
  deliveredMs: number | undefined;
}

export interface AutoDeliveryAudit {
  /** Every stocked order of the run. */
  orders: AutoDeliveryOutcome[];
  /** Items (lines of the delivered values) that went to more than one order. */
  itemsInTwoOrders: number;
  /** Orders delivered with a value other than the items the subject's database gives them (or with none). */
  wrongValue: number;
}

/** The store's second product: orders without a product id go to the first, so the rest of the load stays as it was. */
export function stockedProductId(control: SandboxControl, storeId: string): string {
  const product = control.products(storeId)[1];
  if (product === undefined) throw new Error('the sandbox store needs a second automated product for the stocked orders');
  return product.id;
}

/** Items for the longest the scenario can run, at the most items an order can take. */
export function stockItemsFor(spec: ScenarioSpec, profile: Profile): number {
  const runMs = (spec.phases?.maxWarmupMs ?? profile.maxWarmupMs) + profile.measureMs + (spec.phases?.graceMaxMs ?? profile.graceMaxMs);
  const orders = spec.stockedShare * (spec.ordersPerMinute * (runMs / MINUTE) * ARRIVAL_MARGIN + spec.burst.orders);
  return Math.ceil(orders) * MOST_ITEMS_PER_ORDER;
}

/** Measured stocked orders the store has not seen delivered yet: grace waits for them as for the rest. */
export function createDeliveryWatch(control: SandboxControl, collector: Collector): { pending(): number } {
  const delivered = new Set<string>();
  return {
    pending() {
      let pending = 0;
      for (const [id, entry] of collector.orders) {
        if (!entry.stocked || !entry.measured || delivered.has(id)) continue;
        if (control.order(id)?.deliveredAt === undefined) pending += 1;
        else delivered.add(id);
      }
      return pending;
    },
  };
}

/** After the subject stopped: the store's orders against the subject's database. */
export function auditAutoDelivery(control: SandboxControl, collector: Collector, dbPath: string): AutoDeliveryAudit {
  const db = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  try {
    const stock = createStockQueries(db);
    const owners = new Map<string, string>();
    const shared = new Set<string>();
    const orders: AutoDeliveryOutcome[] = [];
    let wrongValue = 0;
    for (const [id, entry] of collector.orders) {
      const order = control.order(id);
      const deliveredMs = order?.deliveredAt === undefined ? undefined : Date.parse(order.deliveredAt);
      if (entry.stocked) orders.push({ createdMs: entry.createdMs, measured: entry.measured, deliveredMs });
      const value = order?.deliveredValue;
      if (value === undefined) {
        // Delivered without a value: only a person would do that, and here nobody but the engine acts.
        if (deliveredMs !== undefined) wrongValue += 1;
        continue;
      }
      // Whatever the reservation's state (the subject may have stopped before recording the store's answer), the
      // value must be its items, oldest first.
      const items = stock.reservation(id as OrderId)?.items.map((item) => item.item);
      if (items === undefined || items.join('\n') !== value) wrongValue += 1;
      for (const line of value.split('\n')) {
        const owner = owners.get(line);
        if (owner === undefined) owners.set(line, id);
        else if (owner !== id) shared.add(line);
      }
    }
    return { orders, itemsInTwoOrders: shared.size, wrongValue };
  } finally {
    db.close();
  }
}
