/**
 * The setup the client fault tests share: a scripted store per test, and clients with millisecond retries, a pinned
 * clock and a sleep that records its waits, so waits are measured without wall time.
 */
import pino from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { createSellerApiClient, type SellerApiClient, type SellerApiClientOptions } from '../../../src/seller-api/client.ts';
import type { OrderId } from '../../../src/seller-api/schemas.ts';
import { startScriptedServer, type ScriptedServer } from './scripted-server.ts';

export const API_KEY = 'svc_sk_' + 'k3Y5ecReT0123456789abcdefghijABCDEFGHIJ0';
export const ORDER = 'ord-1' as OrderId;
export const NOW = Date.parse('2025-03-01T12:00:00Z');
export const paidOrder = { id: 'ord-1', status: 'paid', createdAt: '2025-03-01T11:00:00Z', productTitle: 'Key', amount: 10 };

// Exported as live bindings: useScriptedStore() replaces them before each test and the importing file reads the current ones.
export let server: ScriptedServer;
export let sleeps: number[];
let clients: SellerApiClient[];

/** Starts a scripted store before each test of the calling file and closes it, and the clients made, after each. */
export function useScriptedStore(): void {
  beforeEach(async () => {
    server = await startScriptedServer();
    sleeps = [];
    clients = [];
  });

  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });
}

/** A client with millisecond retries, a pinned clock and a sleep that records and returns at once. */
export function client(overrides: Partial<SellerApiClientOptions> = {}): SellerApiClient {
  const created = createSellerApiClient({
    baseUrl: server.baseUrl,
    apiKey: API_KEY,
    logger: pino({ level: 'silent' }),
    retry: { maxAttempts: 3, baseDelayMs: 8, maxDelayMs: 20 },
    timeouts: { headersMs: 150, bodyMs: 150, connectMs: 500 },
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
  clients.push(created);
  return created;
}
