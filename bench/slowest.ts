/**
 * Why a p95 is what it is: the slowest measured messages of a class, each with what its chat's reads looked like
 * around it (the read before it was written, the first after, and the gap between them). A quiet p95 of a few dozen
 * messages is its slowest two or three: this says whether the chat was read rarely, or read and not relayed.
 */
import type { MessageEntry } from './collector.ts';
import type { RunRecord } from './run-subject.ts';

export interface SlowMessage {
  /** Store seconds, written → sink (or → the end of the run when never delivered). */
  latencyS: number;
  delivered: boolean;
  /** Whose order: a pre-existing one (`open`), a new one, a burst one. */
  orderKind: string;
  topic: string | undefined;
  /** Store seconds from the chat's last read before the message to the message (undefined: never read before). */
  readBeforeS: number | undefined;
  /** Store seconds from the message to the chat's first read after it (undefined: none). */
  readAfterS: number | undefined;
  /** Store seconds between those two reads: how often the chat was read then. */
  readGapS: number | undefined;
  /** Reads of the chat in the 10 store minutes before the message. */
  readsInTenMinutesBefore: number;
}

const TEN_MINUTES_MS = 600_000;

/** The `count` slowest measured messages of `kind`, slowest first. */
export function slowestMessages(run: RunRecord, kind: MessageEntry['kind'], count = 3): SlowMessage[] {
  const { collector, scale, times } = run;
  const readsByOrder = new Map<string, number[]>();
  for (const read of collector.reads) {
    const list = readsByOrder.get(read.orderId) ?? [];
    list.push(read.at);
    readsByOrder.set(read.orderId, list);
  }
  const storeS = (realMs: number) => scale.toStoreSeconds(realMs);
  const entries = [...collector.messages.values()].filter((entry) => entry.kind === kind && entry.measured);
  const waited = (entry: MessageEntry) => (entry.deliveries[0] ?? times.endAt) - entry.createdMs;
  return entries
    .sort((a, b) => waited(b) - waited(a))
    .slice(0, count)
    .map((entry) => {
      const reads = readsByOrder.get(entry.orderId) ?? [];
      const before = reads.filter((at) => at <= entry.createdMs).at(-1);
      const after = reads.find((at) => at > entry.createdMs);
      const windowStart = entry.createdMs - scale.toReal(TEN_MINUTES_MS);
      return {
        latencyS: storeS(waited(entry)),
        delivered: entry.deliveries.length > 0,
        orderKind: collector.orders.get(entry.orderId)?.kind ?? 'unknown',
        topic: entry.topic,
        readBeforeS: before === undefined ? undefined : storeS(entry.createdMs - before),
        readAfterS: after === undefined ? undefined : storeS(after - entry.createdMs),
        readGapS: before === undefined || after === undefined ? undefined : storeS(after - before),
        readsInTenMinutesBefore: reads.filter((at) => at > windowStart && at <= entry.createdMs).length,
      };
    });
}
