/** The chat schedule's rules as the engine derives them for a 10 s poll interval, for tests of the schedule alone. */
import type { ChatScheduleRules } from '../../src/sync/chats/chat-schedule.ts';

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
/** A fixed instant, so schedules are computed on a clock the test moves. */
export const NOW = 1_800_000_000_000;

export const scheduleRules = (overrides: Partial<ChatScheduleRules> = {}): ChatScheduleRules => ({
  intervalMs: 10 * SECOND,
  hotWindowMs: 10 * MINUTE,
  eventWarmMs: 150 * SECOND,
  activityHotMs: 30 * SECOND,
  quietCeiling: 16,
  quietWeight: 3,
  hotHeat: 4,
  ...overrides,
});
