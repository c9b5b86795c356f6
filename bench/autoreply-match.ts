/**
 * Keyword rules' matching (core/phrase-match.ts): 1000 rules of 1–5 phrases (1–3 words each, English and Russian,
 * `ё` and capitals included) against buyer messages of 4000 characters — the store's limit — that match nothing
 * (every word looked up), match one rule at the end, or match many. Times the compile (once per change of the rules)
 * and each match, after a warm-up, and reports p50, p95 and the max. Run by `npm run bench:autoreply`.
 */
import { performance } from 'node:perf_hooks';
import { compilePhrases, matchingRules } from '../src/core/phrase-match.ts';
import { mulberry32 } from '../src/sandbox/random.ts';

const RULES = 1000;
const MESSAGE_CHARS = 4000;
const WARMUP = 200;
const RUNS = 2000;

const SYLLABLES = ['ка', 'ли', 'ёж', 'ро', 'на', 'key', 'act', 'ion', 'ref', 'und', 'code', 'reg', 'ИЯ', 'ТО', 'mo', 'st'];

function vocabulary(random: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export interface MatchFigures {
  rules: number;
  phrases: number;
  compileMs: number;
  /** Wall time per match (p50, p95, max), and CPU time per match over all runs (a busy machine's preemption left out). */
  cases: { name: string; matched: number; p50Ms: number; p95Ms: number; maxMs: number; cpuMs: number }[];
}

export function benchMatching(seed = 20261127): MatchFigures {
  const random = mulberry32(seed);
  const words = vocabulary(random, 4000);
  const pick = () => words[Math.floor(random() * words.length)] as string;
  const rules = Array.from({ length: RULES }, () =>
    Array.from({ length: 1 + Math.floor(random() * 5) }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, pick).join(' ')),
  );
  // Filler the rules never name, up to the store's limit: every word of it is looked up, none matches.
  const filler = (chars: number) => {
    let text = '';
    while (text.length < chars) text += `${random() < 0.1 ? 'Ёлки, ' : ''}zz${Math.floor(random() * 1e6)}  пример-текста `;
    return text.slice(0, chars);
  };
  const lastPhrase = rules.at(-1)?.[0] ?? '';
  const many = rules
    .slice(0, 200)
    .map((phrases) => (phrases[0] ?? '').toUpperCase())
    .join(' · ');
  const cases = [
    { name: 'no match', text: filler(MESSAGE_CHARS) },
    { name: 'the last rule, at the end', text: `${filler(MESSAGE_CHARS - lastPhrase.length - 2)}, ${lastPhrase}` },
    { name: '200 rules', text: `${many} ${filler(Math.max(0, MESSAGE_CHARS - many.length - 1))}`.slice(0, MESSAGE_CHARS) },
  ];

  const compileStarted = performance.now();
  const index = compilePhrases(rules);
  const compileMs = performance.now() - compileStarted;
  return {
    rules: RULES,
    phrases: rules.reduce((sum, phrases) => sum + phrases.length, 0),
    compileMs,
    cases: cases.map(({ name, text }) => {
      for (let i = 0; i < WARMUP; i++) matchingRules(index, text);
      const times: number[] = [];
      let matched = 0;
      const cpu = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        matched = matchingRules(index, text).length;
        times.push(performance.now() - started);
      }
      const used = process.cpuUsage(cpu);
      times.sort((a, b) => a - b);
      const cpuMs = (used.user + used.system) / 1000 / RUNS;
      return { name, matched, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxMs: times.at(-1) ?? 0, cpuMs };
    }),
  };
}
