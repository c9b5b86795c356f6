/** One scenario's outcome: both subjects' summaries and the budget's lower bound for the chatting chats. */
import { budgetLowerBound, type BudgetLowerBound } from './metrics.ts';
import { rateLimitOf, type ScenarioSpec } from './profiles.ts';
import type { RunRecord } from './run-subject.ts';
import { chatBudgetPerSecond, paidOrdersAtMeasureEnd, summarise, type RunSummary } from './summarise.ts';

export interface ScenarioResult {
  spec: ScenarioSpec;
  /** S this scenario ran at. */
  scale: number;
  /** With the whole budget but the paid list given to the K chatting chats. */
  lowerBound: BudgetLowerBound & { paidPagesPerInterval: number };
  /** The same bound with only the chat reads ours actually made (how well it schedules what it spends). */
  oursOwnChatBudgetBound: BudgetLowerBound | undefined;
  /**
   * Each subject's chat reads of the measured window spent as one round robin over the chats ours watched (its
   * engine's own count): every chat read every `readEveryS`, so a message no prior predicts waits up to that, p95
   * 0.95 of it. Quiet messages cannot beat it without taking reads from somewhere; the naive poller is one.
   */
  roundRobin: { watchedChats: number; ours: BudgetLowerBound | undefined; naive: BudgetLowerBound | undefined } | undefined;
  ours: RunSummary | undefined;
  naive: RunSummary | undefined;
}

export function scenarioResult(
  spec: ScenarioSpec,
  scale: number,
  ours: RunRecord | undefined,
  naive: RunRecord | undefined,
): ScenarioResult {
  const oursSummary = ours ? summarise(ours) : undefined;
  const naiveSummary = naive ? summarise(naive) : undefined;
  const paid = ours ? paidOrdersAtMeasureEnd(ours) : naive ? paidOrdersAtMeasureEnd(naive) : 0;
  const budget = chatBudgetPerSecond(paid, rateLimitOf(spec));
  const chatReadsPerSecond = oursSummary ? sumValues(oursSummary.chatReads.perMinute) / 60 : 0;
  return {
    spec,
    scale,
    lowerBound: { ...budgetLowerBound(spec.chatting, budget.requestsPerSecond), paidPagesPerInterval: budget.paidPagesPerInterval },
    oursOwnChatBudgetBound:
      oursSummary && chatReadsPerSecond > 0 && spec.chatting > 0 ? budgetLowerBound(spec.chatting, chatReadsPerSecond) : undefined,
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
