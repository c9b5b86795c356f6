/** The bot pacer under compression: its per-chat gap is calibrated for the pacer's timer lateness. */
import { describe, expect, it } from 'vitest';
import { calibratePacer } from '../../bench/subject/pacer-calibration.ts';

describe('calibratePacer', () => {
  it('measures the pacer’s lateness and takes it off the gap plus a 5% margin, never below a quarter of it', async () => {
    const calibration = await calibratePacer(10);
    expect(calibration.gapMs).toBe(10);
    expect(calibration.latenessMs).toBeGreaterThanOrEqual(0);
    expect(calibration.calibratedGapMs).toBeCloseTo(Math.max(2.5, 10.5 - calibration.latenessMs), 6);
  });
});
