/**
 * Exponential backoff, the one formula for every retry schedule: the n-th delay is base·2^(n-1), at most max.
 * With full jitter (AWS architecture blog, "Exponential Backoff and Jitter") it is drawn uniformly below that,
 * so that many clients failing together do not retry in step.
 */

export interface Backoff {
  /** The first delay (n = 1). */
  baseMs: number;
  /** No delay grows past this. */
  maxMs: number;
  /** Full jitter: a draw in [0, 1) that scales the delay, rounded down to whole ms. Without it, no jitter. */
  random?: () => number;
}

/** The delay before try number `n` after a failure (1 for the first retry; below 1 counts as 1). */
export function backoffDelayMs(n: number, { baseMs, maxMs, random }: Backoff): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, n - 1));
  return random === undefined ? ceiling : Math.floor(random() * ceiling);
}
