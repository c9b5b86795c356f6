/**
 * Trial mode's store: the sandbox in-process with simulated buyers, and one order waiting at once
 * so a seller sees a card within seconds of sending /start.
 */
import type { Logger } from 'pino';
import { DEFAULT_DELIVER_FIELD } from '../seller-api/spec-gaps.ts';
import { gentleBuyers, startSandbox, type SandboxHandle } from '../sandbox/index.ts';
import type { StoreAccess } from './bridge.ts';

export interface TrialStore {
  sandbox: SandboxHandle;
  access: StoreAccess;
}

export async function startTrialStore(options: { logger: Logger; seed?: number }): Promise<TrialStore> {
  const sandbox = await startSandbox({
    buyers: gentleBuyers(options.seed ?? Math.floor(Math.random() * 2 ** 31)),
    // A real store limits keys too; trial mode shows the bridge living within such a limit.
    rateLimit: { limit: 120, windowMs: 60_000 },
    logger: options.logger.child({ component: 'sandbox' }),
  });
  const first = sandbox.control.createOrder();
  sandbox.control.postBuyerMessage(first.id, 'Hi! Please send the code to the email in the order. Thanks <3');
  return { sandbox, access: { baseUrl: sandbox.baseUrl, apiKey: sandbox.store.apiKey, deliverField: DEFAULT_DELIVER_FIELD } };
}
