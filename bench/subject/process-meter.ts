/** What the subject costs: peak RSS and heap (sampled), CPU time, event-loop delay. */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessMeter {
  sample(): { rssBytes: number; heapUsedBytes: number; cpuMicros: number };
  peaks(): { rssBytes: number; heapUsedBytes: number };
  eventLoopDelayMs(): { p50: number; p99: number; max: number };
  /** Starts the event-loop delay histogram afresh (the measured window begins). */
  resetEventLoopDelay(): void;
  stop(): void;
}

export function startProcessMeter(everyMs: number): ProcessMeter {
  let peakRss = 0;
  let peakHeap = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();

  const sample = () => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    const cpu = process.cpuUsage();
    return { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, cpuMicros: cpu.user + cpu.system };
  };
  const timer = setInterval(sample, everyMs);
  timer.unref();
  sample();

  return {
    sample,
    peaks: () => ({ rssBytes: peakRss, heapUsedBytes: peakHeap }),
    eventLoopDelayMs: () => ({
      p50: delay.percentile(50) / 1e6,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
    }),
    resetEventLoopDelay: () => delay.reset(),
    stop() {
      clearInterval(timer);
      delay.disable();
    },
  };
}
