/**
 * The chat schedule's ordering rules when the budget is short: which due chat is read first. The engine tests
 * show the outcome over time (rate-limit.test.ts); these pin the rules themselves.
 */
import { describe, expect, it } from 'vitest';
import type { ChatCursor } from '../../src/db/chat-cursors.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import {
  afterFailure,
  afterRead,
  heatOf,
  longestUnreadFirst,
  meanHeatOf,
  readPriority,
  sweepShare,
  withOldestShare,
  stalenessBoundMs,
  warmPeriods,
} from '../../src/sync/chats/chat-schedule.ts';
import { MINUTE, NOW, SECOND, scheduleRules } from '../support/schedule-rules.ts';

const rules = scheduleRules({ quietWeight: 1 });

function chat(overrides: Partial<ChatCursor>): ChatCursor {
  return {
    orderId: 'o1' as OrderId,
    cursorAt: '2026-11-22T10:00:00.000Z',
    cursorMs: NOW - MINUTE,
    lastActivityAt: NOW - MINUTE,
    nextReadAt: NOW,
    emptyReads: 0,
    failures: 0,
    firstSeenAt: NOW - 2 * 60 * MINUTE,
    lastReadAt: undefined,
    ...overrides,
  };
}

/** A chat that had messages a minute ago and is `lateBy` past its due time. */
const hotChat = (lateBy: number) => chat({ nextReadAt: NOW - lateBy });
/** A chat silent for an hour, read empty often enough to sit at the ceiling. */
const quietChat = (lateBy: number) => chat({ lastActivityAt: NOW - 60 * MINUTE, emptyReads: 8, nextReadAt: NOW - lateBy });
/** An order first seen in a later status (adopted): its chat starts quiet and was never read. */
const adoptedChat = (lateBy: number) =>
  chat({ cursorAt: undefined, cursorMs: undefined, lastActivityAt: NOW - rules.hotWindowMs - 1, nextReadAt: NOW - lateBy });

describe('how warm a chat is', () => {
  it('counts a fresh message 1, and e times less every hot window, up to four windows', () => {
    expect(heatOf([NOW], NOW, rules)).toBe(1);
    expect(heatOf([NOW - 10 * MINUTE], NOW, rules)).toBeCloseTo(Math.exp(-1), 9);
    expect(heatOf([NOW, NOW - 10 * MINUTE, NOW - 20 * MINUTE], NOW, rules)).toBeCloseTo(1 + Math.exp(-1) + Math.exp(-2), 9);
    expect(heatOf([NOW - 41 * MINUTE], NOW, rules)).toBe(0);
    // A message stamped a little ahead of our clock counts as fresh, not more.
    expect(heatOf([NOW + 5 * SECOND], NOW, rules)).toBe(1);
    // Five lines within an interval are one turn, counted from its first line; a line an interval later is another.
    const lines = [NOW - 4 * SECOND, NOW - 3 * SECOND, NOW - 2 * SECOND, NOW - 1 * SECOND, NOW];
    expect(heatOf(lines, NOW, rules)).toBeCloseTo(Math.exp(-4 / 600), 9);
    expect(heatOf([NOW, NOW - rules.intervalMs], NOW, rules)).toBeCloseTo(1 + Math.exp(-10 / 600), 9);
  });

  it('settles near 7 for a buyer writing every 90 s', () => {
    const conversation = Array.from({ length: 30 }, (_, n) => NOW - n * 90 * SECOND);
    expect(heatOf(conversation, NOW, rules)).toBeGreaterThan(6.5);
    expect(heatOf(conversation, NOW, rules)).toBeLessThan(7.5);
  });
});

describe('the period a warm chat’s lateness counts in', () => {
  it('is one interval for a conversation and the square root more for a cooler chat', () => {
    expect(warmPeriods(7, rules)).toBe(1);
    expect(warmPeriods(4, rules)).toBe(1);
    expect(warmPeriods(1, rules)).toBe(2);
    expect(warmPeriods(2, rules)).toBeCloseTo(Math.SQRT2, 9);
  });

  it('never exceeds what a quiet chat gets, and is that for a cold one', () => {
    expect(warmPeriods(1e-9, rules)).toBe(16);
    expect(warmPeriods(0, { ...rules, quietWeight: 3 })).toBe(48);
  });
});

describe('which due chat is read first', () => {
  it('puts a conversation before a one-off question that is somewhat later', () => {
    // Both last spoke a minute ago, which warms each by e^-0.4 more (eventWarmth).
    const conversation = readPriority(hotChat(15 * SECOND), NOW, rules, 7);
    const oneOff = readPriority(hotChat(20 * SECOND), NOW, rules, 1);
    expect(conversation).toBeGreaterThan(oneOff);
    // ...but not before one late by more than its longer period makes up for.
    expect(readPriority(hotChat(35 * SECOND), NOW, rules, 1)).toBeGreaterThan(conversation);
  });

  it('lets a quiet chat wait its ceiling times longer, and `quietWeight` times more again', () => {
    const hot = readPriority(hotChat(10 * SECOND), NOW, rules, 4);
    expect(readPriority(quietChat(150 * SECOND), NOW, rules, 0)).toBeLessThan(hot);
    expect(readPriority(quietChat(170 * SECOND), NOW, rules, 0)).toBeGreaterThan(hot);
    expect(readPriority(quietChat(170 * SECOND), NOW, { ...rules, quietWeight: 2 }, 0)).toBeLessThan(hot);
  });

  it('keeps a conversation paused past the hot window near the front, not at the quiet end', () => {
    const lastMessage = NOW - 12 * MINUTE;
    const conversation = Array.from({ length: 30 }, (_, n) => lastMessage - n * 90 * SECOND);
    const paused = chat({ lastActivityAt: lastMessage, emptyReads: 3, nextReadAt: NOW - 30 * SECOND });
    const heat = heatOf(conversation, NOW, rules);
    const weighted = { ...rules, quietWeight: 3 };
    // Cooled to a bit over 2: its lateness counts in about 1.4 intervals, against 48 for a quiet chat.
    expect(readPriority(paused, NOW, weighted, heat)).toBeGreaterThan(readPriority(hotChat(20 * SECOND), NOW, weighted, 1));
    expect(readPriority(paused, NOW, weighted, heat)).toBeGreaterThan(readPriority(quietChat(10 * MINUTE), NOW, weighted, 0));
  });

  it('reads a never-read chat (adopted, or any chat of a first run) like the average chat, at most one fresh message', () => {
    // A first run at 100 open orders: every chat due since start-up, a minute ago; nothing is known of any, and the
    // chats read so far hold conversations (the average watched chat is warmer than one fresh message).
    const adopted = readPriority(adoptedChat(MINUTE), NOW, rules, 0, 3);
    expect(adopted).toBeCloseTo(MINUTE / (2 * rules.intervalMs), 6);
    // A conversation found meanwhile goes first once it is half as late, not 16 (or 48) times less.
    expect(readPriority(hotChat(31 * SECOND), NOW, rules, 7)).toBeGreaterThan(adopted);
    expect(readPriority(hotChat(29 * SECOND), NOW, rules, 7)).toBeLessThan(adopted);
    // ...and it comes well before the quiet chats that were read since.
    expect(adopted).toBeGreaterThan(readPriority(quietChat(5 * MINUTE), NOW, { ...rules, quietWeight: 3 }, 0));
  });

  it('does not let thousands of never-read chats outrank the conversations their first round found', () => {
    const weighted = { ...rules, quietWeight: 3 };
    // A first run at 5000 open orders, 30 min in: 50 conversations of heat 6 among them, 0.06 on average.
    const unread = { ...adoptedChat(30 * MINUTE), firstSeenAt: NOW - 30 * MINUTE, lastActivityAt: NOW - 3 * 24 * 60 * MINUTE };
    const adopted = readPriority(unread, NOW, weighted, 0, 0.06);
    expect(adopted).toBeCloseTo((30 * MINUTE) / (Math.sqrt(4 / 0.06) * rules.intervalMs), 6);
    // A conversation found meanwhile waits a ninth of that, in its own intervals, not half (4.5 min, not 15).
    expect(readPriority(hotChat(4 * MINUTE), NOW, weighted, 6)).toBeGreaterThan(adopted);
    expect(readPriority(hotChat(3 * MINUTE), NOW, weighted, 6)).toBeLessThan(adopted);
    // A new order's chat is news, not unknown: one fresh message until its first read.
    expect(readPriority({ ...unread, lastActivityAt: unread.firstSeenAt }, NOW, weighted, 0, 0.06)).toBeCloseTo(
      (30 * MINUTE) / (2 * rules.intervalMs),
      6,
    );
  });

  it('does not count the time since a young chat was last read as silence: a short budget does not cool it', () => {
    const weighted = { ...rules, quietWeight: 3 };
    // First seen 60 s before NOW, read empty 30 s later; the budget then leaves it unread for minutes.
    const young = chat({ firstSeenAt: NOW - 60 * SECOND, lastActivityAt: NOW - 60 * SECOND, emptyReads: 1, cursorAt: undefined });
    const lastReadAt = NOW - 30 * SECOND;
    const meanHeat = 0.5;
    const at = (later: number) => readPriority({ ...young, nextReadAt: NOW, lastReadAt }, NOW + later, weighted, 0, meanHeat);
    // Its heat stays what 30 s of observed silence leave: the priority grows with lateness only.
    const period = Math.sqrt(4 / (meanHeat * Math.exp(-30 / 150))) * 10;
    expect(at(4 * MINUTE)).toBeCloseTo(240 / period, 6);
    // Counting the unread 4 min as silence would have cooled it e^-1.6 times more: read far later.
    const cooled = Math.sqrt(4 / (meanHeat * Math.exp(-270 / 150))) * 10;
    expect(at(4 * MINUTE)).toBeGreaterThan(240 / cooled + 1);
  });

  it('counts silence from when the order was first seen, and a young silent chat as warm as the average watched chat', () => {
    const weighted = { ...rules, quietWeight: 3 };
    // Adopted 40 s ago with a history silent for days, read empty once 20 s ago: backing off from 2 intervals.
    const readOnce = { ...adoptedChat(0), emptyReads: 1, firstSeenAt: NOW - 40 * SECOND, lastActivityAt: NOW - 3 * 24 * 60 * MINUTE };
    expect(afterRead(readOnce, NOW, false, rules).nextReadAt).toBe(NOW + 4 * rules.intervalMs);
    // Due 20 s ago while the watched chats are half a fresh message warm on average: that, less by e every
    // 2.5 min of its silence observed between first seen (40 s ago) and its last read (20 s ago), is its heat.
    const young = { ...readOnce, emptyReads: 2, nextReadAt: NOW - 20 * SECOND };
    const lastReadAt = NOW - 20 * SECOND;
    // Two of four watched chats had a message just now.
    const meanHeat = meanHeatOf(
      new Map([
        ['a', [NOW]],
        ['b', [NOW]],
      ]),
      4,
      NOW,
      rules,
    );
    expect(meanHeat).toBeCloseTo(0.5, 9);
    const expected = 0.5 * Math.exp(-20 / 150);
    expect(readPriority({ ...young, lastReadAt }, NOW, weighted, 0, meanHeat)).toBeCloseTo(20 / (Math.sqrt(4 / expected) * 10), 6);
    // Never read since first seen: nothing observed, the mean heat as it is.
    expect(readPriority(young, NOW, weighted, 0, meanHeat)).toBeCloseTo(20 / (Math.sqrt(4 / 0.5) * 10), 6);
    // ...with no conversation known, like a quiet chat of its own (short) period.
    expect(readPriority(young, NOW, weighted, 0, 0)).toBeCloseTo(20 / (4 * 3 * 10), 6);
    // A chat silent (and watched) for an hour is quiet whatever the share: 16 intervals × 3.
    expect(readPriority(quietChat(20 * SECOND), NOW, weighted, 0, 0.5)).toBeCloseTo(20 / (16 * 3 * 10), 6);
    // Watched long enough, the old silence is all counted again: at the ceiling at once.
    const settled = { ...readOnce, firstSeenAt: NOW - 60 * MINUTE };
    expect(afterRead(settled, NOW, false, rules).nextReadAt).toBe(NOW + 16 * rules.intervalMs);
    expect(readPriority({ ...settled, nextReadAt: NOW - 20 * SECOND }, NOW, weighted, 0, 0.5)).toBeCloseTo(20 / (16 * 3 * 10), 6);
  });

  it('keeps a new order’s chat hot until its first read, past the short hot time of a chat without messages', () => {
    const createdAt = NOW - 5 * MINUTE;
    const newOrder = chat({ cursorAt: undefined, cursorMs: undefined, lastActivityAt: createdAt, nextReadAt: createdAt });
    expect(readPriority(newOrder, NOW, rules, 0)).toBeCloseTo((5 * MINUTE) / (2 * rules.intervalMs), 6);
    // Once read empty, it is quiet: no message came, and its short hot time is long over.
    const readEmpty = { ...newOrder, emptyReads: 1, nextReadAt: NOW - 5 * MINUTE };
    expect(readPriority(readEmpty, NOW, rules, 0)).toBeLessThan(readPriority(newOrder, NOW, rules, 0));
  });
});

describe('the next read after a read', () => {
  it('is the next interval for a conversation, the square root of its warmth more for a cooler chat, and backs off by doubling for a quiet one', () => {
    expect(afterRead(hotChat(0), NOW, false, rules, 7).nextReadAt).toBe(NOW + rules.intervalMs);
    expect(afterRead(chat({ lastActivityAt: NOW - 10 * SECOND }), NOW, false, rules, 1).nextReadAt).toBe(NOW + rules.intervalMs);
    // One message a minute ago: its heat plus the warmth of that activity, e^-0.4.
    const oneOff = afterRead(hotChat(0), NOW, false, rules, heatOf([NOW - MINUTE], NOW, rules));
    expect(oneOff.nextReadAt).toBe(NOW + Math.round(rules.intervalMs * Math.sqrt(4 / (Math.exp(-0.1) + Math.exp(-0.4)))));
    // Activity long past the event warmth's horizon (4 × 10 s here): the back-off alone.
    const quiet = chat({ lastActivityAt: NOW - 2 * MINUTE, emptyReads: 2 });
    expect(afterRead(quiet, NOW, false, { ...rules, hotWindowMs: MINUTE, eventWarmMs: 10 * SECOND }).nextReadAt).toBe(
      NOW + 12 * rules.intervalMs,
    );
    const silentLong = chat({ lastActivityAt: NOW - 60 * MINUTE, emptyReads: 2 });
    expect(afterRead(silentLong, NOW, false, rules)).toEqual({ nextReadAt: NOW + 16 * rules.intervalMs, emptyReads: 3, failures: 0 });
  });
});

describe('the warmth of an order event', () => {
  // A new order's chat, no message in it yet, read empty three times since the order appeared.
  const paidAgo = (ago: number) =>
    chat({ cursorAt: undefined, cursorMs: undefined, lastActivityAt: NOW - ago, firstSeenAt: NOW - ago, emptyReads: 3 });

  it('keeps a chat read every few intervals for the minutes a buyer answers in, less and less often', () => {
    // Every interval for the first 30 s; then 2.5 min warmth: e^-0.4 after 1 min → 2.4 intervals; after 5 min e^-2
    // → 5.4 (the back-off is longer).
    expect(afterRead(paidAgo(0), NOW, false, rules).nextReadAt).toBe(NOW + rules.intervalMs);
    expect(afterRead(paidAgo(29 * SECOND), NOW, false, rules).nextReadAt).toBe(NOW + rules.intervalMs);
    expect(afterRead(paidAgo(MINUTE), NOW, false, rules).nextReadAt).toBe(NOW + Math.round(20_000 * Math.exp(0.2)));
    expect(afterRead(paidAgo(5 * MINUTE), NOW, false, rules).nextReadAt).toBe(NOW + Math.round(20_000 * Math.exp(1)));
    // Past four of its windows (10 min), the back-off alone: the quiet ceiling here.
    expect(afterRead(paidAgo(11 * MINUTE), NOW, false, rules).nextReadAt).toBe(NOW + 16 * rules.intervalMs);
  });

  it('cools a chat by doubling its last gap when its warmth runs out, not by jumping to the ceiling', () => {
    // Read every 5 intervals while warm; past the warmth's horizon, the next read 10 intervals on, then 16 (ceiling).
    expect(afterRead({ ...paidAgo(11 * MINUTE), lastReadAt: NOW - 50 * SECOND }, NOW, false, rules).nextReadAt).toBe(NOW + 100 * SECOND);
    expect(afterRead({ ...paidAgo(13 * MINUTE), lastReadAt: NOW - 100 * SECOND }, NOW, false, rules).nextReadAt).toBe(
      NOW + 16 * rules.intervalMs,
    );
    // A quiet chat at its back-off keeps it: doubling a gap never shortens a back-off.
    const quiet = chat({ lastActivityAt: NOW - 60 * MINUTE, emptyReads: 8, lastReadAt: NOW - 160 * SECOND });
    expect(afterRead(quiet, NOW, false, rules).nextReadAt).toBe(NOW + 16 * rules.intervalMs);
  });

  it('ranks a chat whose order just changed like one with a fresh message when the budget is short', () => {
    const weighted = { ...rules, quietWeight: 3 };
    const changed = { ...paidAgo(30 * SECOND), nextReadAt: NOW - 20 * SECOND };
    const period = Math.sqrt(4 / Math.exp(-30 / 150)) * 10;
    expect(readPriority(changed, NOW, weighted, 0)).toBeCloseTo(20 / period, 6);
    // The same chat with its event long past waits like any quiet chat.
    expect(readPriority({ ...changed, lastActivityAt: NOW - 60 * MINUTE }, NOW, weighted, 0)).toBeLessThan(20 / period / 10);
  });
});

describe('the staleness bound', () => {
  it('is quietCeiling + 1 intervals: 170 s at the defaults (10 s interval, ceiling 16)', () => {
    expect(stalenessBoundMs({ intervalMs: 10 * SECOND, quietCeiling: 16 })).toBe(170 * SECOND);
  });

  it('holds for every chat whenever the budget reads every due chat', () => {
    // Cycles every interval read every chat due before the next cycle starts, each at some instant of the
    // cycle; chats get messages, long silences, failures. No chat may wait longer than the bound between reads.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const weighted = { ...rules, quietWeight: 3 };
    const start = NOW - 24 * 60 * MINUTE;
    const chats = Array.from({ length: 40 }, (_, n) =>
      chat({
        orderId: `o${n}` as OrderId,
        cursorAt: n % 4 === 0 ? undefined : '2026-11-22T10:00:00.000Z',
        lastActivityAt: start - n * 7 * MINUTE,
        firstSeenAt: n % 3 === 0 ? start : start - 60 * MINUTE,
        nextReadAt: start,
        emptyReads: 0,
      }),
    );
    const lastRead = new Map<string, number>(chats.map((c) => [c.orderId, start]));
    let worst = 0;
    for (let cycleStart = start; cycleStart < start + 6 * 60 * MINUTE; cycleStart += rules.intervalMs) {
      const horizon = cycleStart + rules.intervalMs - 1;
      for (const [index, cursor] of chats.entries()) {
        if (cursor.nextReadAt > horizon) continue;
        const readAt = cycleStart + Math.floor(random() * rules.intervalMs);
        worst = Math.max(worst, readAt - (lastRead.get(cursor.orderId) as number));
        lastRead.set(cursor.orderId, readAt);
        const draw = random();
        if (draw < 0.05) {
          chats[index] = { ...cursor, ...afterFailure(cursor, readAt, weighted) };
          continue;
        }
        const news = draw > 0.97;
        const active = news ? { ...cursor, lastActivityAt: readAt, cursorAt: 'x' } : cursor;
        chats[index] = { ...active, ...afterRead(active, readAt, news, weighted) };
      }
    }
    expect(worst).toBeGreaterThan(15 * rules.intervalMs);
    expect(worst).toBeLessThanOrEqual(stalenessBoundMs(rules));
  });

  it('gives its share of the reads to the chat read longest ago, so a starved quiet chat is read within a few rounds', () => {
    const due = (orderId: string, readAgo: number | undefined, seenAgo = 60 * MINUTE) => ({
      cursor: { orderId: orderId as OrderId, lastReadAt: readAgo === undefined ? undefined : NOW - readAgo, firstSeenAt: NOW - seenAgo },
    });
    // Priority order: four conversations first, then two quiet chats, one last read 8 minutes ago, and a chat
    // never read, first seen 5 minutes ago.
    const byPriority = [
      due('h1', 30 * SECOND),
      due('h2', 25 * SECOND),
      due('h3', 20 * SECOND),
      due('h4', 40 * SECOND),
      due('q1', 3 * MINUTE),
      due('q2', 8 * MINUTE),
      due('n1', undefined, 5 * MINUTE),
    ];
    const ids = (queue: readonly { cursor: { orderId: string } }[]) => queue.map(({ cursor }) => cursor.orderId);
    // A third of the reads: every third goes to the one read longest ago not yet taken — q2, then n1.
    expect(ids(withOldestShare(byPriority, 1 / 3))).toEqual(['h1', 'h2', 'q2', 'h3', 'h4', 'n1', 'q1']);
    // A half: every other one.
    expect(ids(withOldestShare(byPriority, 1 / 2))).toEqual(['h1', 'q2', 'h2', 'n1', 'h3', 'q1', 'h4']);
    // Each chat exactly once, whatever the share.
    for (const share of [0.25, 0.4, 0.75, 1]) expect(ids(withOldestShare(byPriority, share)).sort()).toEqual(ids(byPriority).sort());
    // None: the priority order as it is.
    expect(ids(withOldestShare(byPriority, 0))).toEqual(ids(byPriority));
  });

  it('reads ahead with spare budget the chats read longest ago, a never-read one by when it was first seen', () => {
    const warmJustRead = chat({ orderId: 'warm' as OrderId, lastReadAt: NOW - 10 * SECOND, nextReadAt: NOW + 10 * SECOND });
    const quietLongUnread = chat({ orderId: 'quiet' as OrderId, lastReadAt: NOW - 150 * SECOND, nextReadAt: NOW + 10 * SECOND });
    const neverRead = chat({ orderId: 'new' as OrderId, lastReadAt: undefined, firstSeenAt: NOW - 60 * SECOND, nextReadAt: NOW });
    expect(longestUnreadFirst([warmJustRead, neverRead, quietLongUnread], (cursor) => cursor).map((cursor) => cursor.orderId)).toEqual([
      'quiet',
      'new',
      'warm',
    ]);
  });

  it('sizes the sweep by the share of buyer messages no prior predicted, within its bounds', () => {
    // No messages yet, or conversations only: the least.
    expect(sweepShare(0, 0, 0.25, 0.75, 2)).toBe(0.25);
    expect(sweepShare(2, 35, 0.25, 0.75, 2)).toBe(0.25);
    // One message in four out of the blue: half the reads.
    expect(sweepShare(1, 4, 0.25, 0.75, 2)).toBeCloseTo(1 / 2, 9);
    // 3 in 8 or more: at most the bound, so warm chats keep a quarter.
    expect(sweepShare(3, 8, 0.25, 0.75, 2)).toBe(0.75);
    // Three times: one in six out of the blue takes half.
    expect(sweepShare(1, 6, 0.25, 0.75, 3)).toBeCloseTo(1 / 2, 9);
  });
});
