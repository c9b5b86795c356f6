import { describe, expect, it } from 'vitest';
import { createStoreAlerts } from '../../src/ops/store-alerts.ts';
import type { SyncStatus } from '../../src/sync/contract.ts';

const MIN = 60_000;
const base: SyncStatus = {
  running: true,
  lastSuccessfulPollAt: 0,
  lastError: undefined,
  errorsInARow: 0,
  outboxDepth: 0,
  knownOpenOrders: 0,
  watchedChats: { hot: 0, quiet: 0 },
  rateLimit: undefined,
  requestsSent: 0,
};
const failing = (code: 'TRANSPORT' | 'API_KEY_INVALID', errorsInARow = 1): SyncStatus => ({
  ...base,
  errorsInARow,
  lastError: { code, message: code, at: 0 },
});

describe('store alerts', () => {
  it('announces a down store once, after the threshold, and its return once', () => {
    const alerts = createStoreAlerts({ downAfterMs: 5 * MIN, startedAt: 0 });
    expect(alerts.observe(failing('TRANSPORT'), 1 * MIN)).toBeUndefined();
    expect(alerts.observe(failing('TRANSPORT', 5), 4 * MIN)).toBeUndefined();
    expect(alerts.observe(failing('TRANSPORT', 6), 6 * MIN)).toEqual({ kind: 'down', silentForMinutes: 6 });
    expect(alerts.observe(failing('TRANSPORT', 9), 9 * MIN)).toBeUndefined();
    expect(alerts.observe({ ...base, lastSuccessfulPollAt: 10 * MIN }, 10 * MIN)).toEqual({ kind: 'back' });
    expect(alerts.observe({ ...base, lastSuccessfulPollAt: 11 * MIN }, 11 * MIN)).toBeUndefined();
  });

  it('says nothing about a short outage', () => {
    const alerts = createStoreAlerts({ downAfterMs: 5 * MIN, startedAt: 0 });
    expect(alerts.observe(failing('TRANSPORT', 3), 2 * MIN)).toBeUndefined();
    expect(alerts.observe({ ...base, lastSuccessfulPollAt: 3 * MIN }, 3 * MIN)).toBeUndefined();
    expect(alerts.state()).toBe('ok');
  });

  it('announces a refused key at once and only once, then the return', () => {
    const alerts = createStoreAlerts({ downAfterMs: 5 * MIN, startedAt: 0 });
    expect(alerts.observe(failing('API_KEY_INVALID'), 1_000)).toEqual({ kind: 'keyRefused' });
    expect(alerts.observe(failing('API_KEY_INVALID', 4), 20 * MIN)).toBeUndefined();
    expect(alerts.observe({ ...base, lastSuccessfulPollAt: 21 * MIN }, 21 * MIN)).toEqual({ kind: 'back' });
  });

  it('keeps a refused key announced until the store answers: a later failure is not re-announced as "down"', () => {
    const alerts = createStoreAlerts({ downAfterMs: 5 * MIN, startedAt: 0 });
    expect(alerts.observe(failing('API_KEY_INVALID'), 1_000)).toEqual({ kind: 'keyRefused' });
    expect(alerts.observe(failing('TRANSPORT', 9), 20 * MIN)).toBeUndefined();
    expect(alerts.state()).toBe('keyRefused');
    expect(alerts.observe({ ...base, lastSuccessfulPollAt: 21 * MIN }, 21 * MIN)).toEqual({ kind: 'back' });
  });

  it('counts from start-up when the store never answered', () => {
    const alerts = createStoreAlerts({ downAfterMs: 5 * MIN, startedAt: 100 * MIN });
    const neverAnswered = { ...failing('TRANSPORT', 2), lastSuccessfulPollAt: undefined };
    expect(alerts.observe(neverAnswered, 104 * MIN)).toBeUndefined();
    expect(alerts.observe(neverAnswered, 105 * MIN)).toEqual({ kind: 'down', silentForMinutes: 5 });
  });
});
