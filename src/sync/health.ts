/** The engine's health as `status()` reports it: last good poll, errors in a row, the last error. */
import { isSellerApiError, type SellerApiErrorCode } from '../seller-api/errors.ts';
import type { SyncStatus } from './contract.ts';
import { safeError } from './safe-error.ts';

export interface Health {
  pollSucceeded(at: number): void;
  pollFailed(error: unknown, at: number): void;
  /** An error outside the poll itself (a chat read, an action): shown, but not counted as a failed poll. */
  noteError(error: unknown, at: number): void;
  view(): Pick<SyncStatus, 'lastSuccessfulPollAt' | 'lastError' | 'errorsInARow'>;
}

export function createHealth(): Health {
  let lastSuccessfulPollAt: number | undefined;
  let lastError: SyncStatus['lastError'];
  let errorsInARow = 0;

  // API_KEY_INVALID stays visible here until a poll succeeds again: the bot alerts the seller on it.
  const record = (error: unknown, at: number) => {
    const code: SellerApiErrorCode | 'UNKNOWN' = isSellerApiError(error) ? error.code : 'UNKNOWN';
    lastError = { code, message: safeError(error).message, at };
  };

  return {
    pollSucceeded(at) {
      lastSuccessfulPollAt = at;
      errorsInARow = 0;
    },
    pollFailed(error, at) {
      errorsInARow += 1;
      record(error, at);
    },
    noteError: record,
    view: () => ({ lastSuccessfulPollAt, lastError, errorsInARow }),
  };
}
