/** The engine's health as `status()` reports it: last good poll, errors in a row, the last error. */
import { isSellerApiError, type SellerApiErrorCode } from '../seller-api/errors.ts';
import type { SyncStatus } from './contract.ts';

export interface Health {
  pollSucceeded(at: number): void;
  pollFailed(error: unknown, at: number): void;
  /** An error outside the poll itself (a chat read, an action): shown, but not counted as a failed poll. */
  noteError(error: unknown, at: number): void;
  /** Whether the store refused our key last time it was asked (the bot alerts the seller). */
  keyRefused(): boolean;
  clearKeyRefused(): void;
  view(): Pick<SyncStatus, 'lastSuccessfulPollAt' | 'lastError' | 'errorsInARow'>;
}

export function createHealth(): Health {
  let lastSuccessfulPollAt: number | undefined;
  let lastError: SyncStatus['lastError'];
  let errorsInARow = 0;
  let refused = false;

  const record = (error: unknown, at: number) => {
    const code: SellerApiErrorCode | 'UNKNOWN' = isSellerApiError(error) ? error.code : 'UNKNOWN';
    if (code === 'API_KEY_INVALID') refused = true;
    // SellerApiError messages are built without the key (and redacted by the client); others are ours.
    const message = error instanceof Error ? error.message : String(error);
    lastError = { code, message, at };
  };

  return {
    pollSucceeded(at) {
      lastSuccessfulPollAt = at;
      errorsInARow = 0;
      refused = false;
    },
    pollFailed(error, at) {
      errorsInARow += 1;
      record(error, at);
    },
    noteError: record,
    keyRefused: () => refused,
    clearKeyRefused() {
      refused = false;
    },
    view: () => ({ lastSuccessfulPollAt, lastError, errorsInARow }),
  };
}
