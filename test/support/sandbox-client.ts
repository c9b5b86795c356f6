/** The Seller API client the test rigs point at their sandbox store: two quick attempts and short timeouts. */
import type { Logger } from 'pino';
import type { SandboxHandle } from '../../src/sandbox/contract.ts';
import { createSellerApiClient, type SellerApiClient, type SellerApiClientOptions } from '../../src/seller-api/client.ts';

export function sandboxClient(sandbox: SandboxHandle, logger: Logger, overrides: Partial<SellerApiClientOptions> = {}): SellerApiClient {
  return createSellerApiClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.store.apiKey,
    logger,
    retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
    timeouts: { headersMs: 1000, bodyMs: 1000, connectMs: 500 },
    ...overrides,
  });
}
