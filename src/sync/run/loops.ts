/**
 * The engine's two loops, and the chains that keep their tasks one at a time:
 * - the poll loop: a cycle every interval (the catch-up cycle until the store answered one), backing off after
 *   failed cycles;
 * - the outbox loop: seller actions, woken at once by `enqueue`, by due retries, and by every interval.
 * Cycles and outbox drains each run one at a time, whoever asks (a loop or pollNow).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { SellerApi } from '../../seller-api/api.ts';
import { backoffDelayMs } from '../../shared/backoff.ts';
import type { RunSignals } from '../../shared/run-signals.ts';
import type { CatchingUpRun, CatchUp } from './catch-up.ts';
import type { Cycle } from './cycle.ts';
import type { Health } from '../support/health.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { safeError } from '../support/safe-error.ts';
import type { Wakeup } from '../support/wakeup.ts';

export interface LoopDeps {
  api: SellerApi;
  cycle: Cycle;
  catchUp: CatchUp;
  outbox: Outbox;
  outboxWakeup: Wakeup;
  health: Health;
  logger: Logger;
  now: () => number;
  pollIntervalMs: number;
  /** The signals of the run a task belongs to, taken when the task starts: stop() aborts them, a later run has its own. */
  signals(): RunSignals;
  /** Told after each drain, when actions may have moved stock: stock alerts. */
  afterDrain?(): Promise<void>;
}

export interface Loops {
  /** Runs until `stop` aborts; `firstCycleDone` is called after the first cycle, caught up or not. */
  pollLoop(run: CatchingUpRun, stop: AbortSignal, firstCycleDone: () => void): Promise<void>;
  outboxLoop(stop: AbortSignal): Promise<void>;
  /** One poll cycle after the one running, if any; `lookaheadMs` as in `Cycle.poll`. */
  pollOnce(lookaheadMs: number): Promise<void>;
  /** Runs every due action, after the drain running, if any; their outcomes are reported beside (`reportOutcomes`). */
  drainOutbox(): Promise<void>;
  /** Reports every outcome not reported yet, after the reports under way; resolves when done. */
  reportOutcomes(): Promise<void>;
  /** Resolves once every cycle, drain and report asked for so far has settled. */
  settled(): Promise<void>;
}

/** Poll backoff after failed cycles: at most this many intervals between tries. */
const MAX_POLL_BACKOFF = 16;

export function createLoops(deps: LoopDeps): Loops {
  const { api, cycle, catchUp, outbox, outboxWakeup, health, logger, now, pollIntervalMs, signals } = deps;
  let cycleChain: Promise<void> = Promise.resolve();
  let outboxChain: Promise<void> = Promise.resolve();
  let reportChain: Promise<void> = Promise.resolve();
  let reportWaiting = false;

  async function pollLoop(run: CatchingUpRun, stop: AbortSignal, firstCycleDone: () => void): Promise<void> {
    while (!stop.aborted) {
      const startedAt = now();
      await serialise('cycle', async () => {
        // Chats due before the next cycle starts: a schedule is anchored on its read, anywhere in a cycle.
        if (run.caughtUp) await cycle.poll(signals(), pollIntervalMs - 1);
        else await catchUp(run, signals());
      });
      firstCycleDone();
      const delayMs = backoffDelayMs(health.view().errorsInARow, { baseMs: pollIntervalMs, maxMs: pollIntervalMs * MAX_POLL_BACKOFF });
      const pause = startedAt + delayMs - now();
      // stop() ends the pause early (it rejects with an AbortError); the loop condition then ends the loop.
      if (pause > 0) await sleep(pause, undefined, { signal: stop }).catch(() => undefined);
    }
  }

  async function outboxLoop(stop: AbortSignal): Promise<void> {
    while (!stop.aborted) {
      await drainOutbox();
      const next = outbox.nextDueAt();
      const wait = next === undefined ? pollIntervalMs : Math.min(Math.max(0, next - now()), pollIntervalMs);
      await outboxWakeup.wait(wait, stop);
    }
  }

  function drainOutbox(): Promise<void> {
    return serialise('outbox', async () => {
      const runSignals = signals();
      void reportOutcomes();
      await outbox.runDue({ ...runSignals, api }, () => void reportOutcomes());
      if (!runSignals.waitSignal.aborted) await deps.afterDrain?.();
    });
  }

  /**
   * Outcomes are reported by a chain of their own, beside the actions, never between them: a report is a Telegram
   * edit at the chat's pace (minutes in a busy group's backlog), and a new order's Take must not wait for the edits of
   * the orders before it. One run waiting is enough: it reports every outcome not reported yet.
   */
  function reportOutcomes(): Promise<void> {
    if (reportWaiting) return reportChain;
    reportWaiting = true;
    reportChain = reportChain
      .then(() => {
        reportWaiting = false;
        return outbox.reportPending(signals().waitSignal);
      })
      .catch((error: unknown) => logger.error({ error: safeError(error) }, 'reporting action outcomes failed unexpectedly'));
    return reportChain;
  }

  function serialise(chain: 'cycle' | 'outbox', task: () => Promise<void>): Promise<void> {
    const previous = chain === 'cycle' ? cycleChain : outboxChain;
    const next = previous.then(task, task);
    const settled = next.catch((error: unknown) => logger.error({ error: safeError(error) }, 'sync task failed unexpectedly'));
    if (chain === 'cycle') cycleChain = settled;
    else outboxChain = settled;
    return settled;
  }

  return {
    pollLoop,
    outboxLoop,
    pollOnce: (lookaheadMs) => serialise('cycle', () => cycle.poll(signals(), lookaheadMs)),
    drainOutbox,
    reportOutcomes,
    async settled() {
      await cycleChain;
      await outboxChain;
      await reportChain;
    },
  };
}
