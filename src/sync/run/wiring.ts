/**
 * From the engine's options to the rules each part takes: the tuning (defaults under the options), then the
 * schedule, outbox, order-watch and chat-watch rules cut from it.
 */
import type { ChatScheduleRules } from '../chats/chat-schedule.ts';
import type { ChatWatchRules } from '../chats/chat-watch.ts';
import type { OrderWatchRules } from '../orders/order-watch.ts';
import type { OutboxRules } from '../outbox/outbox.ts';
import { DEFAULT_BUDGET_RULES } from '../budget/request-budget.ts';
import { defaultTuning, type SyncTuning } from './tuning.ts';

/** The poll interval and the tuning, both in whole milliseconds. */
export interface EngineSettings {
  pollIntervalMs: number;
  tuning: SyncTuning;
}

/**
 * Instants and durations land in STRICT INTEGER columns: a decimal interval (POLL_INTERVAL_SECONDS=0.3333)
 * or a fractional option must not make every schedule write fail.
 */
export function engineSettings(pollIntervalMs: number, options: Partial<SyncTuning>): EngineSettings {
  const interval = Math.max(1, Math.round(pollIntervalMs));
  return { pollIntervalMs: interval, tuning: wholeMilliseconds({ ...defaultTuning(interval), ...definedOnly(options) }) };
}

const chatScheduleRules = ({ pollIntervalMs, tuning }: EngineSettings): ChatScheduleRules => ({
  intervalMs: pollIntervalMs,
  hotWindowMs: tuning.hotWindowMs,
  eventWarmMs: tuning.eventWarmMs,
  activityHotMs: tuning.activityHotMs,
  quietCeiling: tuning.quietCeiling,
  quietWeight: tuning.quietWeight,
  hotHeat: tuning.hotHeat,
});

export const chatWatchRules = (settings: EngineSettings): ChatWatchRules => ({
  ...chatScheduleRules(settings),
  messagesPageSize: settings.tuning.messagesPageSize,
  nearCursorMs: settings.tuning.nearCursorMs,
  sweepShareMin: settings.tuning.sweepShareMin,
  sweepShareMax: settings.tuning.sweepShareMax,
  sweepPerUnpredicted: settings.tuning.sweepPerUnpredicted,
  rushChats: settings.tuning.rushChats,
  rushRatio: settings.tuning.rushRatio,
  rushReachMs: settings.tuning.rushReachMs,
  rushMaxChats: settings.tuning.rushMaxChats,
});

export const outboxRules = ({ tuning }: EngineSettings): OutboxRules => ({
  backoffBaseMs: tuning.actionBackoffBaseMs,
  backoffMaxMs: tuning.actionBackoffMaxMs,
  echoSkewMs: tuning.echoSkewMs,
  closedChatWatchMs: tuning.closedChatWatchMs,
  messagesPageSize: tuning.messagesPageSize,
  reportRetryBaseMs: tuning.sinkRetryBaseMs,
  reportRetryMaxMs: tuning.sinkRetryMaxMs,
});

export const orderWatchRules = ({ pollIntervalMs, tuning }: EngineSettings): OrderWatchRules => ({
  ordersPageSize: tuning.ordersPageSize,
  statusListsEvery: Math.max(1, Math.floor(tuning.statusListsEvery)),
  closedChatWatchMs: tuning.closedChatWatchMs,
  hotWindowMs: tuning.hotWindowMs,
  statusListsMaxShare: tuning.statusListsMaxShare,
  statusListsBusyShare: tuning.statusListsBusyShare,
  rateWindowMs: Math.round(tuning.budget.fallbackWindowMs ?? DEFAULT_BUDGET_RULES.fallbackWindowMs),
  intervalMs: pollIntervalMs,
});

function wholeMilliseconds(tuning: SyncTuning): SyncTuning {
  const out: Record<string, unknown> = { ...tuning };
  for (const [key, value] of Object.entries(tuning)) {
    if (key.endsWith('Ms') && typeof value === 'number' && Number.isFinite(value)) out[key] = Math.max(0, Math.round(value));
  }
  return out as unknown as SyncTuning;
}

/** Options carry tuning fields beside the dependencies; undefined ones must not erase the defaults. */
function definedOnly(options: Partial<SyncTuning>): Partial<SyncTuning> {
  const keys = Object.keys(defaultTuning(1)) as (keyof SyncTuning)[];
  const picked: Partial<Record<keyof SyncTuning, unknown>> = {};
  for (const key of keys) if (options[key] !== undefined) picked[key] = options[key];
  return picked as Partial<SyncTuning>;
}
