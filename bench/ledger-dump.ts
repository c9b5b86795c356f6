/**
 * `--ledger DIR`: the run's ledger as JSON, for questions the report does not answer (why was this chat not read
 * for three minutes?): every chat read, message and order with their times (real ms, `storeMsPerRealMs` converts),
 * the status changes, and every Telegram send or edit. Message texts and ids of the store's items are not in it;
 * nothing secret is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Collector } from './collector.ts';
import type { TimeScale } from './time-scale.ts';

export function writeLedger(dir: string, name: string, collector: Collector, scale: TimeScale, boundaries: object): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.json`);
  const ledger = {
    storeMsPerRealMs: scale.toStoreMs(1),
    boundaries,
    reads: collector.reads,
    messages: [...collector.messages.entries()].map(([id, entry]) => ({
      id,
      orderId: entry.orderId,
      kind: entry.kind,
      topic: entry.topic,
      createdMs: entry.createdMs,
      deliveries: entry.deliveries,
      telegram: entry.telegram,
    })),
    orders: [...collector.orders.entries()].map(([id, entry]) => ({
      id,
      kind: entry.kind,
      stocked: entry.stocked,
      createdMs: entry.createdMs,
      appeared: entry.appeared,
      cards: entry.cards,
    })),
    statusChanges: collector.statusChanges,
    telegram: collector.telegramEvents,
  };
  writeFileSync(path, JSON.stringify(ledger));
  return path;
}
