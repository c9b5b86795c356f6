/**
 * One-at-a-time per key. Sync uses it per order so that a chat read and a chat post of the same order never
 * overlap: otherwise a read in flight could return our own post before we recorded its id, and relay it back.
 */
export interface KeyedLock {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const current = previous.then(task, task);
      const tail = current.catch(() => undefined);
      tails.set(key, tail);
      try {
        return await current;
      } finally {
        // Only the last waiter clears the entry, so the map does not grow with every order ever seen.
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
