/**
 * `npm run bench -- --stores N` end to end, short (quick mode, 10 open orders, 2 stores): the one store's three runs
 * and the two-store run are all there, the two stores have a row each, each store's cards and relays reached its own chat
 * and nothing of the other's, each store's events were told apart (order ids repeat across stores), and the pooled
 * p95 counts both stores' events. No timing is asserted: only that each store got its measurements, in its chat.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoresReport } from '../../bench/report-stores.ts';
import type { StoreRow } from '../../bench/stores-summary.ts';

const out = mkdtempSync(join(tmpdir(), 'bench-stores-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench -- --stores 2', () => {
  it('runs one store, then two stores in one process each in its own chat, and reports a row per store', async () => {
    const args = ['--import', 'tsx', 'bench/run.ts', '--quick', '--stores', '2', '--scenarios', '10', '--scale', '60', '--out', out];
    const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Non-zero also when a store measured nothing (harness-problems.ts): a store whose events were lost fails here.
    expect(code, output.slice(-2000)).toBe(0);
    expect(output).toContain('### 2 stores');
    expect(output).toContain('### The process');

    expect(readdirSync(out)).toContain('latest-quick-stores-uniform-private.json');
    const report = JSON.parse(readFileSync(join(out, 'latest-quick-stores-uniform-private.json'), 'utf8')) as StoresReport;
    // The one store ran three times at once (the default), each its own process and store.
    expect(report.reference.runs.map((run) => run.rows.map((row) => row.store))).toEqual([['main'], ['main'], ['main']]);
    expect(report.runs.map((run) => run.stores)).toEqual([2]);
    const [two] = report.runs;
    expect(two?.rows.map((row) => row.store)).toEqual(['s1', 's2']);
    expect(new Set(two?.rows.map((row) => row.chatId)).size).toBe(2);
    for (const row of [...report.reference.runs.flatMap((run) => run.rows), ...(two?.rows ?? [])]) {
      // Its own orders' cards and its buyers' lines reached its chat (cards by order id, relays by tag), and nothing
      // there was about another store's order.
      expect(row.cardsInChat, `${row.store}: its cards in its chat`).toBeGreaterThan(0);
      expect(row.relayedInChat, `${row.store}: its buyers' lines in its chat`).toBeGreaterThan(0);
      expect(row.foreignInChat, `${row.store}: another store's messages in its chat`).toBe(0);
      expect(row.hot.n, `${row.store}: hot lines measured`).toBeGreaterThan(0);
      expect(row.newOrder.n, `${row.store}: new orders measured`).toBeGreaterThan(0);
      expect(row.store429).toBe(0);
      expect(row.lost + row.duplicates).toBe(0);
    }
    // The pooled p95s are over every store's events, and over every one-store run's; floors come from the timeline.
    for (const measure of ['hot', 'newOrder', 'statusChange'] as const) {
      const count = (rows: readonly StoreRow[]) => rows.reduce((sum, row) => sum + row[measure].n, 0);
      expect(two?.pooled[measure].n, `${measure}: pooled over both stores`).toBe(count(two?.rows ?? []));
      expect(report.reference.pooled[measure].n, `${measure}: pooled over the one store's runs`).toBe(
        count(report.reference.runs.flatMap((run) => run.rows)),
      );
    }
    expect(report.reference.floors.newOrder).toBeGreaterThan(0);
    expect(output).toContain("Every store's events pooled");
    expect(report.verdicts.map((verdict) => verdict.stores)).toEqual([2]);
    expect(two?.process.peakRssMB).toBeGreaterThan(0);
    expect(two?.process.cpuPerWall).toBeGreaterThan(0);
  }, 180_000);
});
