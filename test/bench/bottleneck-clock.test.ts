/** The bot pacer under compression: its windows (Bottleneck reservoirs) compress, counts unchanged; its gap is calibrated. */
import Bottleneck from 'bottleneck';
import { describe, expect, it } from 'vitest';
import { compressBottleneckClock } from '../../bench/subject/bottleneck-clock.ts';
import { calibratePacer } from '../../bench/subject/pacer-calibration.ts';

describe('compressBottleneckClock', () => {
  it('makes a reservoir of one a minute refill every minute / S', async () => {
    compressBottleneckClock(600);
    const limiter = new Bottleneck({ reservoir: 1, reservoirRefreshAmount: 1, reservoirRefreshInterval: 60_000 });
    const started = Date.now();
    // Three jobs need two refills: two minutes uncompressed, about 200 ms at S = 600.
    await Promise.all([1, 2, 3].map((n) => limiter.schedule(async () => n)));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await limiter.stop();
  });
});

describe('calibratePacer', () => {
  it('measures the pacer’s lateness and takes it off the gap, never below a quarter of it', async () => {
    const calibration = await calibratePacer(10);
    expect(calibration.gapMs).toBe(10);
    expect(calibration.latenessMs).toBeGreaterThanOrEqual(0);
    expect(calibration.calibratedGapMs).toBeCloseTo(Math.max(2.5, 10 - calibration.latenessMs), 6);
  });
});
