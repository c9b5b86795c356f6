/** Counts of `/v1` responses, for tests and the benchmark. Status 0 counts requests that got no HTTP answer (fault modes `hang` and `reset`). */
import type { SandboxStats } from './contract.ts';

export interface StatsRecorder {
  record(route: string, status: number): void;
  snapshot(): SandboxStats;
  reset(): void;
}

export function createStatsRecorder(): StatsRecorder {
  let byStatus: Record<number, number> = {};
  let byRoute: Record<string, number> = {};
  let total = 0;
  return {
    record(route, status) {
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      byRoute[route] = (byRoute[route] ?? 0) + 1;
      total += 1;
    },
    snapshot: () => ({ byStatus: { ...byStatus }, byRoute: { ...byRoute }, total }),
    reset() {
      byStatus = {};
      byRoute = {};
      total = 0;
    },
  };
}
