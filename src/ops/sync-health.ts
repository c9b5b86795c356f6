/**
 * What "healthy" means for the bridge, from what sync reports: the sync engine runs and the store
 * has answered recently. Kept apart from the HTTP server so the rule is testable as a plain function.
 */
import type { SyncStatus } from '../sync/contract.ts';
import type { HealthReport } from './health-server.ts';

export interface SyncHealthRule {
  /** When the bridge started (ms since epoch): before the first answer, the store gets this long. */
  startedAt: number;
  /** Without an answer from the store for this long, the bridge is unhealthy (use STORE_DOWN_ALERT_MINUTES). */
  staleAfterMs: number;
  now: number;
}

export function syncHealth(status: SyncStatus, rule: SyncHealthRule): HealthReport {
  const details = {
    running: status.running,
    lastSuccessfulPollAt: status.lastSuccessfulPollAt === undefined ? null : new Date(status.lastSuccessfulPollAt).toISOString(),
    lastErrorCode: status.lastError?.code ?? null,
    errorsInARow: status.errorsInARow,
    outboxDepth: status.outboxDepth,
    knownOpenOrders: status.knownOpenOrders,
    requestsSent: status.requestsSent,
  };
  if (!status.running) return { ok: false, reason: 'sync is not running', details };

  const lastAnswerAt = status.lastSuccessfulPollAt ?? rule.startedAt;
  const silentForMs = rule.now - lastAnswerAt;
  if (silentForMs > rule.staleAfterMs) {
    const minutes = Math.floor(silentForMs / 60_000);
    const since = status.lastSuccessfulPollAt === undefined ? 'since start-up' : `for ${minutes} min`;
    const lastError = status.lastError ? ` (last error: ${status.lastError.code})` : '';
    return { ok: false, reason: `the store has not answered ${since}${lastError}`, details };
  }
  return { ok: true, details };
}
