/**
 * A rush starts when buyers of many chats write within two intervals of each other (store time), well above the
 * pace of the hot window before; once a hot window, not in the first; and it reads each recently active chat once.
 */
import { describe, expect, it } from 'vitest';
import type { ChatCursor } from '../../src/db/chat-cursors.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createRush, rushCandidates } from '../../src/sync/chats/rush.ts';
import { MINUTE, NOW, SECOND } from '../support/schedule-rules.ts';

const rules = { intervalMs: 10 * SECOND, hotWindowMs: 10 * MINUTE, rushChats: 5, rushRatio: 4, rushReachMs: 20 * MINUTE, rushMaxChats: 60 };
const chat = (n: number) => `ord_${n}` as OrderId;
/** Watched for a hot window already. */
const watched = () => createRush(rules, NOW - 10 * MINUTE);

describe('starting', () => {
  it('starts when five chats write within two intervals on a quiet store, counting a chat once however many lines', () => {
    const rush = watched();
    // One chat writes five lines, three others one each: four chats.
    for (let line = 0; line < 5; line++) expect(rush.noteBuyerMessage(chat(0), NOW + line * SECOND, NOW + 6 * SECOND)).toBe(false);
    for (const n of [1, 2, 3]) expect(rush.noteBuyerMessage(chat(n), NOW + n * SECOND, NOW + 8 * SECOND)).toBe(false);
    expect(rush.since(NOW + 8 * SECOND)).toBeUndefined();
    // A fifth written 30 s before the others is not with them.
    expect(rush.noteBuyerMessage(chat(4), NOW - 30 * SECOND, NOW + 9 * SECOND)).toBe(false);
    expect(rush.noteBuyerMessage(chat(5), NOW + 5 * SECOND, NOW + 10 * SECOND)).toBe(true);
    expect(rush.since(NOW + 11 * SECOND)).toBe(NOW + 10 * SECOND);
  });

  it('judges by when the store says they were written: found over two minutes or after newer ones, or by a store clock an hour behind; not a backlog', () => {
    const late = watched();
    for (let n = 0; n < 4; n++) expect(late.noteBuyerMessage(chat(n), NOW + n * SECOND, NOW + (n + 1) * 30 * SECOND)).toBe(false);
    expect(late.noteBuyerMessage(chat(4), NOW + 4 * SECOND, NOW + 2 * MINUTE)).toBe(true);

    // Found after a newer message (a conversation read in between): still a rush.
    const overtaken = watched();
    overtaken.noteBuyerMessage(chat(9), NOW + MINUTE, NOW + MINUTE);
    for (let n = 0; n < 4; n++) expect(overtaken.noteBuyerMessage(chat(n), NOW + n * SECOND, NOW + MINUTE + n * SECOND)).toBe(false);
    expect(overtaken.noteBuyerMessage(chat(4), NOW + 4 * SECOND, NOW + 2 * MINUTE)).toBe(true);

    // Five chats of a backlog written over a hot window before the newest message known: found late, not a rush now.
    const backlog = watched();
    backlog.noteBuyerMessage(chat(9), NOW + 11 * MINUTE, NOW + 11 * MINUTE);
    for (let n = 0; n < 5; n++) expect(backlog.noteBuyerMessage(chat(n), NOW + n * SECOND, NOW + 12 * MINUTE)).toBe(false);

    const skewed = watched();
    for (let n = 0; n < 4; n++) expect(skewed.noteBuyerMessage(chat(n), NOW - 60 * MINUTE + n * SECOND, NOW)).toBe(false);
    expect(skewed.noteBuyerMessage(chat(4), NOW - 60 * MINUTE, NOW)).toBe(true);
  });

  it('never starts on steady conversations, the same chats writing every minute or every 90 s', () => {
    for (const [chats, gapMs] of [
      [15, MINUTE],
      [50, 90 * SECOND],
    ] as const) {
      const rush = createRush(rules, NOW);
      for (let at = NOW; at < NOW + 60 * MINUTE; at += SECOND) {
        for (let n = 0; n < chats; n++) {
          // Each chat at its own phase of the gap.
          const phase = Math.floor((n * gapMs) / chats);
          if ((at - NOW) % gapMs === phase - (phase % SECOND)) expect(rush.noteBuyerMessage(chat(n), at, at + 5 * SECOND)).toBe(false);
        }
      }
      expect(rush.since(NOW + 60 * MINUTE)).toBeUndefined();
    }
  });

  it('starts on top of a busy store only at four times its pace a span', () => {
    const rush = createRush(rules, NOW);
    // For 20 minutes, three new chats every span of two intervals.
    let n = 0;
    for (let at = NOW; at < NOW + 20 * MINUTE; at += 20 * SECOND) {
      for (let k = 0; k < 3; k++) expect(rush.noteBuyerMessage(chat(n++), at, at)).toBe(false);
    }
    const t = NOW + 20 * MINUTE + 10 * SECOND;
    // Eleven chats written together: above five, under four times the pace (12).
    for (let k = 0; k < 11; k++) expect(rush.noteBuyerMessage(chat(n++), t, t)).toBe(false);
    expect(rush.noteBuyerMessage(chat(n++), t, t)).toBe(true);
  });

  it('starts once a burst, not in its first hot window, and lasts a hot window', () => {
    const fresh = createRush(rules, NOW);
    for (let n = 0; n < 10; n++) expect(fresh.noteBuyerMessage(chat(n), NOW + 9 * MINUTE, NOW + 9 * MINUTE)).toBe(false);

    const rush = watched();
    for (let n = 0; n < 4; n++) rush.noteBuyerMessage(chat(n), NOW, NOW);
    expect(rush.noteBuyerMessage(chat(4), NOW, NOW)).toBe(true);
    // More of the same burst, found a minute later: the rush under way, not a new one.
    for (let n = 10; n < 20; n++) expect(rush.noteBuyerMessage(chat(n), NOW + 5 * SECOND, NOW + MINUTE)).toBe(false);
    expect(rush.since(NOW + 10 * MINUTE - 1)).toBe(NOW);
    expect(rush.since(NOW + 10 * MINUTE)).toBeUndefined();
    // Another burst five minutes on starts its own, though the pace now counts the first.
    const next = NOW + 5 * MINUTE;
    for (let n = 30; n < 34; n++) expect(rush.noteBuyerMessage(chat(n), next, next)).toBe(false);
    expect(rush.noteBuyerMessage(chat(34), next, next)).toBe(true);
    expect(rush.since(next + 9 * MINUTE)).toBe(next);
  });
});

describe('its chats', () => {
  const cursor = (n: number, lastActivityAt: number, lastReadAt: number | undefined): ChatCursor => ({
    orderId: chat(n),
    cursorAt: undefined,
    cursorMs: undefined,
    lastActivityAt,
    nextReadAt: NOW + HOUR,
    emptyReads: 0,
    failures: 0,
    firstSeenAt: NOW - 2 * HOUR,
    lastReadAt,
  });
  const HOUR = 60 * MINUTE;
  const at = NOW;
  const cutoff = NOW - 5 * SECOND;
  // Chat n: its activity, its last read, its last message.
  const chats = [
    { c: cursor(0, at - 2 * MINUTE, at - 60 * SECOND), message: Number.NEGATIVE_INFINITY }, // an order event, no message
    { c: cursor(1, at - 15 * MINUTE, at - 30 * SECOND), message: at - 15 * MINUTE }, // talked, read 30 s ago
    { c: cursor(2, at - 12 * MINUTE, at - 90 * SECOND), message: at - 12 * MINUTE }, // talked, read 90 s ago
    { c: cursor(3, at - 25 * MINUTE, at - 10 * MINUTE), message: at - 25 * MINUTE }, // beyond reach
    { c: cursor(4, at - 5 * MINUTE, at - 2 * SECOND), message: at - 5 * MINUTE }, // read since the cutoff
    { c: cursor(5, at - 3 * MINUTE, undefined), message: at - 3 * MINUTE }, // talked, never read
    { c: cursor(6, at - MINUTE, at - 40 * SECOND), message: at - MINUTE }, // talked, tried since (a failed read)
    { c: cursor(7, at - 30 * MINUTE, undefined), message: Number.NEGATIVE_INFINITY }, // beyond reach, never read
  ];
  const lastMessageAt = (orderId: OrderId) => chats.find(({ c }) => c.orderId === orderId)?.message ?? Number.NEGATIVE_INFINITY;
  const candidates = (max: number, storeLimit?: number) =>
    rushCandidates(
      chats.map(({ c }) => c),
      lastMessageAt,
      at,
      { rushReachMs: rules.rushReachMs, rushMaxChats: max, storeLimit },
      { cutoff, tried: new Set([chat(6)]) },
    );

  it('are the chats not read nor tried since: talked within reach first, then active within reach, then the rest; read longest ago first', () => {
    expect(candidates(60)).toEqual([chat(5), chat(2), chat(1), chat(0), chat(7), chat(3)]);
  });

  it('are at most its most, those within reach first', () => {
    expect(candidates(2)).toEqual([chat(5), chat(2)]);
    expect(candidates(5)).toEqual([chat(5), chat(2), chat(1), chat(0), chat(7)]);
  });

  it("are at most half the store's limit per window, when that is fewer", () => {
    expect(candidates(60, 4)).toEqual([chat(5), chat(2)]);
    expect(candidates(60, 7)).toEqual([chat(5), chat(2), chat(1)]);
    expect(candidates(2, 120)).toEqual([chat(5), chat(2)]);
    expect(candidates(60, 1)).toEqual([chat(5)]);
  });
});
