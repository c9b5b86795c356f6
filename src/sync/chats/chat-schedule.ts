/**
 * How often a chat is read, and which due chat is read first when the budget cannot read them all on time.
 *
 * How often a chat is read follows how many messages it is expected to have soon: its warmth. Each recent turn
 * counts (`heatOf`), and so does its last activity — an order event (paid, taken, delivered, by us or seen in a
 * status list), a seller action or answer, a message: buyers write in the minutes after one, so it counts like a
 * fresh message, less by e every `eventWarmMs` (`eventWarmth`). A warm chat is read every `warmPeriods(warmth)`
 * intervals (one for a conversation, the square root more for a cooler chat); a quiet one backs off by doubling up
 * to a ceiling, and whichever is sooner applies; when its warmth runs out a chat cools by doubling its last gap
 * (`cooling`), not by jumping to its back-off. Failures (store down, sink down) back off the same way so one
 * broken chat cannot eat the budget.
 *
 * When the budget cannot read every due chat on time, chats are read most-overdue-relative-to-their-period
 * first (`readPriority`), from one queue: every chat's real period stretches in proportion, none stops being
 * read. How much each stretches follows its message rate: reading each chat at a rate proportional to the square
 * root of its message rate is what minimises the mean wait for a given number of reads.
 * - A chat's rate is estimated by its heat (`heatOf`): each recent turn counts 1 when new, decaying by e every
 *   hot window. A chat as warm as `hotHeat` (a conversation) counts its lateness in intervals; a cooler one in
 *   the square root more (one fresh message: two intervals; a conversation paused for a hot window: about one
 *   and a half). A one-off question costs less than a conversation, and a pause in a conversation does not drop
 *   it to the quiet end of the queue at once;
 * - a chat without recent messages is quiet: its lateness counts in its backed-off period, `quietWeight` times
 *   more;
 * - a chat never read yet is unknown until its first read (`unreadWarmth`): a new order's counts like one fresh
 *   message (two intervals), an adopted one's (every chat of a first run) like the average watched chat, at most
 *   that; so a start reads every chat once in about one round of the budget, and a conversation under way is found
 *   in that round, not after the quiet chats' wait, and read again at its own pace, not after the round.
 * - silence counts from when the bridge first saw the order: a buyer may start writing as the bridge starts, and
 *   a history silent for days says little about the next minutes. An adopted chat read empty thus backs off from
 *   one interval, by doubling (and by the time watched), up to the ceiling within `quietCeiling` intervals.
 *
 * Staleness bound (`stalenessBoundMs`): every watched chat is due again at most `quietCeiling` intervals after a
 * read or a failure, and a cycle reads the chats due before the next one starts; so whenever the budget reads
 * every due chat, no chat goes unread longer than `quietCeiling + 1` intervals (170 s at the defaults).
 */
import type { ChatCursor } from '../../db/chat-cursors.ts';
import { backoffDelayMs } from '../../shared/backoff.ts';

export interface ChatScheduleRules {
  intervalMs: number;
  /** A message warms its chat for a few of these windows (`heatOf`); the engine counts hot chats by it. */
  hotWindowMs: number;
  /** A chat's last activity (an order event, a seller action, a message) warms it like a fresh message, less by e every this long. */
  eventWarmMs: number;
  /** For this long after its last activity a chat is read every interval, however cool. */
  activityHotMs: number;
  /** A quiet chat is read at least every `quietCeiling` intervals (when the budget allows). */
  quietCeiling: number;
  /** How many times less a quiet chat's lateness counts than a hot chat's when the budget is short. */
  quietWeight: number;
  /** A chat this warm (`heatOf`) counts its lateness in intervals when the budget is short; cooler ones stretch. */
  hotHeat: number;
}

/** Messages written longer ago than this many hot windows no longer warm a chat (e^-4: 2% of a new one). */
export const HEAT_HORIZON_WINDOWS = 4;

export interface NextRead {
  nextReadAt: number;
  emptyReads: number;
  failures: number;
}

/**
 * The warmth of a chat's last activity: 1 when new, e times less every `eventWarmMs`, none after
 * `HEAT_HORIZON_WINDOWS` of them (2%). Buyers answer in minutes: a just-paid order's buyer asks when it arrives, a
 * delivered one how to use it, an answered one follows up.
 */
function eventWarmth(cursor: Pick<ChatCursor, 'lastActivityAt'>, now: number, rules: Pick<ChatScheduleRules, 'eventWarmMs'>): number {
  const age = Math.max(0, now - cursor.lastActivityAt);
  return age > HEAT_HORIZON_WINDOWS * rules.eventWarmMs ? 0 : Math.exp(-age / Math.max(1, rules.eventWarmMs));
}

/** The longest gap between two reads of a watched chat whenever the budget reads every due chat (module comment). */
export const stalenessBoundMs = (rules: Pick<ChatScheduleRules, 'intervalMs' | 'quietCeiling'>): number =>
  (rules.quietCeiling + 1) * rules.intervalMs;

/** Never read successfully: no message handled, no empty read, no failure. */
const neverRead = (cursor: ChatCursor): boolean => cursor.cursorAt === undefined && cursor.emptyReads === 0 && cursor.failures === 0;

/**
 * A quiet chat's period in intervals: doubling per empty read, and at least as long as it has been silent while
 * watched, so a chat whose reads were stretched by a short budget does not look newly quiet; at most the ceiling.
 */
function quietPeriods(cursor: ChatCursor, now: number, rules: ChatScheduleRules, doublings: number): number {
  const silentFor = Math.max(0, now - Math.max(cursor.lastActivityAt, cursor.firstSeenAt)) / rules.intervalMs;
  return Math.min(Math.max(2 ** doublings, silentFor), rules.quietCeiling);
}

/**
 * How warm a chat is: each turn (either side) counts 1 when just written and e times less every hot window
 * after, up to `HEAT_HORIZON_WINDOWS`. A conversation with a message every 90 s settles near 7. Lines written within
 * an interval of a turn's first are that turn: one read finds them all, and a buyer who sends five lines at once has
 * not started a conversation five times as busy (after a burst, counting every line would read its chats every
 * interval for minutes and leave the other warm chats unread).
 */
export function heatOf(writtenAt: readonly number[], now: number, rules: Pick<ChatScheduleRules, 'hotWindowMs' | 'intervalMs'>): number {
  let heat = 0;
  let turnAt = Number.NEGATIVE_INFINITY;
  for (const at of [...writtenAt].sort((a, b) => a - b)) {
    if (at - turnAt < rules.intervalMs) continue;
    turnAt = at;
    const age = Math.max(0, now - at);
    if (age <= HEAT_HORIZON_WINDOWS * rules.hotWindowMs) heat += Math.exp(-age / rules.hotWindowMs);
  }
  return heat;
}

/**
 * The period a warm chat's lateness is measured in, in intervals: the square root of `hotHeat / heat`, at
 * least one interval, at most what a quiet chat gets.
 */
export function warmPeriods(heat: number, rules: Pick<ChatScheduleRules, 'hotHeat' | 'quietCeiling' | 'quietWeight'>): number {
  const coldest = rules.quietCeiling * Math.max(1, rules.quietWeight);
  return heat <= 0 ? coldest : Math.min(Math.max(1, Math.sqrt(rules.hotHeat / heat)), coldest);
}

/**
 * First seen less than a hot window ago (adopted, or every chat of a first run) and silent since: its buyer may be
 * about to write as much as any other, and its own silence is too short to say otherwise.
 */
const isYoung = (cursor: ChatCursor, now: number, rules: ChatScheduleRules): boolean =>
  now - cursor.firstSeenAt < rules.hotWindowMs && cursor.lastActivityAt <= cursor.firstSeenAt;

/**
 * What a young chat is expected to have: the mean heat, less as its observed silence grows. A conversation writes
 * `hotHeat` messages a hot window, so the odds that a chat silent that long is one fall by e every
 * `hotWindowMs / hotHeat` (2.5 min at the defaults). Silence is observed only up to the chat's last read
 * (`lastReadAt`): time since then says nothing, and counting it would let a short budget decay every unread young
 * chat to near-quiet, so a conversation that started after its first read would wait minutes to be found.
 */
function youngHeat(cursor: ChatCursor, now: number, rules: ChatScheduleRules, meanHeat: number): number {
  const observedUntil = Math.min(now, cursor.lastReadAt ?? cursor.firstSeenAt);
  const silence = Math.max(0, observedUntil - cursor.firstSeenAt);
  return meanHeat * Math.exp((-silence * rules.hotHeat) / rules.hotWindowMs);
}

/**
 * The mean heat of the watched chats: what a young chat (`isYoung`) is expected to have. `recent`: the recent
 * messages' times by chat; `watched`: how many chats are watched.
 */
export function meanHeatOf(
  recent: ReadonlyMap<unknown, readonly number[]>,
  watched: number,
  now: number,
  rules: Pick<ChatScheduleRules, 'hotWindowMs' | 'intervalMs'>,
): number {
  if (watched <= 0) return 0;
  let sum = 0;
  for (const times of recent.values()) sum += heatOf(times, now, rules);
  return sum / watched;
}

/**
 * What a never-read chat counts as, however long the budget makes its first read wait: a new order's (active since
 * first seen: its buyer just paid) one fresh message; an adopted one's the average watched chat, at most one fresh
 * message, so thousands of unknown chats do not outrank the conversations their round has found.
 */
function unreadWarmth(cursor: ChatCursor, meanHeat: number): number {
  return cursor.lastActivityAt >= cursor.firstSeenAt ? 1 : Math.min(1, meanHeat);
}

/**
 * How overdue a chat is relative to its period (0: just due); the highest is read first. `heat`: `heatOf` its
 * recent messages; `meanHeat`: `meanHeatOf` the watched chats, the warmth of an adopted never-read chat (at most 1)
 * and of a young chat (`isYoung`), whose silence is observed up to its last successful read (`lastReadAt`, kept in the
 * database across restarts).
 */
export function readPriority(cursor: ChatCursor, now: number, rules: ChatScheduleRules, heat: number, meanHeat = 0): number {
  const lateness = Math.max(0, now - cursor.nextReadAt);
  const known = heat + eventWarmth(cursor, now, rules);
  const warm = neverRead(cursor) ? Math.max(unreadWarmth(cursor, meanHeat), known) : known;
  const warmth = isYoung(cursor, now, rules) ? Math.max(warm, youngHeat(cursor, now, rules, meanHeat)) : warm;
  if (warmth > 0) return lateness / (rules.intervalMs * warmPeriods(warmth, rules));
  const periods = quietPeriods(cursor, now, rules, Math.max(cursor.emptyReads, cursor.failures));
  return lateness / (rules.intervalMs * periods * Math.max(1, rules.quietWeight));
}

/**
 * After a successful read, answered at `readAt`. The schedule is anchored on the read itself, not on its cycle:
 * when the budget is short, reads spread over the whole cycle, and a chat read at the cycle's end must not look as
 * overdue as one read at its start (the next cycle would read them in the wrong order, and a hot chat's gaps would
 * swing by a cycle either way). A cycle reads every chat due before the next one starts, so a hot chat is still
 * read every cycle when the budget allows.
 * A warm chat is due after `warmPeriods` of its warmth, a quiet one after its back-off, whichever is sooner: so a
 * conversation is read every interval, a chat that had an event every two and less as it cools — every interval
 * still for `activityHotMs` right after the event, when an answer may come at once.
 * `heat`: `heatOf` its recent messages, those just read included. News that is not recent (an adopted order's old
 * history) resets the back-off without making the chat warm.
 */
export function afterRead(cursor: ChatCursor, readAt: number, hadNews: boolean, rules: ChatScheduleRules, heat = 0): NextRead {
  const emptyReads = hadNews ? 0 : cursor.emptyReads + 1;
  const backOff = hadNews ? 1 : quietPeriods(cursor, readAt, rules, emptyReads);
  // Messages count while the last activity is within a hot window: past it the chat backs off as before, however
  // many messages it had (heat alone would keep a one-off question's chat read every few intervals for 40 min).
  const recentHeat = readAt - cursor.lastActivityAt < rules.hotWindowMs ? heat : 0;
  const warmth = recentHeat + eventWarmth(cursor, readAt, rules);
  const justActive = readAt - cursor.lastActivityAt < rules.activityHotMs;
  const periods = justActive
    ? 1
    : warmth > 0
      ? Math.min(warmPeriods(warmth, rules), backOff)
      : Math.min(backOff, cooling(cursor, readAt, rules));
  return { nextReadAt: readAt + Math.round(rules.intervalMs * periods), emptyReads, failures: 0 };
}

/**
 * A chat whose warmth just ran out cools by doubling the gap since its last read, in intervals, not by jumping to
 * its back-off: a buyer silent for a hot window may still write again, and jumping from a few intervals to the
 * ceiling would leave their next lines unread for minutes. A chat read late (short budget) or never yet keeps its
 * back-off.
 */
function cooling(cursor: ChatCursor, readAt: number, rules: ChatScheduleRules): number {
  if (cursor.lastReadAt === undefined) return Number.POSITIVE_INFINITY;
  return Math.max(1, (2 * (readAt - cursor.lastReadAt)) / rules.intervalMs);
}

/** After a failed read or a refused hand-off: retry later, keeping the cursor where it is. */
export function afterFailure(cursor: ChatCursor, now: number, rules: ChatScheduleRules): NextRead {
  const failures = cursor.failures + 1;
  const delayMs = backoffDelayMs(failures, { baseMs: rules.intervalMs, maxMs: rules.intervalMs * rules.quietCeiling });
  return { nextReadAt: now + delayMs, emptyReads: cursor.emptyReads, failures };
}

/**
 * When the budget is short, every chat's lateness stretches by the same factor relative to its period, so a quiet
 * chat (period `quietCeiling × quietWeight` intervals) waits that factor times half an hour, far longer than a plain
 * round robin over every chat would leave a one-off question. So a share of the reads (`share`, 0–1) goes to the
 * chat read longest ago (never read: first seen longest ago), whatever its priority — a sweep: every watched chat
 * is read within about `watched / (share × reads a minute)` minutes, and the warm chats keep the rest.
 * `byPriority` is the queue in priority order; the result holds the same chats.
 */
export function withOldestShare<T extends { cursor: Pick<ChatCursor, 'orderId' | 'lastReadAt' | 'firstSeenAt'> }>(
  byPriority: readonly T[],
  share: number,
): T[] {
  if (!(share > 0) || byPriority.length < 2) return [...byPriority];
  const oldest = longestUnreadFirst(byPriority, (item) => item.cursor);
  const taken = new Set<string>();
  const out: T[] = [];
  let p = 0;
  let o = 0;
  let fromOldestSoFar = 0;
  const next = (list: readonly T[], at: number): [T | undefined, number] => {
    let i = at;
    while (i < list.length && taken.has((list[i] as T).cursor.orderId)) i++;
    return [list[i], i + 1];
  };
  while (out.length < byPriority.length) {
    const fromOldest = fromOldestSoFar < Math.floor((out.length + 1) * Math.min(1, share));
    const [item, after] = fromOldest ? next(oldest, o) : next(byPriority, p);
    if (fromOldest) {
      o = after;
      fromOldestSoFar += 1;
    } else p = after;
    if (item === undefined) continue;
    taken.add(item.cursor.orderId);
    out.push(item);
  }
  return out;
}

/** The chats read longest ago first (never read: first seen longest ago): what spare budget reads ahead. */
export function longestUnreadFirst<T>(items: readonly T[], cursorOf: (item: T) => Pick<ChatCursor, 'lastReadAt' | 'firstSeenAt'>): T[] {
  const since = (item: T) => cursorOf(item).lastReadAt ?? cursorOf(item).firstSeenAt;
  return [...items].sort((a, b) => since(a) - since(b));
}

/**
 * The sweep's share (`withOldestShare`): `perUnpredicted` times the share of recent buyer messages that came in a chat with no
 * activity within a hot window before them — messages no prior predicted, which only the sweep finds, one read of
 * every watched chat at a time, while a predicted one is caught by a few reads of its own chat — between `min` and
 * `max`. With conversations (uniform workload: 6% unpredicted) it stays at the least; when buyers write out of the
 * blue about orders in progress (realistic workload: 10–40%) it grows.
 */
export function sweepShare(unpredicted: number, total: number, min: number, max: number, perUnpredicted: number): number {
  const share = total > 0 ? (perUnpredicted * unpredicted) / total : 0;
  return Math.min(Math.max(share, min), Math.max(min, max));
}
