import { runSubject } from './run-subject.ts';
import { PROFILES, scenario } from './profiles.ts';
import { summarise } from './summarise.ts';
const profile = { ...PROFILES.full, scale: Number(process.env.S ?? 60), maxWarmupMs: 30 * 60000, measureMs: 10 * 60000, graceMaxMs: 60000 };
const run = await runSubject(scenario(Number(process.env.N ?? 1000)), profile, (process.env.SUBJ ?? 'ours') as 'ours', { nodeFlags: (process.env.FLAGS ?? '').split(' ').filter(Boolean) });
const u = run.collector.usage;
for (let i = 0; i < u.length; i += Math.ceil(u.length / 20)) { const s = u[i]!; console.log((run.scale.toStoreMs(s.at - run.times.startedAt) / 60000).toFixed(1), 'min', (s.rssBytes / 1048576).toFixed(0), 'rss', (s.heapUsedBytes / 1048576).toFixed(0), 'heap', s.watched, 'cpu', (s.cpuMicros/1e6).toFixed(1)); }
const s = summarise(run);
console.log(JSON.stringify({ phases: s.phases, req: s.requests, reads: s.chatReads, res: s.resources, hot: s.latency.hot.p95, quiet: s.latency.quiet.p95, no: s.latency.newOrders.p95, corr: s.correctness }));
