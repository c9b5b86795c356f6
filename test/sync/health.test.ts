/** The engine's health keeps the error that matters most: a refused key is not hidden by a later, lesser failure. */
import { describe, expect, it } from 'vitest';
import { SellerApiError } from '../../src/seller-api/errors.ts';
import { createHealth } from '../../src/sync/support/health.ts';

const keyRefused = () => new SellerApiError('API_KEY_INVALID', 'HTTP 401', { status: 401 });
const unreachable = () => new SellerApiError('TRANSPORT', 'connection reset');

describe('sync health', () => {
  it('keeps a refused key as the last error while the store has not answered since, whatever fails later', () => {
    const health = createHealth();
    health.pollSucceeded(1);
    health.pollFailed(keyRefused(), 2);
    health.noteError(unreachable(), 3);
    health.pollFailed(unreachable(), 4);
    expect(health.view().lastError).toMatchObject({ code: 'API_KEY_INVALID', at: 2 });
    expect(health.view().errorsInARow).toBe(2);
  });

  it('shows the next error once the store has answered again', () => {
    const health = createHealth();
    health.pollFailed(keyRefused(), 1);
    health.pollSucceeded(2);
    health.noteError(unreachable(), 3);
    expect(health.view().lastError).toMatchObject({ code: 'TRANSPORT', at: 3 });
  });

  it('lets a later error of the same weight replace the earlier one', () => {
    const health = createHealth();
    health.pollFailed(unreachable(), 1);
    health.pollFailed(new SellerApiError('RATE_LIMIT', 'HTTP 429'), 2);
    expect(health.view().lastError?.code).toBe('RATE_LIMIT');
    health.pollFailed(keyRefused(), 3);
    expect(health.view().lastError?.code).toBe('API_KEY_INVALID');
  });
});
