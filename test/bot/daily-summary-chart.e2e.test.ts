/**
 * The daily summary's chart: the text goes first (a notice, held across restarts), then the last 7 days' chart as a
 * photo with the period's totals as its caption. Orders are real sandbox orders taken through the bridge, so the
 * slot is set a little ahead of the real clock and the bot's clock is moved onto it.
 */
import { afterEach, expect, it } from 'vitest';
import { createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(() => h?.close());

it('posts the summary, then its chart as a photo with the totals', async () => {
  const slot = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
  let clock = Date.now();
  h = await createBridgeHarness({
    bot: {
      dailySummaryAt: { hour: slot.getUTCHours(), minute: slot.getUTCMinutes() },
      timeZone: 'UTC',
      dailySummaryCheckMs: 10,
      now: () => clock,
    },
  });
  await h.takePaidOrder();
  const posted = () => h!.telegram.botMessages(GROUP_ID).filter((m) => m.text.startsWith('🗓 Daily summary') || m.media?.kind === 'photo');
  expect(posted()).toEqual([]);

  clock = slot.getTime() + 1_000;
  // The first chart loads the renderer: up to a second or two on a busy machine.
  await eventually(() => expect(posted()).toHaveLength(2), 15_000);
  const [summary, chart] = posted();
  expect(summary!.text).toContain('New paid orders: 1');
  expect(chart!.media?.kind).toBe('photo');
  expect(chart!.media!.file.bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(chart!.text).toMatch(/^📊 \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d: 1 new paid order, revenue 0$/);
  expect(chart!.messageId).toBeGreaterThan(summary!.messageId);
});
