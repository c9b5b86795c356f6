/**
 * `startSandbox`: composes the store, the `/v1` API, the `/_sandbox` control surface and the
 * simulated buyers behind one node:http server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { DEFAULT_DELIVER_FIELD } from '../seller-api/spec-gaps.ts';
import { createApiRoutes, MAX_DELIVERED_VALUE_CHARS } from './api-routes.ts';
import { createApiHandler } from './api-server.ts';
import { createBuyerSimulator, driveBuyers, type BuyerDriver } from './buyers.ts';
import type { SandboxHandle, SandboxOptions, StartSandbox } from './contract.ts';
import { createControl } from './control.ts';
import { createControlHandler, createControlRoutes } from './control-routes.ts';
import { SandboxError } from './errors.ts';
import { createFaults } from './faults.ts';
import { failureBody, pathSegments, sendJson } from './http.ts';
import { DEFAULT_IDEMPOTENCY_TTL_MS, createIdempotencyCache } from './idempotency.ts';
import { createIdMinter } from './ids.ts';
import { deriveRandom } from './random.ts';
import { createFixedWindowLimiter } from './rate-limit.ts';
import { createStatsRecorder } from './stats.ts';
import { createStoreModel, type StoreModel } from './store.ts';
import { demoCatalog } from './demo-catalogs.ts';

/** The store created at start: several products, so simulated buyers order different things. */
const FIRST_STORE = { name: 'Demo Games Store', products: 3 } as const;

export const startSandbox: StartSandbox = async (options: SandboxOptions = {}): Promise<SandboxHandle> => {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? pino({ level: 'silent' });
  const catalog = demoCatalog(options.language);
  const store = createStoreModel({ now, mintId: createIdMinter(), random: deriveRandom(options.buyers?.seed ?? 1, 'defaults'), catalog });
  const firstStore = store.createStore(FIRST_STORE);

  const stats = createStatsRecorder();
  const faults = createFaults(now, (mode) => logger.info({ mode: mode ?? 'healed' }, 'sandbox api fault changed'));
  const control = createControl({ store, faults, stats });
  const handleApi = createApiHandler({
    routes: createApiRoutes(store, {
      deliverField: options.deliverField ?? DEFAULT_DELIVER_FIELD,
      maxDeliveredValueChars: options.maxDeliveredValueChars ?? MAX_DELIVERED_VALUE_CHARS,
    }),
    store,
    limiter: options.rateLimit ? createFixedWindowLimiter(options.rateLimit, now) : undefined,
    idempotency: createIdempotencyCache(options.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS, now),
    faults,
    stats,
    logger,
  });
  const handleControl = createControlHandler(createControlRoutes(control, now));

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const [prefix, ...rest] = pathSegments(url.pathname);
    if (prefix === 'v1') handleApi(req, res, rest, url.searchParams);
    else if (prefix === '_sandbox') handleControl(req, res, rest);
    else sendJson(res, 404, failureBody(new SandboxError('NOT_FOUND', 'the API lives under /v1, the control surface under /_sandbox')));
  });

  const buyers = options.buyers ? startBuyers(store, firstStore.storeId, options, now) : undefined;

  try {
    await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  } catch (error) {
    buyers?.stop();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const baseUrl = `http://${urlHost(address.address)}:${address.port}/v1`;
  logger.info({ baseUrl, storeId: firstStore.storeId }, 'sandbox store listening');

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      buyers?.stop();
      faults.dispose();
      server.close(() => resolve());
      // Keep-alive and hung (`hang` fault) connections would otherwise hold close() open.
      server.closeAllConnections();
    });
    return closing;
  };

  return { baseUrl, store: firstStore, control, close };
};

function startBuyers(store: StoreModel, storeId: string, options: SandboxOptions, now: () => number): BuyerDriver {
  const config = options.buyers as NonNullable<SandboxOptions['buyers']>;
  const simulator = createBuyerSimulator(
    config,
    {
      productIds: () => store.automatedProducts(storeId).map((product) => product.id),
      createPaidOrder: (productId, random) => void store.createOrder({ storeId, productId, status: 'paid' }, random),
      openOrders: () =>
        store
          .openOrders(storeId)
          .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
          .map((order) => ({ id: order.id, status: order.status })),
      postBuyerMessage: (orderId, text) => void store.addMessage(orderId, 'buyer', text),
      confirmReceipt(orderId) {
        const order = store.findOrder(orderId);
        if (order?.status === 'awaiting_confirmation') store.transition(order, 'confirm');
      },
    },
    now(),
    demoCatalog(options.language).buyerTexts,
  );
  const driver = driveBuyers(simulator, now);
  const unsubscribe = store.onOrderChanged((order) => {
    if (order.storeId !== storeId) return;
    if (order.status === 'awaiting_confirmation') simulator.awaitingConfirmation(order.id, now());
    else simulator.noLongerAwaiting(order.id);
    driver.poke();
  });
  return {
    poke: driver.poke,
    stop() {
      unsubscribe();
      driver.stop();
    },
  };
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
