/**
 * Faults of the `/v1` API for client tests, as if a broken proxy or server stood in front of it.
 * Fault answers carry no envelope and no `RateLimit-*` headers, and do not touch the store.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError } from './errors.ts';

export type FaultMode = 'http503' | 'html' | 'hang' | 'reset';
export const FAULT_MODES: readonly FaultMode[] = ['http503', 'html', 'hang', 'reset'];

export interface Faults {
  /** Until `untilMs` (ms since epoch on the sandbox clock) or `heal()`; without `untilMs`, until `heal()`. */
  breakApi(mode: FaultMode, untilMs?: number): void;
  /** Ends the fault; requests held by `hang` whose client is still there are served normally. */
  heal(): void;
  active(): FaultMode | undefined;
  /** `hang`: keeps the request unanswered; `resume` runs on heal unless the client gave up first. */
  hold(res: ServerResponse, resume: () => void): void;
  /** Forgets held requests without serving them (close: their sockets are destroyed). */
  dispose(): void;
}

export function createFaults(now: () => number, onChange: (mode: FaultMode | undefined) => void): Faults {
  let mode: FaultMode | undefined;
  let until: number | undefined;
  let healTimer: NodeJS.Timeout | undefined;
  const held = new Map<ServerResponse, () => void>();

  function clearHealTimer(): void {
    if (healTimer) clearTimeout(healTimer);
    healTimer = undefined;
  }

  function heal(): void {
    clearHealTimer();
    const wasBroken = mode !== undefined;
    mode = undefined;
    until = undefined;
    const resumes = [...held.values()];
    held.clear();
    if (wasBroken) onChange(undefined);
    for (const resume of resumes) resume();
  }

  return {
    breakApi(nextMode, untilMs) {
      if (!FAULT_MODES.includes(nextMode)) {
        throw new SandboxError('VALIDATION_ERROR', `fault mode must be one of ${FAULT_MODES.join(', ')}`);
      }
      if (untilMs !== undefined && !Number.isFinite(untilMs)) {
        throw new SandboxError('VALIDATION_ERROR', 'untilMs must be a finite number (ms since epoch)');
      }
      clearHealTimer();
      mode = nextMode;
      until = untilMs;
      onChange(mode);
      if (untilMs !== undefined) {
        // A timer as well as the lazy check in active(): held requests must be released on time.
        healTimer = setTimeout(heal, Math.min(Math.max(0, untilMs - now()), 2 ** 31 - 1));
        healTimer.unref();
      }
    },
    heal,
    active() {
      if (mode !== undefined && until !== undefined && now() >= until) heal();
      return mode;
    },
    hold(res, resume) {
      held.set(res, resume);
      res.once('close', () => held.delete(res));
    },
    dispose() {
      clearHealTimer();
      held.clear();
    },
  };
}

/** Answers (or refuses to answer) a request the way `mode` breaks the API. */
export function answerFault(mode: Exclude<FaultMode, 'hang'>, req: IncomingMessage, res: ServerResponse): void {
  switch (mode) {
    case 'http503':
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      res.end('Service Unavailable: upstream is overloaded\n');
      return;
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>We&#39;ll be back soon</h1></body></html>\n');
      return;
    case 'reset':
      req.socket.destroy();
      return;
  }
}
