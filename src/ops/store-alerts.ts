/**
 * Alerts the seller once per change of the store's state, not on every failure: the key is refused,
 * the store has not answered for a while, the store is back. Fed with sync status snapshots.
 */
import type { SyncStatus } from '../sync/contract.ts';

export type StoreState = 'ok' | 'keyRefused' | 'down';

export type StoreAlert = { kind: 'keyRefused' } | { kind: 'down'; silentForMinutes: number } | { kind: 'back' };

export interface StoreAlertRules {
  /** Without an answer for this long the store counts as down (STORE_DOWN_ALERT_MINUTES). */
  downAfterMs: number;
  /** When watching began: before the first answer the store gets `downAfterMs` from here. */
  startedAt: number;
}

export interface StoreAlerts {
  /** The alert this snapshot calls for, if the state changed; later snapshots in the same state say nothing. */
  observe(status: SyncStatus, now: number): StoreAlert | undefined;
  state(): StoreState;
}

export function createStoreAlerts(rules: StoreAlertRules): StoreAlerts {
  let state: StoreState = 'ok';

  const classify = (status: SyncStatus, now: number): StoreState => {
    const failing = status.errorsInARow > 0;
    // A refused key stays the announced state until the store answers: a later failure does not make it "down".
    if (failing && (status.lastError?.code === 'API_KEY_INVALID' || state === 'keyRefused')) return 'keyRefused';
    const lastAnswerAt = status.lastSuccessfulPollAt ?? rules.startedAt;
    if (failing && now - lastAnswerAt >= rules.downAfterMs) return 'down';
    // Failing but not for long enough yet: keep whatever was said last, so a flapping store is not announced.
    if (failing) return state === 'ok' ? 'ok' : state;
    return 'ok';
  };

  return {
    observe(status, now) {
      const next = classify(status, now);
      if (next === state) return undefined;
      const previous = state;
      state = next;
      if (next === 'keyRefused') return { kind: 'keyRefused' };
      if (next === 'down') {
        const lastAnswerAt = status.lastSuccessfulPollAt ?? rules.startedAt;
        return { kind: 'down', silentForMinutes: Math.floor((now - lastAnswerAt) / 60_000) };
      }
      return previous === 'ok' ? undefined : { kind: 'back' };
    },
    state: () => state,
  };
}
