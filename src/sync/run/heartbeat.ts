/** The run's heartbeat: written every cycle and at stop, read by the next run as when the bridge was last seen alive. */
import type { Queries } from '../../db/queries.ts';

const KV_LAST_ALIVE = 'sync.lastAliveAt';

export function lastAliveAt(queries: Queries): number | undefined {
  const at = queries.kv.get<number>(KV_LAST_ALIVE);
  return typeof at === 'number' ? at : undefined;
}

export function markAlive(queries: Queries, at: number): void {
  queries.kv.set(KV_LAST_ALIVE, at);
}
