/**
 * The passes over the non-paid lists take their least share of the rate limit while they find nothing, and the busy
 * share while they find changes made elsewhere: at 1000 open orders (11 pages) a pass every 55 s instead of 3 min.
 */
import { expect, it } from 'vitest';
import { createStatusPassShare } from '../../src/sync/orders/status-pass-share.ts';

const rules = { statusListsMaxShare: 0.03, statusListsBusyShare: 0.1, rateWindowMs: 60_000, intervalMs: 10_000 };

it('spaces passes by their cost at the least share, and closer while the last pass found changes', () => {
  const share = createStatusPassShare(rules);
  // Nothing known yet: a pass may start, a page a cycle.
  expect(share.affordable(120, 0)).toBe(true);
  expect(share.pagesPerCycle(120)).toBe(1);

  // 11 pages, no change: 11 / (120 × 0.03) windows = 183 s between starts.
  share.finished(11, 0, share.started());
  expect(share.lastPages()).toBe(11);
  expect(share.affordable(120, 183_000)).toBe(false);
  expect(share.affordable(120, 184_000)).toBe(true);

  // A pass that saw two changes: 11 / (120 × 0.1) windows = 55 s, two pages a cycle.
  const mark = share.started();
  share.noteChange();
  share.noteChange();
  share.finished(11, 200_000, mark);
  expect(share.affordable(120, 254_000)).toBe(false);
  expect(share.affordable(120, 255_000)).toBe(true);
  expect(share.pagesPerCycle(120)).toBe(2);

  // The next one found none: back to the least share.
  share.finished(11, 300_000, share.started());
  expect(share.affordable(120, 400_000)).toBe(false);
  expect(share.pagesPerCycle(120)).toBe(1);
  // A store without rate-limit headers: never held back.
  expect(share.affordable(undefined, 300_001)).toBe(true);
});
