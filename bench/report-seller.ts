/** The report's sections on what the seller sees: the Telegram side, status changes, and the start-up rows. */
import type { LatencyStats } from './metrics.ts';
import type { TelegramMode, WorkloadName } from './profiles.ts';
import { rows, table, triple } from './report-table.ts';
import type { ScenarioResult } from './scenario-result.ts';
import type { StartupRow } from './seller-view.ts';
import { show } from './targets.ts';

const TELEGRAM_TEXT: Record<TelegramMode, string> = {
  private:
    'Both subjects post to a fake Bot API that enforces Telegram’s limits in store time (a chat: bursts of 3, then 1 message/s; ' +
    '30/s overall; edits count) and answers 429 with `retry_after` beyond them; here the seller’s chat is a **private chat**. ' +
    'Ours runs the bridge’s real bot layer; the naive poller a simple bot (one `sendMessage` per card and message, in order, ' +
    'waiting out `retry_after`).',
  group:
    'Both subjects post to a fake Bot API that enforces Telegram’s limits in store time (a chat: bursts of 3, then 1 message/s; ' +
    'a group also 20 a minute; 30/s overall; edits count) and answers 429 with `retry_after` beyond them; here the seller’s chat ' +
    'is a **group**. Ours runs the bridge’s real bot layer; the naive poller a simple bot (one `sendMessage` per card and ' +
    'message, in order, waiting out `retry_after`).',
  sink: 'No Telegram model (`--telegram sink`): the subjects hand events to a recording sink that answers at once (the store side only).',
};

export function sellerTables(results: readonly ScenarioResult[], telegram: TelegramMode, workload: WorkloadName): string[] {
  const lines: string[] = [];
  lines.push('### What the seller sees: Telegram side', '');
  lines.push(
    `${TELEGRAM_TEXT[telegram]} Latency = created at the store → admitted by the fake Bot API (measured window). Status change = ` +
      'the store changed an order’s status through its control API → the sink got the order with it / its card was edited (or a ' +
      `new message about it sent) in the chat${workload === 'uniform' ? '; the uniform workload changes no status (–)' : ''}. ` +
      '"Gap in a backlog" = median store time between two sends or edits admitted back to back (gaps under 3 s): Telegram ' +
      'allows 1 s in a chat; well above that with no 429s, the bot’s own per-message work (real ms × S: the machine) set ' +
      'the pace, and the Telegram-side figures are pessimistic — rerun with a lower `--scale`.',
    '',
  );
  lines.push(
    table(
      [
        'open',
        'subject',
        'hot → chat p50 / p95 / p99',
        'quiet → chat p50 / p95 / p99',
        'order paid → card p50 / p95',
        'status change → sink p50 / p95',
        'status change → chat p50 / p95',
        'Telegram 429s',
        'gap in a backlog p50',
        'hot → sink p95 (store side)',
      ],
      rows(results, (result, run) => {
        const side = run.seller.telegram;
        const change = run.seller.statusChange;
        return [
          String(result.spec.openOrders),
          run.subject,
          side ? triple(side.hot) : '–',
          side ? triple(side.quiet) : '–',
          side ? pair(side.newOrderCard) : '–',
          pair(change.sink),
          change.telegram ? pair(change.telegram) : '–',
          side ? String(side.status429) : '–',
          side?.backlogGapS === undefined ? '–' : `${side.backlogGapS.toFixed(2)} s`,
          show(run.latency.hot.p95),
        ];
      }),
    ),
    '',
  );

  lines.push('### Start-up: the first 10 minutes', '');
  lines.push(
    'Messages written in the first 10 store minutes after the subject started polling, delivered whenever (censored at the ' +
      'end of that run). **Cold**: the run itself — an empty database, a store with history. **Warm**: the same subject ' +
      'restarted afterwards on the database its run left, the buyers still writing (the naive poller keeps no state: its ' +
      'restart is cold again). Same definitions in quick and full mode; in full mode these messages fall in the warm-up, in quick ' +
      'mode (2 min of warm-up at least) partly in the measured window.',
    '',
  );
  lines.push(
    table(
      [
        'open',
        'subject',
        'start',
        'hot → sink p50 / p95 (n)',
        'hot → chat p50 / p95',
        'every message → chat p50 / p95 (n)',
        'Telegram 429s',
      ],
      results.flatMap((result) =>
        [result.ours, result.naive].flatMap((run) =>
          run
            ? (['cold', 'warm'] as const).map((start) => startupCells(result, run.subject, start, run.seller.startup[start], telegram))
            : [],
        ),
      ),
    ),
    '',
  );
  return lines;
}

function startupCells(result: ScenarioResult, subject: string, start: string, row: StartupRow, telegram: TelegramMode): string[] {
  return [
    String(result.spec.openOrders),
    subject,
    start,
    `${pair(row.hotSink)} (n=${row.hotSink.n})`,
    row.hotTelegram ? pair(row.hotTelegram) : '–',
    `${pair(row.allMessages)} (n=${row.allMessages.n})${telegram === 'sink' ? ' (sink)' : ''}`,
    row.status429 === undefined ? '–' : String(row.status429),
  ];
}

function pair(stats: LatencyStats): string {
  return stats.n === 0 ? '–' : `${show(stats.p50)} / ${show(stats.p95)}`;
}
