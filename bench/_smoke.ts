import { runSubject } from './run-subject.ts';
import { summarise } from './summarise.ts';
import { PROFILES, scenario } from './profiles.ts';
const profile = { ...PROFILES.quick, scale: Number(process.env.S ?? 120) };
const n = Number(process.env.N ?? 100);
for (const subject of (process.env.SUBJ ?? 'ours,naive').split(',') as ('ours'|'naive')[]) {
  const t = Date.now();
  const run = await runSubject(scenario(n), profile, subject);
  const s = summarise(run);
  console.log(subject, ((Date.now()-t)/1000).toFixed(1)+'s', JSON.stringify(s, (k, v) => typeof v === 'number' ? Math.round(v*100)/100 : v, 1).replace(/\n\s*/g,' '));
}
