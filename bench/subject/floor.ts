/** Loads nothing of the bridge: its memory is what node and the TypeScript loader (tsx) cost before any code of ours. */
import type { FloorReport } from '../protocol.ts';

const memory = process.memoryUsage();
const report: FloorReport = { type: 'floor', rssBytes: memory.rss, heapUsedBytes: memory.heapUsed };
process.send?.(report, undefined, {}, () => process.disconnect());
