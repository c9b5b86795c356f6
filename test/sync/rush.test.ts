/**
 * A rush starts when buyers of many chats write within two intervals, well above the last hot window's pace; once
 * a hot window; and lasts a hot window.
 */
import { expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createRush } from '../../src/sync/rush.ts';
import { MINUTE, NOW, SECOND } from '../support/schedule-rules.ts';

const rules = { intervalMs: 10 * SECOND, hotWindowMs: 10 * MINUTE, rushChats: 5, rushRatio: 4, rushReachMs: 20 * MINUTE, rushMaxChats: 60 };
const chat = (n: number) => `ord_${n}` as OrderId;

it('starts when five chats write within two intervals on a quiet store, counting a chat once however many lines', () => {
  const rush = createRush(rules, NOW - 10 * MINUTE);
  // One chat writes five lines, three others one each: four chats.
  for (let line = 0; line < 5; line++) expect(rush.noteBuyerMessage(chat(0), NOW + line * SECOND, NOW + 6 * SECOND)).toBe(false);
  for (const n of [1, 2, 3]) expect(rush.noteBuyerMessage(chat(n), NOW + n * SECOND, NOW + 8 * SECOND)).toBe(false);
  expect(rush.since(NOW + 8 * SECOND)).toBeUndefined();
  // A fifth whose message is older than two intervals does not count either.
  expect(rush.noteBuyerMessage(chat(4), NOW - 20 * SECOND, NOW + 9 * SECOND)).toBe(false);
  expect(rush.noteBuyerMessage(chat(5), NOW + 5 * SECOND, NOW + 10 * SECOND)).toBe(true);
  expect(rush.since(NOW + 11 * SECOND)).toBe(NOW + 10 * SECOND);
});

it('does not start before it watched the pace for a hot window, nor at the usual pace of a busy store, only at four times it', () => {
  const rush = createRush(rules, NOW);
  // For a hot window, three chats a span of two intervals (30 spans): the usual pace.
  let n = 0;
  for (let at = NOW; at < NOW + 10 * MINUTE; at += 20 * SECOND) {
    for (let k = 0; k < 3; k++) expect(rush.noteBuyerMessage(chat(n++), at, at)).toBe(false);
  }
  const t = NOW + 10 * MINUTE;
  // The span holds the three chats of 20 s ago; eight more make eleven: above five, under four times the pace (12).
  for (let k = 0; k < 8; k++) expect(rush.noteBuyerMessage(chat(n++), t, t)).toBe(false);
  expect(rush.noteBuyerMessage(chat(n++), t, t)).toBe(true);
});

it('starts at most once a hot window, and ends a hot window after it started', () => {
  const rush = createRush(rules, NOW - 10 * MINUTE);
  for (let n = 0; n < 4; n++) rush.noteBuyerMessage(chat(n), NOW, NOW);
  expect(rush.noteBuyerMessage(chat(4), NOW, NOW)).toBe(true);
  // More of the same rush a minute later: the rush under way, not a new one.
  for (let n = 10; n < 20; n++) expect(rush.noteBuyerMessage(chat(n), NOW + MINUTE, NOW + MINUTE)).toBe(false);
  expect(rush.since(NOW + 10 * MINUTE - 1)).toBe(NOW);
  expect(rush.since(NOW + 10 * MINUTE)).toBeUndefined();
  // Ten minutes on, the last window's pace is what a new one is judged against: 15 chats in 30 spans is half a chat
  // a span, so five chats start a rush again.
  const later = NOW + 11 * MINUTE;
  for (let n = 30; n < 34; n++) expect(rush.noteBuyerMessage(chat(n), later, later)).toBe(false);
  expect(rush.noteBuyerMessage(chat(34), later, later)).toBe(true);
});
