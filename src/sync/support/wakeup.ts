/** A sleep that a kick ends early (the outbox worker wakes on enqueue, not only on its timer). */
export interface Wakeup {
  /** Resolves after `ms`, on a kick, or on abort — never rejects. A kick that came while nobody waited counts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  kick(): void;
}

export function createWakeup(): Wakeup {
  let pending = false;
  let wake: (() => void) | undefined;
  return {
    wait(ms, signal) {
      if (pending || signal.aborted) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        signal.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    kick() {
      if (wake === undefined) pending = true;
      else wake();
    },
  };
}
