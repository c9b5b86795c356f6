/**
 * Remembered responses of POSTs sent with an `Idempotency-Key`: a repeat gets the first answer
 * (same status, same body) and does not act again. Entries live `ttlMs` on the sandbox clock.
 */

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotencyCache {
  get(key: string): StoredResponse | undefined;
  remember(key: string, response: StoredResponse): void;
}

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function createIdempotencyCache(ttlMs: number, now: () => number): IdempotencyCache {
  const entries = new Map<string, StoredResponse & { storedAt: number }>();

  // Map keeps insertion order, which is storage order: expired entries are at the front.
  function prune(at: number): void {
    for (const [key, entry] of entries) {
      if (at - entry.storedAt < ttlMs) break;
      entries.delete(key);
    }
  }

  return {
    get(key) {
      const at = now();
      prune(at);
      const entry = entries.get(key);
      if (!entry || at - entry.storedAt >= ttlMs) return undefined;
      return { status: entry.status, body: entry.body };
    },
    remember(key, response) {
      const at = now();
      prune(at);
      entries.delete(key);
      entries.set(key, { ...response, storedAt: at });
    },
  };
}
