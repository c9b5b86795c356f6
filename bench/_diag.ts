import { runSubject } from './run-subject.ts';
import { PROFILES, scenario } from './profiles.ts';
const profile = { ...PROFILES.full, scale: 60, measureMs: 20 * 60000, graceMaxMs: 5 * 60000 };
const run = await runSubject(scenario(100), profile, 'ours', { nodeFlags: [] });
const c = run.collector; const t = run.times; const S = 60;
const st = (ms: number) => ((ms - t.startedAt) * S / 60000).toFixed(1);
const undelivered = [...c.messages.entries()].filter(([, m]) => m.deliveries.length === 0 && m.createdMs < t.measureEndAt);
const byOrder = new Map<string, number[]>();
for (const r of c.reads) { const a = byOrder.get(r.orderId) ?? []; a.push(r.at); byOrder.set(r.orderId, a); }
console.log('warmEnd', st(t.warmEndAt), 'measureEnd', st(t.measureEndAt), 'end', st(t.endAt));
for (const [id, m] of undelivered.slice(0, 8)) {
  const reads = byOrder.get(m.orderId) ?? [];
  console.log(id, m.kind, 'created', st(m.createdMs), 'order', m.orderId, 'reads', reads.length, 'last reads at', reads.slice(-4).map(st));
}
const quietReads = [...byOrder.entries()].filter(([id]) => c.reads.find(r => r.orderId === id)?.target === 'quiet');
const counts = quietReads.map(([id, a]) => a.filter(x => x >= t.warmEndAt && x < t.measureEndAt).length).sort((a,b)=>a-b);
console.log('quiet chats read in window, per chat (sorted):', counts.join(','));
