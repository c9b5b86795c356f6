/**
 * DAILY_SUMMARY_AT through the fake Bot API: the bot's clock is the test's (Asia/Kolkata, 09:00 there is 03:30 UTC),
 * checks run every few milliseconds, and restarts are real ones over the same database file. A summary goes out once
 * per local day: at its minute, not again after a restart in that minute, and once after a downtime that missed it.
 */
import { afterEach, expect, it } from 'vitest';
import { createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(() => h?.close());

let clock = 0;
const at = (iso: string) => Date.parse(iso);

async function start(now: string): Promise<BridgeHarness> {
  clock = at(now);
  return createBridgeHarness({
    bot: { dailySummaryAt: { hour: 9, minute: 0 }, timeZone: 'Asia/Kolkata', dailySummaryCheckMs: 10, now: () => clock },
  });
}

const summaries = (harness: BridgeHarness) =>
  harness.telegram
    .botMessages(GROUP_ID)
    .map((message) => message.text)
    .filter((text) => text.startsWith('🗓 Daily summary'));

/** Long enough for many checks (every 10 ms) to have run. */
const severalChecks = () => new Promise((resolve) => setTimeout(resolve, 150));

it('posts once at its minute, not again after a restart in that minute, and again the next day', async () => {
  h = await start('2026-11-23T03:29:00Z'); // 08:59 in Kolkata: nothing yet (yesterday's slot predates this setup)
  await severalChecks();
  expect(summaries(h)).toEqual([]);

  clock = at('2026-11-23T03:30:00Z');
  await eventually(() => expect(summaries(h!)).toHaveLength(1));
  expect(summaries(h)[0]).toContain('🗓 Daily summary for 2026-11-23');
  expect(summaries(h)[0]).toContain('📊 Today (2026-11-23)');
  expect(summaries(h)[0]).toContain('📈 Last 7 days (2026-11-17 – 2026-11-23)');
  expect(summaries(h)[0]).toContain('As of 2026-11-23 09:00, Asia/Kolkata time');

  clock = at('2026-11-23T03:30:40Z'); // still 09:00
  await h.restart();
  await severalChecks();
  expect(summaries(h)).toHaveLength(1);

  clock = at('2026-11-24T03:30:05Z');
  await eventually(() => expect(summaries(h!)).toHaveLength(2));
  expect(summaries(h)[1]).toContain('for 2026-11-24');
  await severalChecks();
  expect(summaries(h)).toHaveLength(2);
});

it('a summary missed while the bridge was down is posted once at the next start', async () => {
  h = await start('2026-11-23T03:30:20Z'); // within the minute: today's is posted
  await eventually(() => expect(summaries(h!)).toHaveLength(1));
  await h.stopBridge();

  clock = at('2026-11-24T06:00:00Z'); // 11:30 the next day: 09:00 passed while down
  await h.restart();
  await eventually(() => expect(summaries(h!)).toHaveLength(2));
  expect(summaries(h)[1]).toContain('for 2026-11-24');
  // As of the slot, not of the late start.
  expect(summaries(h)[1]).toContain('As of 2026-11-24 09:00');

  await h.restart();
  await severalChecks();
  expect(summaries(h)).toHaveLength(2);
});
