/**
 * One sandbox store of a run, as the benchmark's process keeps it: the store on loopback with its per-key limit,
 * seeded from the scenario's seed, its ledger (collector.ts), its buyers (started on the subject's clock) and what
 * the subject is told of it. A run has one (`main`); `--stores N` has N, each its own sandbox, key and chat, all from
 * the same seed, so each store's timeline is the one-store run's.
 */
import { startSandbox, type SandboxHandle } from '../src/sandbox/index.ts';
import { createDeliveryWatch, stockedProductId, stockItemsFor } from './auto-delivery-audit.ts';
import { createCollector, type Collector } from './collector.ts';
import { createLoadRoute, type LoadRoute } from './load-route.ts';
import { PEAK_FACTOR, rateLimitOf, STORE_RATE_LIMIT, type Profile, type ScenarioSpec, type WorkloadName } from './profiles.ts';
import type { StoreInit, SubjectKind } from './protocol.ts';
import { startRealisticLoad } from './realistic-load.ts';
import { seedRecentPast, type RecentPast } from './realistic-past.ts';
import { seedStore, startLoad, type LoadDriver, type SeededStore } from './store-load.ts';
import type { TimeScale } from './time-scale.ts';

export interface StoreRig {
  name: string;
  /** Its own chat, or undefined: the seller's chat. */
  chatId: number | undefined;
  sandbox: SandboxHandle;
  collector: Collector;
  seeded: SeededStore;
  /** Where its buyers write: the run's ledger, then the warm restart's. */
  route: LoadRoute;
  /** What the subject is told of it. */
  init: StoreInit;
  /** Starts its buyers; `startedAt` is the subject's start (real ms). */
  startLoad(startedAt: number): LoadDriver;
  /** Measured stocked orders the store has not seen delivered yet (ours). */
  undeliveredStock(): number;
  close(): Promise<void>;
}

export interface RigChoice {
  spec: ScenarioSpec;
  profile: Profile;
  scale: TimeScale;
  subject: SubjectKind;
  workload: WorkloadName;
  name: string;
  chatId: number | undefined;
}

export async function openStoreRig(choice: RigChoice): Promise<StoreRig> {
  const { spec, profile, scale, subject } = choice;
  const sandbox = await startSandbox({
    rateLimit: { limit: rateLimitOf(spec), windowMs: scale.toReal(STORE_RATE_LIMIT.windowMs) },
  });
  const collector = createCollector();
  const seeded = seedStore(sandbox.control, spec, scale, collector);
  const past: RecentPast | undefined =
    choice.workload === 'realistic' ? seedRecentPast(sandbox.control, spec, scale, collector) : undefined;
  collector.markSeeded(seeded.chatting, seeded.quiet);
  const stockedProduct = stockedProductId(sandbox.control, sandbox.store.storeId);
  const route = createLoadRoute(collector);
  const deliveries = subject === 'ours' ? createDeliveryWatch(sandbox.control, collector) : { pending: () => 0 };
  const rules = { ...profile, ...spec.phases };
  return {
    name: choice.name,
    chatId: choice.chatId,
    sandbox,
    collector,
    seeded,
    route,
    init: {
      name: choice.name,
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.store.apiKey,
      // The naive poller has no stock: its stocked orders stay paid, as any other.
      ...(subject === 'ours' ? { stock: { productId: stockedProduct, items: stockItemsFor(spec, profile) } } : {}),
      ...(choice.chatId === undefined ? {} : { chatId: choice.chatId }),
    },
    startLoad(startedAt) {
      const peak = { atMs: rules.minWarmupMs + rules.measureMs / 2, widthMs: rules.measureMs / 3, factor: PEAK_FACTOR };
      return past !== undefined
        ? startRealisticLoad(sandbox.control, spec, seeded, scale, route, startedAt, stockedProduct, peak, past)
        : startLoad(sandbox.control, spec, seeded, scale, route, startedAt, stockedProduct);
    },
    undeliveredStock: () => deliveries.pending(),
    close: () => sandbox.close(),
  };
}
