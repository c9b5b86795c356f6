/**
 * When would a rush (src/sync/rush.ts) start, at a given `rushRatio`? Two questions the report does not answer:
 * - `npx tsx bench/rush-replay.ts ledger FILE RATIO`: the buyer messages of a `--ledger` run, fed to a rush in the
 *   order the subject handed them to its sink (their written and found times, in store ms), print when each rush
 *   would start relative to the chat burst;
 * - `npx tsx bench/rush-replay.ts simulate RATIO...`: how many rushes 50 conversations writing at random (Poisson,
 *   every 90 s on average) start in 10 hours, with no burst at all.
 * The engine's rules at a 10 s poll interval; the other rush rules at their defaults.
 */
import { readFileSync } from 'node:fs';
import { mulberry32 } from '../src/sandbox/random.ts';
import type { OrderId } from '../src/seller-api/schemas.ts';
import { createRush } from '../src/sync/chats/rush.ts';
import { defaultTuning } from '../src/sync/run/tuning.ts';

const INTERVAL_MS = 10_000;
const MINUTE = 60_000;

function rushAt(ratio: number) {
  const tuning = defaultTuning(INTERVAL_MS);
  return createRush({ ...tuning, intervalMs: INTERVAL_MS, rushRatio: ratio }, 0);
}

interface LedgerMessage {
  orderId: string;
  kind: string;
  createdMs: number;
  deliveries: number[];
}

function replay(file: string, ratio: number): void {
  const ledger = JSON.parse(readFileSync(file, 'utf8')) as {
    storeMsPerRealMs: number;
    boundaries: { startedAt: number; chatBurstAt: number };
    messages: LedgerMessage[];
  };
  const store = (realMs: number) => (realMs - ledger.boundaries.startedAt) * ledger.storeMsPerRealMs;
  const burstAt = store(ledger.boundaries.chatBurstAt);
  const found = ledger.messages
    .filter((message) => message.kind !== 'history' && message.deliveries.length > 0)
    .map((message) => ({
      orderId: message.orderId as OrderId,
      writtenAt: store(message.createdMs),
      foundAt: store(message.deliveries[0] as number),
    }))
    .sort((a, b) => a.foundAt - b.foundAt);
  const rush = rushAt(ratio);
  for (const message of found) {
    if (rush.noteBuyerMessage(message.orderId, message.writtenAt, message.foundAt)) {
      console.log(`rushRatio ${ratio}: a rush starts ${((message.foundAt - burstAt) / 1000).toFixed(1)} s after the chat burst`);
    }
  }
}

function simulate(ratio: number): void {
  const random = mulberry32(7);
  const writes: { orderId: OrderId; at: number }[] = [];
  for (let chat = 0; chat < 50; chat++) {
    for (let at = 0; ; ) {
      at += -Math.log(1 - random()) * 1.5 * MINUTE;
      if (at > 600 * MINUTE) break;
      writes.push({ orderId: `ord_${chat}` as OrderId, at });
    }
  }
  writes.sort((a, b) => a.at - b.at);
  const rush = rushAt(ratio);
  // Found 5 s after it is written, as a chat read every interval would on average.
  const starts = writes.filter((write) => rush.noteBuyerMessage(write.orderId, write.at, write.at + 5_000)).length;
  console.log(`rushRatio ${ratio}: ${starts} rushes in 10 h of 50 conversations, no burst`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'ledger' && args[0] !== undefined) replay(args[0], Number(args[1] ?? 4));
else if (mode === 'simulate') for (const ratio of args.length > 0 ? args : ['4']) simulate(Number(ratio));
else console.error('usage: rush-replay.ts ledger FILE RATIO | simulate RATIO...');
