/**
 * Whether the seller is away: outside `WORKING_HOURS`, or after `/away on`. One rule for sync (which answers with the
 * `away` template) and the bot (`/away` shows it):
 *
 * - Without `WORKING_HOURS` the seller is always working; `/away on` makes them away until `/away off`.
 * - With it, `/away on` lasts until the next opening time, `/away off` until the next closing time; then the hours
 *   rule again.
 * - An away period begins when the seller became away (the closing time, or the `/away on`, whichever came first):
 *   the away answer goes once per order per period, so its key carries the period's start.
 */
import { z } from 'zod';
import { hoursStateAt, type WeeklyHours } from '../shared/weekly-hours.ts';

/** What `/away on|off` set: stored as is (kv), read by sync and the bot. */
export const AwaySwitchSchema = z.object({
  away: z.boolean(),
  /** When it was set. */
  at: z.number(),
  /** When the hours take over again; absent: until the next `/away`. */
  until: z.number().optional(),
});
export type AwaySwitch = z.infer<typeof AwaySwitchSchema>;

export interface AwayRules {
  /** `WORKING_HOURS`; absent: always working. */
  hours: WeeklyHours | undefined;
  /** `BOT_TIMEZONE`, the zone of the hours. */
  timeZone: string;
}

export interface AwayState {
  away: boolean;
  /** Why: the working hours, or the seller's `/away`. */
  by: 'hours' | 'switch';
  /** When this state began (an away period's start); undefined when it always held. */
  since: number | undefined;
  /** When it changes by itself next; undefined when only `/away` changes it. */
  next: number | undefined;
}

function byHours(rules: AwayRules, at: number): AwayState {
  if (rules.hours === undefined) return { away: false, by: 'hours', since: undefined, next: undefined };
  const state = hoursStateAt(rules.hours, at, rules.timeZone);
  return { away: !state.open, by: 'hours', since: state.since, next: state.next };
}

export function awayState(rules: AwayRules, switched: AwaySwitch | undefined, at: number): AwayState {
  const hours = byHours(rules, at);
  if (switched === undefined || (switched.until !== undefined && at >= switched.until) || switched.at > at) return hours;
  if (!switched.away) return { away: false, by: 'switch', since: switched.at, next: switched.until };
  // Away by the hours already when the seller said so: the same period goes on.
  const since = hours.away && hours.since !== undefined && hours.since <= switched.at ? hours.since : switched.at;
  return { away: true, by: 'switch', since, next: switched.until };
}

/** What `/away on` (`away`) or `/away off` sets at `at`: until the hours next bring the other state about. */
export function switchAway(rules: AwayRules, away: boolean, at: number): AwaySwitch {
  const hours = byHours(rules, at);
  if (rules.hours === undefined || hours.next === undefined) return { away, at };
  // Already as the hours have it: until they change; else past the change they are about to make.
  const until = hours.away === away ? hours.next : byHours(rules, hours.next).next;
  return until === undefined ? { away, at } : { away, at, until };
}
