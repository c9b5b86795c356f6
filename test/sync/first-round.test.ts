/**
 * A first run's round over many adopted chats, simulated with the schedule's own rules (a clock, no timings): the
 * engine reads the due chats in priority order, a quarter to the sweep, as many as the budget allows each interval.
 * At 5000 open orders the round takes 47 min; a conversation it found must be read again at its own pace, not when
 * every other chat had its first read.
 */
import { expect, it } from 'vitest';
import type { ChatCursor } from '../../src/db/chat-cursors.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { afterRead, heatOf, meanHeatOf, readPriority, withOldestShare } from '../../src/sync/chats/chat-schedule.ts';
import { MINUTE, NOW, SECOND, scheduleRules } from '../support/schedule-rules.ts';

const rules = scheduleRules();

/** An order found in progress by a first run: never read, its last activity long before it was first seen. */
const adopted = (orderId: string, start: number): ChatCursor => ({
  orderId: orderId as OrderId,
  cursorAt: undefined,
  cursorMs: undefined,
  lastActivityAt: start - rules.hotWindowMs - 1,
  nextReadAt: start,
  emptyReads: 0,
  failures: 0,
  firstSeenAt: start,
  lastReadAt: undefined,
});

it('reads a conversation found early in a long first round again at its own pace, not after the round', () => {
  // 2000 adopted chats, 18 reads an interval (the budget at 120 a minute), a quarter to the sweep; 20 buyers
  // write every 90 s, from 10 min before the start. Each chat's first read finds what its buyer wrote so far.
  const start = NOW;
  const writers = new Set(Array.from({ length: 20 }, (_, n) => `o${n * 100 + 37}`));
  const since = start - 10 * MINUTE;
  const writtenUntil = (orderId: string, at: number) =>
    writers.has(orderId) ? Array.from({ length: Math.floor((at - since) / (90 * SECOND)) }, (_, n) => since + (n + 1) * 90 * SECOND) : [];
  let chats = Array.from({ length: 2000 }, (_, n) => adopted(`o${n}`, start));
  const reads = new Map<string, number[]>();
  const known = new Map<string, number[]>();
  for (let at = start; at < start + 40 * MINUTE; at += rules.intervalMs) {
    const meanHeat = meanHeatOf(known, chats.length, at, rules);
    const due = chats
      .filter((cursor) => cursor.nextReadAt <= at)
      .map((cursor) => ({
        cursor,
        priority: readPriority(cursor, at, rules, heatOf(known.get(cursor.orderId) ?? [], at, rules), meanHeat),
      }))
      .sort((a, b) => b.priority - a.priority || a.cursor.nextReadAt - b.cursor.nextReadAt);
    const chosen = new Set(
      withOldestShare(due, 0.25)
        .slice(0, 18)
        .map(({ cursor }) => cursor.orderId),
    );
    chats = chats.map((cursor) => {
      if (!chosen.has(cursor.orderId)) return cursor;
      reads.set(cursor.orderId, [...(reads.get(cursor.orderId) ?? []), at]);
      const written = writtenUntil(cursor.orderId, at);
      const news = written.length > (known.get(cursor.orderId) ?? []).length;
      known.set(cursor.orderId, written);
      const read = news ? { ...cursor, cursorAt: 'x', lastActivityAt: written.at(-1) as number } : cursor;
      return { ...read, ...afterRead(read, at, news, rules, heatOf(written, at, rules)), lastReadAt: at };
    });
  }
  const roundEnd = Math.max(...chats.map((cursor) => (reads.get(cursor.orderId) ?? [Number.POSITIVE_INFINITY])[0] as number));
  expect(roundEnd - start).toBeGreaterThan(15 * MINUTE);
  // Found in the round's first 10 minutes: read again within 2 minutes (20-70 s; before, up to 870 s: when the
  // never-read chats were all read).
  const foundEarly = [...writers].filter((orderId) => ((reads.get(orderId) ?? [])[0] as number) < start + 10 * MINUTE);
  expect(foundEarly.length).toBeGreaterThan(3);
  for (const orderId of foundEarly) {
    const [first, second] = reads.get(orderId) as number[];
    expect((second as number) - (first as number)).toBeLessThanOrEqual(2 * MINUTE);
  }
});
