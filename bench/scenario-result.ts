/** One scenario's outcome: both subjects' summaries and the budget's lower bound for the chatting chats. */
import { budgetLowerBound, type BudgetLowerBound } from './metrics.ts';
import type { ScenarioSpec } from './profiles.ts';
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
  const paid = ours ? paidOrdersAtMeasureEnd(ours) : naive ? paidOrdersAtMeasureEnd(naive) : 0;
  const budget = chatBudgetPerSecond(paid);
  const chatReadsPerSecond = oursSummary ? sumValues(oursSummary.chatReads.perMinute) / 60 : 0;
  return {
    spec,
    scale,
    lowerBound: { ...budgetLowerBound(spec.chatting, budget.requestsPerSecond), paidPagesPerInterval: budget.paidPagesPerInterval },
    oursOwnChatBudgetBound:
      oursSummary && chatReadsPerSecond > 0 && spec.chatting > 0 ? budgetLowerBound(spec.chatting, chatReadsPerSecond) : undefined,
    ours: oursSummary,
    naive: naive ? summarise(naive) : undefined,
  };
}

function sumValues(record: Record<string, number>): number {
  return Object.values(record).reduce((sum, value) => sum + value, 0);
}
