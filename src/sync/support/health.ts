/** The engine's health as `status()` reports it: last good poll, errors in a row, the last error that matters. */
import { isSellerApiError, type SellerApiErrorCode } from '../../seller-api/errors.ts';
import type { SyncStatus } from '../contract.ts';
import { safeError } from './safe-error.ts';

export interface Health {
  pollSucceeded(at: number): void;
  pollFailed(error: unknown, at: number): void;
  /** An error outside the poll itself (a chat read, an action): shown, but not counted as a failed poll. */
  noteError(error: unknown, at: number): void;
  view(): Pick<SyncStatus, 'lastSuccessfulPollAt' | 'lastError' | 'errorsInARow'>;
}

type ErrorCode = SellerApiErrorCode | 'UNKNOWN';

/**
 * How much an error matters to the seller: a refused key needs a person, every other failure passes by itself.
 * The bot alerts on the last error, so a lesser one must not hide a refused key.
 */
const weightOf = (code: ErrorCode): number => (code === 'API_KEY_INVALID' ? 1 : 0);

export function createHealth(): Health {
  let lastSuccessfulPollAt: number | undefined;
  let lastError: SyncStatus['lastError'];
  let errorsInARow = 0;
  /** Whether the store answered since `lastError`: then any later error replaces it. */
  let answeredSince = false;

  // The heavier error stays until the store answers again (a refused key is not re-announced as "store down").
  const record = (error: unknown, at: number) => {
    const code: ErrorCode = isSellerApiError(error) ? error.code : 'UNKNOWN';
    if (lastError !== undefined && !answeredSince && weightOf(code) < weightOf(lastError.code)) return;
    lastError = { code, message: safeError(error).message, at };
    answeredSince = false;
  };

  return {
    pollSucceeded(at) {
      lastSuccessfulPollAt = at;
      errorsInARow = 0;
      answeredSince = true;
    },
    pollFailed(error, at) {
      errorsInARow += 1;
      record(error, at);
    },
    noteError: record,
    view: () => ({ lastSuccessfulPollAt, lastError, errorsInARow }),
  };
}
