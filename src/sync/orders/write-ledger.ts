/**
 * Guards against applying a stale read over our own newer write. The outbox stores the order a take returned
 * while a list read that began before it may still be in flight; that list still says `paid`, and applying it
 * would report the bridge's own change back as a change "from elsewhere". Reads take a token when they begin;
 * an order the outbox wrote after that token is skipped by that read (the next read sees the truth).
 */
export interface WriteLedger {
  /** A read begins: its token. Call `end` when its results were applied. */
  begin(): number;
  end(): void;
  /** The outbox wrote this order. */
  record(orderId: string): void;
  wroteSince(orderId: string, token: number): boolean;
}

export function createWriteLedger(): WriteLedger {
  let sequence = 0;
  let activeReads = 0;
  const writes = new Map<string, number>();
  return {
    begin() {
      activeReads += 1;
      return sequence;
    },
    end() {
      activeReads = Math.max(0, activeReads - 1);
      // With no read in flight no token can predate a write: forget them all, the map stays small.
      if (activeReads === 0) writes.clear();
    },
    record(orderId) {
      sequence += 1;
      if (activeReads > 0) writes.set(orderId, sequence);
    },
    wroteSince(orderId, token) {
      return (writes.get(orderId) ?? 0) > token;
    },
  };
}
