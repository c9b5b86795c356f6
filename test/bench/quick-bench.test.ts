/**
 * `npm run bench -- --quick` works end to end (CI runs it at 100 open orders, the scenario the gate judges, since the
 * 10-order one adds 45 s and checks nothing the other does not): both subjects run against the sandbox
 * and the fake Bot API (private chat), a report is written, ours neither doubles nor drops what it read nor meets a
 * 429, it auto-delivers stocked orders each with its own items, and the start-up rows and the Telegram side are
 * there for both subjects.
 *
 * One timing is asserted, as a ratio within the run (never an absolute time, which depends on the machine): where
 * the budget binds (100 open orders, the largest quick scenario), ours' hot-chat p95 in the measured window and over
 * the first 10 minutes after a cold and after a warm start must not be worse than the naive poller's, at the sink
 * and in the chat (bench/quick-gate.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../bench/scenario-result.ts';
import { quickVerdict } from '../../bench/quick-gate.ts';

const out = mkdtempSync(join(tmpdir(), 'bench-quick-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench -- --quick', () => {
  it('runs both subjects with Telegram, writes its report, ours doubles nothing, meets no 429, auto-delivers and beats naive on hot chats', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--scenarios', '100', '--out', out], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output.slice(-2000)).toBe(0);
    expect(output).toContain('### Targets');
    expect(output).toContain('### Start-up: the first 10 minutes');

    // A run of one of the mode's scenarios is written as partial.
    expect(readdirSync(out)).toContain('latest-partial.json');
    const report = JSON.parse(readFileSync(join(out, 'latest-partial.json'), 'utf8')) as { scenarios: ScenarioResult[] };
    expect(report.scenarios.length).toBeGreaterThan(0);
    for (const scenario of report.scenarios) {
      expect(scenario.ours, `ours ran at ${scenario.spec.openOrders}`).toBeDefined();
      expect(scenario.naive, `naive ran at ${scenario.spec.openOrders}`).toBeDefined();
      const ours = scenario.ours!;
      expect(ours.correctness.duplicateMessages).toBe(0);
      expect(ours.correctness.duplicateOrders).toBe(0);
      expect(ours.correctness.droppedAfterRead).toBe(0);
      expect(ours.requests.status429.wholeRun).toBe(0);
      // Auto-delivery from stock: orders were delivered by themselves, none with another order's items or others' values.
      expect(ours.autoDelivery?.delivered, `auto-delivered at ${scenario.spec.openOrders}`).toBeGreaterThan(0);
      expect(ours.autoDelivery?.itemsInTwoOrders).toBe(0);
      expect(ours.autoDelivery?.wrongValue).toBe(0);
      expect(scenario.naive?.autoDelivery).toBeUndefined();
      for (const run of [ours, scenario.naive!]) {
        // The relays reached the fake Bot API, and both start-up rows measured something.
        expect(run.seller.telegram?.hot.delivered, `${run.subject} relayed to Telegram`).toBeGreaterThan(0);
        expect(run.seller.startup.cold.allMessages.n).toBeGreaterThan(0);
        expect(run.seller.startup.warm.allMessages.n).toBeGreaterThan(0);
      }
    }
    const verdict = quickVerdict(report.scenarios);
    expect(verdict.judged, 'the quick run has a scenario where the budget binds').toBeDefined();
    expect(verdict.failures, verdict.failures.join('\n')).toEqual([]);
  }, 240_000);
});
