/** Polls `probe` until it gives something (not undefined, not false); fails naming `what` after `timeoutMs`. */
export async function until<T>(probe: () => T | undefined | false, what: string, timeoutMs = 8_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
