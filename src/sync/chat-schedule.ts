/**
 * How often a chat is read (hot/quiet), and which due chat is read first.
 *
 * A chat with recent activity (a message, a status change, a seller action) is read every poll interval for
 * `hotWindowMs`; a chat nobody ever wrote in (a new order) is hot only for `newChatHotMs`, since most buyers
 * never write and a hot chat costs a read every interval. A quiet chat backs off by doubling up to a ceiling;
 * any event makes it hot again. Failures (store down, sink down) back off the same way so one broken chat
 * cannot eat the budget.
 *
 * When the budget cannot read every due chat on time, chats are read most-overdue-relative-to-their-period
 * first (`readPriority`), from one queue: every chat's real period stretches, none stops being read. A quiet
 * chat's lateness weighs `quietWeight` times less than a hot one's, so hot chats stretch less; a chat never read
 * yet comes before the other quiet ones.
 */
import type { ChatCursor } from '../db/chat-cursors.ts';

export interface ChatScheduleRules {
  intervalMs: number;
  /** Activity within this window keeps a chat hot. */
  hotWindowMs: number;
  /** A chat without any message handled yet stays hot only this long (at most `hotWindowMs`) after its last activity. */
  newChatHotMs: number;
  /** A quiet chat is read at least every `quietCeiling` intervals (when the budget allows). */
  quietCeiling: number;
  /** How many times less a quiet chat's lateness counts than a hot chat's when the budget is short. */
  quietWeight: number;
}

export interface NextRead {
  nextReadAt: number;
  emptyReads: number;
  failures: number;
}

type Activity = Pick<ChatCursor, 'lastActivityAt' | 'cursorAt'>;

export const isHot = (cursor: Activity, now: number, rules: ChatScheduleRules): boolean =>
  cursor.lastActivityAt >= now - (cursor.cursorAt === undefined ? Math.min(rules.newChatHotMs, rules.hotWindowMs) : rules.hotWindowMs);

/** Never read successfully: no message handled, no empty read, no failure. */
const neverRead = (cursor: ChatCursor): boolean => cursor.cursorAt === undefined && cursor.emptyReads === 0 && cursor.failures === 0;

/**
 * How overdue a chat is relative to its period (0: just due); the highest is read first. Hot chats count their
 * lateness in intervals, quiet ones in their backed-off period times `quietWeight`, never-read ones in two
 * intervals times `quietWeight` (soon, without pushing the hot chats aside while a large store is adopted).
 */
/**
 * A quiet chat's period in intervals: doubling per empty read, and at least as long as it has been silent, so a
 * chat whose reads were stretched by a short budget does not look newly quiet; at most the ceiling.
 */
function quietPeriods(cursor: ChatCursor, now: number, rules: ChatScheduleRules, doublings: number): number {
  const silentFor = Math.max(0, now - cursor.lastActivityAt) / rules.intervalMs;
  return Math.min(Math.max(2 ** doublings, silentFor), rules.quietCeiling);
}

export function readPriority(cursor: ChatCursor, now: number, rules: ChatScheduleRules): number {
  const lateness = Math.max(0, now - cursor.nextReadAt);
  if (isHot(cursor, now, rules)) return lateness / rules.intervalMs;
  const periods = neverRead(cursor) ? 2 : quietPeriods(cursor, now, rules, Math.max(cursor.emptyReads, cursor.failures));
  return lateness / (rules.intervalMs * periods * Math.max(1, rules.quietWeight));
}

/**
 * After a successful read; `cycleStartedAt` anchors the schedule so a hot chat is due on the very next cycle.
 * News that is not recent (an adopted order's old history) resets the back-off without making the chat hot.
 */
export function afterRead(cursor: ChatCursor, cycleStartedAt: number, hadNews: boolean, rules: ChatScheduleRules): NextRead {
  if (isHot(cursor, cycleStartedAt, rules)) {
    return { nextReadAt: cycleStartedAt + rules.intervalMs, emptyReads: 0, failures: 0 };
  }
  const emptyReads = hadNews ? 0 : cursor.emptyReads + 1;
  const factor = hadNews ? 1 : quietPeriods(cursor, cycleStartedAt, rules, emptyReads);
  return { nextReadAt: cycleStartedAt + rules.intervalMs * factor, emptyReads, failures: 0 };
}

/** After a failed read or a refused hand-off: retry later, keeping the cursor where it is. */
export function afterFailure(cursor: ChatCursor, now: number, rules: ChatScheduleRules): NextRead {
  const failures = cursor.failures + 1;
  const factor = Math.min(2 ** (failures - 1), rules.quietCeiling);
  return { nextReadAt: now + rules.intervalMs * factor, emptyReads: cursor.emptyReads, failures };
}
