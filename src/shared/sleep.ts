/** A wait that stop() can cut short: the timer ends early on abort. */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A timer that an abort ends early by rejecting with the signal's reason (as `fetch` does). */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
