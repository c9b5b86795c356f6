/**
 * `npm run bench:autoreply`: the two figures of answers while the seller sleeps (docs/performance.md).
 *
 * 1. Matching (autoreply-match.ts): 1000 keyword rules against a 4000-character message; target under 1 ms.
 * 2. Answer latency (autoreply-latency.ts): a matching buyer message read → its answer at the store, at 100 open
 *    orders on the benchmark's store; target p95 within 2 poll intervals (20 s store time).
 *
 * Options: `--orders 100`, `--minutes 15` (store minutes of buyers writing), `--scale 60`, `--seed 1`.
 */
import { parseArgs } from 'node:util';
import { benchAnswerLatency } from './autoreply-latency.ts';
import { benchMatching } from './autoreply-match.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100' },
    minutes: { type: 'string', default: '15' },
    scale: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
  },
});
const ms = (value: number) => `${value.toFixed(3)} ms`;
const s = (value: number) => `${value.toFixed(2)} s`;

const matching = benchMatching();
console.log(`## Matching: ${matching.rules} rules (${matching.phrases} phrases), a 4000-character message\n`);
console.log(`Compile (once per change of the rules): ${ms(matching.compileMs)}\n`);
console.log('| message | rules matched | wall p50 | wall p95 | wall max | CPU per match |\n|---|---|---|---|---|---|');
for (const row of matching.cases)
  console.log(`| ${row.name} | ${row.matched} | ${ms(row.p50Ms)} | ${ms(row.p95Ms)} | ${ms(row.maxMs)} | ${ms(row.cpuMs)} |`);

const latency = await benchAnswerLatency({
  openOrders: Number(values.orders),
  measureStoreMs: Number(values.minutes) * 60_000,
  scale: Number(values.scale),
  seed: Number(values.seed),
});
console.log(`\n## Answer latency at ${latency.openOrders} open orders (store time, poll interval ${latency.pollIntervalStoreS} s)\n`);
console.log('| matching messages read | answered | read → answered p50 | p95 | max | written → answered p95 | store requests/min |');
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| ${latency.read} | ${latency.answered} | ${s(latency.p50S)} | ${s(latency.p95S)} | ${s(latency.maxS)} | ${s(latency.writtenToAnsweredP95S)} | ${latency.requestsPerMinute.toFixed(0)} |`,
);
const target = 2 * latency.pollIntervalStoreS;
console.log(`\nTarget p95 ≤ ${target} s: ${latency.p95S <= target ? 'met' : 'missed'}.`);
