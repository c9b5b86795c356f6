/** The report's section on floors: every latency the seller lives through beside the least any bridge could reach. */
import { floorRows, JUDGED_OPEN_ORDERS, ratioMet, ratioText } from './floor-table.ts';
import type { TelegramMode } from './profiles.ts';
import { table } from './report-table.ts';
import type { ScenarioResult } from './scenario-result.ts';
import { show } from './targets.ts';

export function floorTables(results: readonly ScenarioResult[], telegram: TelegramMode): string[] {
  const lines: string[] = ['### Against the floors (p95, store seconds)', ''];
  lines.push(
    'B = chat reads a second the limit leaves once the paid list is read every poll interval. A line in a conversation ' +
      'the bridge could know of is found within a round over the conversations under way (K active: buyers who wrote ' +
      'twice within 10 min, each weighted by the chance it was known), a line out of the blue within a round over every ' +
      'open chat (K open); the class floor is the ' +
      'p95 of that mixture over its messages ("known" = their mean chance). New order: the next poll. Status change: ' +
      'the next pass of the open lists. In the chat, one message at the chat’s pace more, or what an ideal sender that ' +
      'sends the class first at the chat’s pace makes it wait ("of which Telegram") when that is longer. The chat burst: each of its chats ' +
      'read once (a line out of the blue found as above, a chat in touch within 20 min counting as known), then in the ' +
      'chat the later of the last found plus a message ' +
      'and one read plus a message per chat at the pace. Targets: within 1.5 × the floor ' +
      `(quiet: 2 ×), judged at ${JUDGED_OPEN_ORDERS.join(' and ')} open orders. bench/README.md, "The floors".`,
    '',
  );
  lines.push(
    table(
      ['open', 'K open / K active', 'B reads/s', 'round: every open chat / active', 'pace s/msg', 'open-list pages'],
      results.flatMap((result) => {
        const floors = result.floors;
        if (!floors) return [];
        return [
          [
            String(result.spec.openOrders),
            `${floors.openChats} / ${floors.activeChats.toFixed(1)}`,
            floors.chatReadsPerSecond.toFixed(2),
            `${floors.blindPeriodS.toFixed(0)} s / ${floors.knownPeriodS.toFixed(0)} s`,
            String(floors.paceS),
            String(floors.listPages),
          ],
        ];
      }),
    ),
    '',
  );
  lines.push(
    table(
      ['open', 'latency', 'ours', 'naive', 'floor', 'of which Telegram', 'known', 'ours / floor', 'naive / floor', 'target', 'verdict'],
      results.flatMap((result) =>
        floorRows(result, telegram).map((row) => {
          const judged = JUDGED_OPEN_ORDERS.includes(result.spec.openOrders) && result.ours !== undefined;
          const met = ratioMet(row);
          return [
            String(result.spec.openOrders),
            row.latency,
            show(row.ours),
            show(row.naive),
            row.floorS === undefined ? '–' : `${row.floorS.toFixed(1)} s`,
            row.telegramS === undefined ? '–' : `${row.telegramS.toFixed(1)} s`,
            row.known === undefined ? '–' : `${Math.round(row.known * 100)}%`,
            ratioText(row.ours, row.floorS),
            ratioText(row.naive, row.floorS),
            `≤ ${row.ratioMax}×`,
            !judged ? 'not judged' : met === true ? 'met' : met === false ? '**not met**' : 'open (censored)',
          ];
        }),
      ),
    ),
    '',
  );
  return lines;
}
