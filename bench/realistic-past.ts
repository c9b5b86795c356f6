/**
 * The realistic workload's store was running before the subject starts: new orders arrived over the last
 * `PAST_MS` as they do during the run (realistic-plan.ts), so a start finds buyers in mid-conversation, as a restart
 * at midday does. Without it, the start-up rows held one or two hot messages. Each order is created as its plan
 * left it at the seeding (paid, or taken), its earlier messages as backdated history, and its later steps are
 * handed to the live load. All of the unstocked product: a cold start is a bridge that was not running to deliver.
 * Own random streams, so every other timeline of a seed stays as it was.
 */
import type { SandboxControl } from '../src/sandbox/contract.ts';
import { deriveRandom, exponentialDelayMs } from '../src/sandbox/random.ts';
import { planNewOrder, type PlannedStep } from './realistic-plan.ts';
import type { ScenarioSpec } from './profiles.ts';
import { tagged, type LoadListener } from './store-load.ts';
import { MINUTE, type TimeScale } from './time-scale.ts';

export const PAST_MS = 20 * MINUTE;

export interface RecentOrder {
  orderId: string;
  /** Its plan's steps still to come, store ms from `RecentPast.seededAt`. */
  steps: PlannedStep[];
  /** What its buyer wrote before the seeding, in order; `at` real ms. */
  history: { text: string; at: number }[];
}

export interface RecentPast {
  /** Real ms the plans count from. */
  seededAt: number;
  orders: RecentOrder[];
}

export function seedRecentPast(control: SandboxControl, spec: ScenarioSpec, scale: TimeScale, listener: LoadListener): RecentPast {
  const seededAt = Date.now();
  const at = (storeMs: number) => seededAt + scale.toReal(storeMs);
  const arrivals = deriveRandom(spec.seed, 'realistic-past');
  const orders: RecentOrder[] = [];
  let sequence = 0;
  for (let paidAtMs = -PAST_MS + exponentialDelayMs(arrivals, spec.ordersPerMinute), k = 0; paidAtMs < 0; k++) {
    const plan = planNewOrder(deriveRandom(spec.seed, `past-${k}`), paidAtMs, false);
    const taken = plan.some((step) => step.kind === 'status' && step.status === 'processing' && step.atMs < 0);
    const createdMs = Math.round(at(paidAtMs));
    const order = control.createOrder({ status: taken ? 'processing' : 'paid', createdAt: new Date(createdMs).toISOString() });
    listener.orderCreated({ id: order.id, createdMs, kind: 'open', stocked: false });
    const history: RecentOrder['history'] = [];
    for (const step of plan) {
      if (step.kind !== 'message' || step.atMs >= 0) continue;
      const tag = `p${++sequence}`;
      const createdAt = new Date(Math.round(at(step.atMs))).toISOString();
      const message = control.postBuyerMessage(order.id, tagged(step.text, tag), { createdAt });
      history.push({ text: step.text, at: Date.parse(message.createdAt) });
      listener.messageCreated({ id: message.id, orderId: order.id, createdMs: Date.parse(message.createdAt), kind: 'history', tag });
    }
    orders.push({ orderId: order.id, steps: plan.filter((step) => step.atMs >= 0), history });
    paidAtMs += exponentialDelayMs(arrivals, spec.ordersPerMinute);
  }
  return { seededAt, orders };
}
