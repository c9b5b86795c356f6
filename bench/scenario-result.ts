/** One scenario's outcome: both subjects' summaries and the floors their latencies are judged against. */
import { budgetLowerBound, type BudgetLowerBound } from './metrics.ts';
import { scenarioFloors, type ScenarioFloors } from './floor-inputs.ts';
import type { ScenarioSpec, TelegramMode } from './profiles.ts';
import type { RunRecord } from './run-subject.ts';
import { summarise, type RunSummary } from './summarise.ts';

export interface ScenarioResult {
  spec: ScenarioSpec;
  /** S this scenario ran at. */
  scale: number;
  /** The least p95 any bridge could reach for each latency, from the scenario's timeline (floor-inputs.ts). */
  floors: ScenarioFloors | undefined;
  /**
   * Each subject's chat reads of the measured window spent as one round robin over the chats ours watched (its
   * engine's own count): every chat read every `readEveryS`, so a message no prior predicts waits up to that, p95
   * 0.95 of it. How well a subject spends what it reads, beside the floors' best case.
   */
  roundRobin: { watchedChats: number; ours: BudgetLowerBound | undefined; naive: BudgetLowerBound | undefined } | undefined;
  ours: RunSummary | undefined;
  naive: RunSummary | undefined;
}

export function scenarioResult(
  spec: ScenarioSpec,
  scale: number,
  telegram: TelegramMode,
  ours: RunRecord | undefined,
  naive: RunRecord | undefined,
): ScenarioResult {
  const oursSummary = ours ? summarise(ours) : undefined;
  const naiveSummary = naive ? summarise(naive) : undefined;
  // The timeline is drawn from the seed: either subject's run gives the same floors.
  const timeline = ours ?? naive;
  return {
    spec,
    scale,
    floors: timeline ? scenarioFloors(timeline, telegram) : undefined,
    roundRobin: roundRobinOf(oursSummary, naiveSummary),
    ours: oursSummary,
    naive: naiveSummary,
  };
}

function roundRobinOf(ours: RunSummary | undefined, naive: RunSummary | undefined): ScenarioResult['roundRobin'] {
  if (ours?.engineView === undefined) return undefined;
  const watchedChats = ours.engineView.hot + ours.engineView.quiet;
  const bound = (run: RunSummary | undefined) => {
    const perSecond = run ? sumValues(run.chatReads.perMinute) / 60 : 0;
    return perSecond > 0 && watchedChats > 0 ? budgetLowerBound(watchedChats, perSecond) : undefined;
  };
  return { watchedChats, ours: bound(ours), naive: bound(naive) };
}

function sumValues(record: Record<string, number>): number {
  return Object.values(record).reduce((sum, value) => sum + value, 0);
}
