/** The bot's pacer windows (Bottleneck reservoirs) compress with the benchmark's clock, counts unchanged. */
import Bottleneck from 'bottleneck';
import { describe, expect, it } from 'vitest';
import { compressBottleneckClock } from '../../bench/subject/bottleneck-clock.ts';

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
