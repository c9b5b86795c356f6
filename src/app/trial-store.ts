/**
 * The store the bridge talks to: the real one a live configuration names, or trial mode's sandbox in-process
 * with simulated buyers and one order waiting at once, so a seller sees a card within seconds of sending /start.
 * A trial's database starts clean with its new store (trial-database.ts).
 */
import type { Logger } from 'pino';
import type { Config } from '../config/index.ts';
import { demoCatalog, gentleBuyers, startSandbox, type SandboxHandle } from '../sandbox/index.ts';
import { MAIN_STORE } from '../core/store-ref.ts';
import type { StoreAccess } from './bridge.ts';
import { resetTrialDatabase } from './trial-database.ts';

interface TrialStore {
  sandbox: SandboxHandle;
  access: StoreAccess;
}

export interface OpenedStore {
  /** Every store the bridge serves: the configuration's, or the trial's one sandbox store. */
  stores: StoreAccess[];
  /** Trial mode only: the sandbox to close on shutdown. */
  trial?: TrialStore;
}

export async function openStore(config: Config, options: { logger: Logger; seed?: number }): Promise<OpenedStore> {
  if (config.mode === 'live') return { stores: config.stores.map((store) => ({ ...store })) };
  // Before the store: a database the trial may not empty stops it here, with nothing started.
  resetTrialDatabase(config.databasePath, options.logger);
  const trial = await startTrialStore({ ...options, deliverField: config.deliverField, language: config.telegram.language });
  return { stores: [trial.access], trial };
}

const DEMO_KEYS = Array.from({ length: 10 }, (_, i) => `DEMO-${String(i + 1).padStart(2, '0')}-7QX4-K9MZ`);

/**
 * The sandbox reads the issued value from the field the bridge sends, so a trial runs with the configured body; its
 * products and buyers speak BOT_LANGUAGE.
 */
async function startTrialStore(options: { logger: Logger; deliverField: string; language: string; seed?: number }): Promise<TrialStore> {
  const sandbox = await startSandbox({
    buyers: gentleBuyers(options.seed ?? Math.floor(Math.random() * 2 ** 31)),
    // A real store limits keys too; trial mode shows the bridge living within such a limit.
    rateLimit: { limit: 120, windowMs: 60_000 },
    deliverField: options.deliverField,
    // The demo products and buyer messages speak the chat's language, like the bot.
    language: options.language,
    logger: options.logger.child({ component: 'sandbox' }),
  });
  // The first product sells from ten demo keys (auto-delivery); the order waiting at once is of another, for the seller.
  const [stocked, manual] = sandbox.control.products(sandbox.store.storeId);
  const first = sandbox.control.createOrder(manual === undefined ? {} : { productId: manual.id });
  sandbox.control.postBuyerMessage(first.id, demoCatalog(options.language).firstBuyerMessage);
  const access: StoreAccess = {
    name: MAIN_STORE,
    title: MAIN_STORE,
    chatId: undefined,
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.store.apiKey,
    deliverField: options.deliverField,
  };
  if (stocked !== undefined) access.demoStock = { productId: stocked.id, items: DEMO_KEYS };
  return { sandbox, access };
}
