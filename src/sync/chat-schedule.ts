/**
 * How often a chat is read (hot/quiet). A chat with recent activity (new order, message, status change, seller
 * action) is read every poll interval; a quiet one backs off by doubling up to a ceiling; any event makes it
 * hot again. Failures (store down, sink down) back off the same way so one broken chat cannot eat the budget.
 */
import type { ChatCursor } from '../db/chat-cursors.ts';

export interface ChatScheduleRules {
  intervalMs: number;
  /** Activity within this window keeps a chat hot. */
  hotWindowMs: number;
  /** A quiet chat is read at least every `quietCeiling` intervals. */
  quietCeiling: number;
}

export interface NextRead {
  nextReadAt: number;
  emptyReads: number;
  failures: number;
}

export const isHot = (cursor: Pick<ChatCursor, 'lastActivityAt'>, now: number, rules: ChatScheduleRules): boolean =>
  cursor.lastActivityAt >= now - rules.hotWindowMs;

/** After a successful read; `cycleStartedAt` anchors the schedule so a hot chat is due on the very next cycle. */
export function afterRead(cursor: ChatCursor, cycleStartedAt: number, hadNews: boolean, rules: ChatScheduleRules): NextRead {
  if (hadNews || isHot(cursor, cycleStartedAt, rules)) {
    return { nextReadAt: cycleStartedAt + rules.intervalMs, emptyReads: 0, failures: 0 };
  }
  const emptyReads = cursor.emptyReads + 1;
  const factor = Math.min(2 ** emptyReads, rules.quietCeiling);
  return { nextReadAt: cycleStartedAt + rules.intervalMs * factor, emptyReads, failures: 0 };
}

/** After a failed read or a refused hand-off: retry later, keeping the cursor where it is. */
export function afterFailure(cursor: ChatCursor, now: number, rules: ChatScheduleRules): NextRead {
  const failures = cursor.failures + 1;
  const factor = Math.min(2 ** (failures - 1), rules.quietCeiling);
  return { nextReadAt: now + rules.intervalMs * factor, emptyReads: cursor.emptyReads, failures };
}
