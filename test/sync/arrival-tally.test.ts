/**
 * The sweep's share follows the buyer messages of the last hot window that no prior predicted: those written in a
 * chat with no activity (order event, seller action, message) within a hot window before them.
 */
import { expect, it } from 'vitest';
import { createArrivalTally } from '../../src/sync/chats/arrival-tally.ts';

const MINUTE = 60_000;
const rules = { hotWindowMs: 10 * MINUTE, sweepShareMin: 0.25, sweepShareMax: 0.75, sweepPerUnpredicted: 2 };

it('counts a message unpredicted when its chat was silent for a hot window before it, and forgets after a window', () => {
  const tally = createArrivalTally(rules);
  const t = 100 * MINUTE;
  expect(tally.sweepShare(t)).toBe(0.25);
  // Five messages just after an event or a message: predicted.
  for (let n = 0; n < 5; n++) tally.note(t, t - 10_000, t - 2 * MINUTE);
  expect(tally.sweepShare(t)).toBe(0.25);
  // One out of the blue (last activity 30 min before): 1 in 6, twice that is a third.
  tally.note(t + 1_000, t, t - 30 * MINUTE);
  expect(tally.sweepShare(t + 1_000)).toBeCloseTo(1 / 3, 9);
  // Read late: what counts is whether the chat was active before the message was written, not before the read.
  tally.note(t + 2_000, t - 20 * MINUTE, t - 35 * MINUTE);
  expect(tally.sweepShare(t + 2_000)).toBeCloseTo(4 / 7, 9);
  // A hot window later the five predicted ones and the first unpredicted are forgotten; then all.
  expect(tally.sweepShare(t + 10 * MINUTE + 1_001)).toBe(0.75);
  expect(tally.sweepShare(t + 10 * MINUTE + 1_500)).toBe(0.75);
  expect(tally.sweepShare(t + 10 * MINUTE + 2_001)).toBe(0.25);
});
