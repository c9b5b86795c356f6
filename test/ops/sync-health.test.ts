import { describe, expect, it } from 'vitest';
import { syncHealth } from '../../src/ops/sync-health.ts';
import type { SyncStatus } from '../../src/sync/contract.ts';

const MIN = 60_000;
const T0 = Date.parse('2025-01-01T00:00:00Z');

const status = (overrides: Partial<SyncStatus> = {}): SyncStatus => ({
  running: true,
  lastSuccessfulPollAt: T0,
  lastError: undefined,
  errorsInARow: 0,
  outboxDepth: 2,
  knownOpenOrders: 3,
  watchedChats: { hot: 1, quiet: 2 },
  rateLimit: undefined,
  requestsSent: 10,
  ...overrides,
});

describe('syncHealth', () => {
  const rule = { startedAt: T0 - 10 * MIN, staleAfterMs: 5 * MIN };

  it('is healthy while the store answered within the limit', () => {
    const report = syncHealth(status(), { ...rule, now: T0 + 5 * MIN });
    expect(report.ok).toBe(true);
    expect(report.details).toMatchObject({ lastSuccessfulPollAt: '2025-01-01T00:00:00.000Z', outboxDepth: 2 });
  });

  it('is unhealthy once the store has been silent longer than the limit, naming the last error', () => {
    const report = syncHealth(status({ lastError: { code: 'TRANSPORT', message: 'ECONNREFUSED', at: T0 + MIN }, errorsInARow: 7 }), {
      ...rule,
      now: T0 + 6 * MIN,
    });
    expect(report).toMatchObject({ ok: false, reason: 'the store has not answered for 6 min (last error: TRANSPORT)' });
  });

  it('gives a fresh start the same grace, then reports it never answered', () => {
    const fresh = status({ lastSuccessfulPollAt: undefined });
    expect(syncHealth(fresh, { ...rule, startedAt: T0, now: T0 + 4 * MIN }).ok).toBe(true);
    expect(syncHealth(fresh, { ...rule, startedAt: T0, now: T0 + 6 * MIN }).reason).toBe('the store has not answered since start-up');
  });

  it('is unhealthy when sync is not running', () => {
    expect(syncHealth(status({ running: false }), { ...rule, now: T0 })).toMatchObject({
      ok: false,
      reason: 'sync is not running',
    });
  });
});
