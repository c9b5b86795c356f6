/**
 * How long this process was kept from running while some work ran: a timer of the probe's own, re-armed every
 * `everyMs`, and how much later than asked it fired. On a loaded machine every timer fires late (the scheduler, not
 * the code under test); a test of a time limit excuses that much and no more.
 */

/** Lateness under this is timer jitter, not a stall; counting it would add up over a long wait on an idle machine. */
const JITTER_MS = 5;

export async function withStallProbe<T>(work: () => Promise<T>, everyMs = 10): Promise<{ value: T; stalledMs: number }> {
  let stalledMs = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const due = performance.now() + everyMs;
    timer = setTimeout(() => {
      stalledMs += Math.max(0, performance.now() - due - JITTER_MS);
      arm();
    }, everyMs);
  };
  arm();
  try {
    const value = await work();
    return { value, stalledMs };
  } finally {
    clearTimeout(timer);
  }
}
