/**
 * `npm run bench -- --quick` still works end to end (issue 6 asks CI to run it): both subjects run against the
 * sandbox, a report is written, and ours neither doubles nor drops what it read nor meets a 429, and it auto-delivers
 * stocked orders, each with its own items. No timing is asserted here — latencies are the benchmark's business, not
 * a test's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../bench/scenario-result.ts';

const out = mkdtempSync(join(tmpdir(), 'bench-quick-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench -- --quick', () => {
  it('runs both subjects, writes its report, and ours doubles nothing, meets no 429 and auto-delivers', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output.slice(-2000)).toBe(0);
    expect(output).toContain('### Targets');

    expect(readdirSync(out)).toContain('latest-quick.json');
    const report = JSON.parse(readFileSync(join(out, 'latest-quick.json'), 'utf8')) as { scenarios: ScenarioResult[] };
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
    }
  }, 180_000);
});
