/**
 * One time limit for a whole shutdown, shared by its steps (sync, then the bot, then closing the rest), so that
 * their waits never add up past the moment the process exits anyway.
 */

export interface ShutdownBudget {
  /** When the shutdown must be over, by the budget's clock (Infinity: no limit). */
  readonly deadline: number;
  /** Ms left until the deadline, never below 0. */
  remaining(): number;
  /** How long a step may still wait: at most `wantedMs`, and never into the reserve kept for the last steps. */
  allow(wantedMs: number): number;
}

export interface ShutdownBudgetOptions {
  /** The whole shutdown, from now. */
  totalMs: number;
  /** Kept back from every wait for what must run last (closing the database, flushing the log). */
  reserveMs: number;
  now?: () => number;
}

/**
 * The bridge's own shutdown (main.ts, and the benchmark's subject, which stops as the bridge does): done within 10 s,
 * since systemd and Docker wait 30 s at most; 1 s of it kept for closing the store connections and the database,
 * and flushing the log.
 */
export const BRIDGE_SHUTDOWN: Omit<ShutdownBudgetOptions, 'now'> = { totalMs: 10_000, reserveMs: 1_000 };

export function createShutdownBudget({ totalMs, reserveMs, now = Date.now }: ShutdownBudgetOptions): ShutdownBudget {
  const deadline = now() + totalMs;
  const remaining = () => Math.max(0, deadline - now());
  return {
    deadline,
    remaining,
    allow: (wantedMs) => Math.max(0, Math.min(wantedMs, remaining() - reserveMs)),
  };
}

/** No limit: every step waits as long as it wants to (a stop() called without a budget). */
export const UNLIMITED_SHUTDOWN: ShutdownBudget = {
  deadline: Number.POSITIVE_INFINITY,
  remaining: () => Number.POSITIVE_INFINITY,
  allow: (wantedMs) => Math.max(0, wantedMs),
};
