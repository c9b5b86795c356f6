/**
 * Compresses the bot's pacing clock by S. The bridge paces Telegram calls with Bottleneck (src/bot/transport/
 * telegram-pacer.ts): its per-chat gap is a knob the benchmark divides by S, but the group reservoir refreshes every
 * 60 000 ms and the global one every 1000 ms, written in the pacer, and Bottleneck checks them on a 250 ms heartbeat.
 * Left alone, a group could send 20 × S messages per real minute in a burst, and the fake Bot API (which counts in
 * store time) would answer 429s the real bridge never earns. So, in the subject process only, every Bottleneck
 * datastore gets its refresh intervals and heartbeat divided by S before it starts its timer: counts stay, durations
 * compress, as for everything else in the run. Bench-only; nothing in src/ is changed.
 */
import LocalDatastore from 'bottleneck/lib/LocalDatastore.js';

const COMPRESSED = Symbol('bench: Bottleneck timers compressed');

export function compressBottleneckClock(factor: number): void {
  const prototype = LocalDatastore.prototype as typeof LocalDatastore.prototype & { [COMPRESSED]?: number };
  if (prototype[COMPRESSED] !== undefined) return;
  prototype[COMPRESSED] = factor;
  const start = prototype._startHeartbeat;
  prototype._startHeartbeat = function compressedHeartbeat(this: typeof prototype & { [COMPRESSED]?: boolean }) {
    if (!Object.hasOwn(this, COMPRESSED)) {
      Object.defineProperty(this, COMPRESSED, { value: true });
      const options = this.storeOptions;
      if (options.reservoirRefreshInterval != null) options.reservoirRefreshInterval /= factor;
      if (options.reservoirIncreaseInterval != null) options.reservoirIncreaseInterval /= factor;
      this.heartbeatInterval = Math.max(1, this.heartbeatInterval / factor);
    }
    return start.call(this);
  };
}
