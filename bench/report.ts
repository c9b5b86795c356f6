/** The benchmark's report: markdown tables for people, one JSON document for machines and later comparison. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProcessFloor } from './process-floor.ts';
import { POLL_INTERVAL_MS, rateLimitOf, STORE_RATE_LIMIT, type Profile, type TelegramMode, type WorkloadName } from './profiles.ts';
import type { ScenarioResult } from './scenario-result.ts';
import { rows, table, triple } from './report-table.ts';
import { chatBurstTable } from './report-chat-burst.ts';
import { floorTables } from './report-floors.ts';
import { topicTable } from './report-topics.ts';
import { sellerTables } from './report-seller.ts';
import { show, type TargetVerdict } from './targets.ts';

/** What every report says of its run: the code, the workload, the machine and how the subjects ran. */
export interface RunHeader {
  /** The code measured: commit, and files of the engine's layers that differed from it. */
  source: { commit: string | undefined; modified: string[] };
  /** Not the mode's latest result: only some scenarios or subjects ran, or an experiment flag was given. */
  partial: boolean;
  /** The buyers' and store's behaviour (`--profile`). */
  workload: WorkloadName;
  /** The subjects' Telegram side (`--telegram`): the fake Bot API's private chat or group, or the recording sink alone. */
  telegram: TelegramMode;
  scale: number;
  startedAt: string;
  realSeconds: number;
  machine: { node: string; cpus: number; platform: string };
  /** How the subject processes ran: `npm-start` (bundled, plain node with the start script's flags) or `tsx`. */
  subjectRuntime: string;
  /** Node flags given to the subject processes (those of `npm start`, then any `--subject-node-flags`). */
  subjectNodeFlags: string[];
  /** Engine tuning overrides of an experiment (`--tuning`), in store time. */
  tuning?: Record<string, unknown>;
}

export interface BenchReport extends RunHeader {
  mode: Profile['name'];
  /** RSS of a bare node process (with the subjects' node flags) and of one under tsx, before any code of ours. */
  processFloor: ProcessFloor;
  profile: Profile;
  scenarios: ScenarioResult[];
  targets: TargetVerdict[];
}

export function renderMarkdown(report: BenchReport): string {
  const { profile } = report;
  const lines: string[] = [];
  const first = profile.scenarios[0];
  const quietRate = Math.max(...profile.scenarios.map((spec) => spec.quietPerMinute));
  const exceptions = report.scenarios
    .filter((result) => result.scale !== report.scale)
    .map((result) => `${result.scale} at ${result.spec.openOrders} open orders`);
  const scales = `S = ${report.scale}${exceptions.length > 0 ? ` (${exceptions.join(', ')})` : ''}`;
  lines.push(`## Seller bridge benchmark — ${report.mode} mode, ${report.workload} workload, Telegram: ${report.telegram}`, '');
  lines.push(
    `Time compression ${scales}: every store duration ran S× faster; **every time below is store time** ` +
      `(real × S). Store: ${rateLimitOf(first ?? {})} requests per ${STORE_RATE_LIMIT.windowMs / 1000} s per key, poll interval ` +
      `${POLL_INTERVAL_MS / 1000} s. Buyers: up to 50 chatting chats (one message every ${(first?.chatGapMs ?? 0) / 1000} s each on ` +
      `average), ${quietRate} messages/min across quiet orders (fewer where there are few), ${first?.ordersPerMinute ?? 0} new paid order/min, and a ` +
      `burst in the middle of the window. Warm-up is discarded: measuring starts once the subject finished its first cycle, read every ` +
      `pre-existing chat once and ${profile.minWarmupMs / 60_000} min passed (or catching up made no progress for ` +
      `${profile.warmupStallMs / 60_000} min, or ${capText(profile, report, 'maxWarmupMs')} passed: then "complete? no"); then ${profile.measureMs / 60_000} min are measured and the ` +
      `run goes on (load included) until every measured event and every message written before it arrived, at most ${capText(profile, report, 'graceMaxMs')}. Latency = created at ` +
      `the store → sink call. ">" marks a lower bound (events still undelivered at the end count as "at least what they waited").`,
    '',
  );

  lines.push('### Latency, cost, correctness', '');
  lines.push(
    table(
      [
        'open',
        'subject',
        'hot p50 / p95 / p99',
        'quiet p50 / p95 / p99',
        'new order p50 / p95',
        'req/min',
        '429s',
        'lost (dropped)',
        'dup',
        'RSS MB: peak (before polling) · live heap',
        'CPU s (CPU/wall)',
        'DB MB',
      ],
      rows(report.scenarios, (result, run) => [
        String(result.spec.openOrders),
        run.subject,
        triple(run.latency.hot),
        triple(run.latency.quiet),
        `${show(run.latency.newOrders.p50)} / ${show(run.latency.newOrders.p95)}`,
        run.requests.perMinute.toFixed(1),
        String(run.requests.status429.wholeRun),
        `${run.correctness.undelivered} (${run.correctness.droppedAfterRead})`,
        String(run.correctness.duplicateMessages + run.correctness.duplicateOrders),
        `${run.resources.peakRssMB.toFixed(0)} (${run.resources.baselineRssMB.toFixed(0)}) · ${run.resources.liveHeapMB.toFixed(0)}`,
        `${run.resources.cpuSeconds.toFixed(1)} (${run.resources.cpuPerWall.toFixed(2)})`,
        run.subject === 'ours' ? (run.db.bytesAtEnd / 1048576).toFixed(2) : '–',
      ]),
    ),
    '',
  );

  lines.push(...floorTables(report.scenarios, report.telegram));
  lines.push(...sellerTables(report.scenarios, report.telegram, report.workload));
  lines.push(...topicTable(report.scenarios));

  lines.push('### Auto-delivery from stock', '');
  lines.push(
    `Ours starts with stock for one product of the store; ${shares(profile)} of the new paid orders (the burst's too) are of that ` +
      'product, the others as above. Latency = order paid (created) at the store → delivered there (`awaiting_confirmation`), ' +
      'for the stocked orders of the measured window. The delivered values are checked against the items the subject’s ' +
      'database reserved for each order. The naive poller has no stock.',
    '',
  );
  lines.push(
    table(
      [
        'open',
        'subject',
        'auto-delivery p50 / p95 (n)',
        'delivered (stocked orders)',
        'undelivered at end',
        'items in two orders / other values',
        'new order p95',
      ],
      rows(report.scenarios, (result, run) => {
        const auto = run.autoDelivery;
        return [
          String(result.spec.openOrders),
          run.subject,
          ...(auto
            ? [
                `${show(auto.latency.p50)} / ${show(auto.latency.p95)} (n=${auto.latency.n})`,
                `${auto.delivered} (${auto.stockedOrders})`,
                String(auto.undelivered),
                `${auto.itemsInTwoOrders} / ${auto.wrongValue}`,
              ]
            : ['n/a', 'n/a', 'n/a', 'n/a']),
          show(run.latency.newOrders.p95),
        ];
      }),
    ),
    '',
  );

  lines.push('### How the budget is shared (measured window, per store minute)', '');
  lines.push(
    table(
      [
        'open',
        'subject',
        'order lists',
        'chatting chats: reads (per chat)',
        'quiet chats: reads (per chat)',
        'new orders’ chats',
        'engine’s own hot / quiet count',
        'pre-existing chats never read (chatting / quiet)',
        'its chat reads as one round robin: every chat every (quiet p95 floor)',
      ],
      rows(report.scenarios, (result, run) => [
        String(result.spec.openOrders),
        run.subject,
        run.requests.ordersPerMinute.toFixed(1),
        `${run.chatReads.perMinute.chatting.toFixed(1)} (${run.chatReads.perChatPerMinute.chatting.toFixed(2)})`,
        `${run.chatReads.perMinute.quiet.toFixed(1)} (${run.chatReads.perChatPerMinute.quiet.toFixed(3)})`,
        run.chatReads.perMinute.new.toFixed(1),
        run.engineView ? `${run.engineView.hot.toFixed(0)} / ${run.engineView.quiet.toFixed(0)}` : '–',
        `${run.correctness.chatsNeverRead.chatting} / ${run.correctness.chatsNeverRead.quiet}`,
        roundRobinCell(result.roundRobin?.[run.subject]),
      ]),
    ),
    '',
  );

  lines.push('### The burst (mid-window)', '');
  lines.push(
    table(
      ['open', 'subject', 'burst', 'burst orders p95 / max', 'burst messages p50 / p95 / max', 'hot p95: 3 min before → after'],
      rows(report.scenarios, (result, run) => {
        const burst = run.latency.burst;
        return [
          String(result.spec.openOrders),
          run.subject,
          `${result.spec.burst.orders} orders + ${result.spec.burst.messages} msgs in ${result.spec.burst.spreadMs / 1000} s`,
          burst ? `${show(burst.orders.p95)} / ${show(burst.orders.max)}` : '–',
          burst ? `${show(burst.messages.p50)} / ${show(burst.messages.p95)} / ${show(burst.messages.max)}` : '–',
          burst ? `${show(burst.hotBefore.p95)} → ${show(burst.hotAfter.p95)}` : '–',
        ];
      }),
    ),
    '',
  );

  lines.push(...chatBurstTable(report.scenarios));

  lines.push('### Phases and the machine', '');
  lines.push(
    table(
      [
        'open',
        'S',
        'subject',
        'warm-up (complete?)',
        'hot p95 during warm-up',
        'measured',
        'grace',
        'real s',
        'CPU/wall subject / store',
        'subject event-loop delay p99 / max (real ms → store s)',
        'warnings',
      ],
      rows(report.scenarios, (result, run) => [
        String(result.spec.openOrders),
        String(result.scale),
        run.subject,
        `${(run.phases.warmupS / 60).toFixed(1)} min (${run.phases.warmupComplete ? 'yes' : `no: ${run.phases.unreadChatsAtWarmEnd} chats never read`})`,
        show(run.latency.hotDuringWarmup.p95),
        `${(run.phases.measureS / 60).toFixed(1)} min`,
        `${(run.phases.graceS / 60).toFixed(1)} min`,
        run.phases.realSeconds.toFixed(1),
        `${run.resources.cpuPerWall.toFixed(2)} / ${run.resources.storeCpuPerWall.toFixed(2)}`,
        `${run.resources.eventLoopDelayMs.p99.toFixed(1)} / ${run.resources.eventLoopDelayMs.max.toFixed(0)} ms → ${((run.resources.eventLoopDelayMs.p99 * result.scale) / 1000).toFixed(1)} / ${((run.resources.eventLoopDelayMs.max * result.scale) / 1000).toFixed(1)} s`,
        String(run.warnings.count),
      ]),
    ),
    '',
  );

  lines.push('### Targets', '');
  lines.push(
    table(
      ['target', 'open', 'measured', 'limit', 'verdict'],
      report.targets.map((verdict) => [
        verdict.target,
        String(verdict.openOrders),
        verdict.value,
        verdict.limit,
        verdict.met === true
          ? 'met'
          : verdict.met === false
            ? `**not met** ${verdict.by ?? ''}`
            : verdict.by
              ? `report: ${verdict.by}`
              : 'n/a',
      ]),
    ),
    '',
  );
  lines.push(
    `Memory: each subject runs alone in a child process (the store and the buyers live in the benchmark's process), so its RSS is ` +
      `its own. Floors before any code of ours: bare node ${report.processFloor.bareNodeRssMB.toFixed(0)} MB, node under the tsx ` +
      `loader ${report.processFloor.tsxRssMB.toFixed(0)} MB.` +
      ` Subjects ran ${report.subjectRuntime === 'tsx' ? 'under the tsx loader (not as `npm start` runs)' : 'as `npm start` runs the bridge: bundled, under plain node with its node flags'}.` +
      (report.subjectNodeFlags.length > 0 ? ` Subject node flags: \`${report.subjectNodeFlags.join(' ')}\`.` : '') +
      (report.tuning === undefined ? '' : ` Engine tuning overrides: \`${JSON.stringify(report.tuning)}\`.`),
    '',
  );
  const modified = report.source.modified.length > 0 ? ` plus uncommitted changes in ${report.source.modified.join(', ')}` : '';
  lines.push(
    `Real time: ${report.realSeconds.toFixed(0)} s on ${report.machine.cpus} CPUs, Node ${report.machine.node}; code at ${report.source.commit ?? 'unknown commit'}${modified}.`,
  );
  return lines.join('\n');
}

/** Writes `<mode>-<timestamp>.json` and the mode's latest file; returns the paths. */
export function writeResults(report: BenchReport, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const body = resultJson(report);
  // The default setting (uniform workload, private chat) has no suffix; the others say theirs.
  const variant = report.workload === 'uniform' && report.telegram === 'private' ? '' : `-${report.workload}-${report.telegram}`;
  const latest = report.partial ? 'latest-partial.json' : report.mode === 'full' ? `latest${variant}.json` : `latest-quick${variant}.json`;
  const paths = [join(dir, `${report.mode}${variant}${report.partial ? '-partial' : ''}-${stamp}.json`), join(dir, latest)];
  for (const path of paths) writeFileSync(path, body);
  return paths;
}

/** A result as written: numbers to three decimals, which is more than any of them is worth. */
export function resultJson(report: object): string {
  return `${JSON.stringify(report, (_key, value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1000) / 1000 : value), 2)}\n`;
}

/** The stocked share as a percentage ("50%"), or each one where scenarios differ. */
function shares(profile: Profile): string {
  const distinct = [...new Set(profile.scenarios.map((spec) => spec.stockedShare))];
  return distinct.map((share) => `${Math.round(share * 100)}%`).join(' or ');
}

/** A phase cap in minutes, with the scenarios that had their own ("45 min (70 at 5000 open orders)"). */
function capText(profile: Profile, report: BenchReport, cap: 'maxWarmupMs' | 'graceMaxMs'): string {
  const own = report.scenarios
    .filter((result) => result.spec.phases?.[cap] !== undefined && result.spec.phases[cap] !== profile[cap])
    .map((result) => `${(result.spec.phases?.[cap] ?? 0) / 60_000} at ${result.spec.openOrders} open orders`);
  return `${profile[cap] / 60_000} min${own.length > 0 ? ` (${own.join(', ')})` : ''}`;
}

/** A subject's chat reads as one round robin over the watched chats (scenario-result.ts `roundRobin`). */
function roundRobinCell(bound: { readEveryS: number; p95S: number } | undefined): string {
  return bound ? `${bound.readEveryS.toFixed(0)} s (${bound.p95S.toFixed(0)} s)` : '–';
}
