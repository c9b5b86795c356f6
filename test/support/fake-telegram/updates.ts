/**
 * The update queue and getUpdates: long polling that wakes when an update arrives, and an `offset` that confirms
 * every update before it, dropping them for good as Telegram does.
 */
import type { Update } from 'grammy/types';
import { asNumber } from './params.ts';
import type { Methods } from './server.ts';

export function createUpdates() {
  let updates: Update[] = [];
  let nextUpdateId = 1;
  const waiters = new Set<() => void>();

  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };

  const push = (update: Omit<Update, 'update_id'>) => {
    updates.push({ update_id: nextUpdateId++, ...update } as Update);
    wakeAll();
  };

  /** `closed` aborts when the client goes away (grammY aborts its long poll on bot.stop()): the poll ends at once. */
  const getUpdates = async (params: Record<string, unknown>, closed: AbortSignal): Promise<Update[]> => {
    const offset = asNumber(params.offset) ?? 0;
    const limit = Math.min(Math.max(asNumber(params.limit) ?? 100, 1), 100);
    const timeoutMs = (asNumber(params.timeout) ?? 0) * 1000;
    if (offset > 0) updates = updates.filter((update) => update.update_id >= offset);
    const ready = () => updates.filter((update) => update.update_id >= offset).slice(0, limit);
    if (ready().length > 0 || timeoutMs <= 0) return ready();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        closed.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
      closed.addEventListener('abort', done);
    });
    return ready();
  };

  const methods: Methods = { getUpdates };
  return { methods, push, wakeAll, pending: () => [...updates] };
}

export type Updates = ReturnType<typeof createUpdates>;
