/** The report's chat-burst table (chat-burst.ts): ours and naive side by side, store seconds. */
import { rows, table } from './report-table.ts';
import type { ScenarioResult } from './scenario-result.ts';
import { show } from './targets.ts';

export function chatBurstTable(results: readonly ScenarioResult[]): string[] {
  return [
    '### The chat burst (three quarters into the window)',
    '',
    'Buyer messages on orders in conversation, 5 each, written within 5 s. "all in chat": first burst message created → ' +
      'the last one admitted by the fake Bot API (what the target judges); "drain": first handed to the sink → last in ' +
      'the chat; "sink → chat": each message handed to the sink → in the chat (the Telegram side alone); 429s counted ' +
      'from the first created to the last in the chat.',
    '',
    table(
      [
        'open',
        'subject',
        'burst',
        'all at sink',
        'all in chat',
        '→ chat p95 / max',
        'drain',
        'sink → chat p95 / max',
        'Telegram 429s',
        'Telegram messages',
      ],
      rows(results, (result, run) => {
        const burst = run.latency.chatBurst;
        const telegram = burst?.telegram;
        return [
          String(result.spec.openOrders),
          run.subject,
          burst ? `${burst.messages} msgs on ${burst.orders} orders` : '–',
          show(burst?.allAtSink),
          show(telegram?.allInChat),
          telegram ? `${show(telegram.perMessage.p95)} / ${show(telegram.perMessage.max)}` : '–',
          show(telegram?.drain),
          telegram ? `${show(telegram.sinkToChat.p95)} / ${show(telegram.sinkToChat.max)}` : '–',
          telegram ? String(telegram.status429) : '–',
          telegram ? String(telegram.telegramMessages) : '–',
        ];
      }),
    ),
    '',
  ];
}
