/**
 * The sink as a whole cannot show anything (its error says `sinkUnavailable`, contract.ts): every event waits, and
 * after a backoff the first one due is offered again, the probe. Retrying each event on its own would ask the sink
 * once per event and let events through in whatever order their own backoffs end; a hold asks once per period and
 * keeps the order, since events are offered in order once it ends.
 */
import type { SinkErrorHints } from '../contract.ts';
import { createRetryGate } from './retry-gate.ts';

export interface SinkHold {
  /** True while events must wait. */
  holding(): boolean;
  /** The sink said it is unavailable: hold longer each time in a row, at least as long as it asked. */
  unavailable(error: unknown): void;
  /** The sink took an event: the hold ends. */
  available(): void;
}

export const isSinkUnavailable = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as SinkErrorHints).sinkUnavailable === true;

const SINK = 'sink';

export function createSinkHold(now: () => number, baseMs: number, maxMs: number): SinkHold {
  const gate = createRetryGate(now, baseMs, maxMs);
  return {
    holding: () => gate.blocked(SINK),
    unavailable(error) {
      const retryAfterMs = (error as SinkErrorHints).retryAfterMs;
      gate.failed(SINK, typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) ? retryAfterMs : 0);
    },
    available: () => gate.succeeded(SINK),
  };
}
