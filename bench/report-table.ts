/** Markdown table helpers the report's sections share. */
import type { LatencyStats } from './metrics.ts';
import type { ScenarioResult } from './scenario-result.ts';
import type { RunSummary } from './summarise.ts';
import { show } from './targets.ts';

/** One row per subject that ran, ours first, for every scenario. */
export function rows(results: readonly ScenarioResult[], row: (result: ScenarioResult, run: RunSummary) => string[]): string[][] {
  return results.flatMap((result) => [result.ours, result.naive].flatMap((run) => (run ? [row(result, run)] : [])));
}

/** p50 / p95 / p99 (n), or – without samples. */
export function triple(stats: LatencyStats): string {
  if (stats.n === 0) return '–';
  return `${show(stats.p50)} / ${show(stats.p95)} / ${show(stats.p99)} (n=${stats.n})`;
}

export function table(header: string[], body: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}
