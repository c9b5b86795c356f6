/**
 * Each latency the seller lives through beside its floor (floor-inputs.ts), and the target on their ratio: within
 * 1.5 × the floor, quiet messages within 2 × (the floor assumes the whole chat budget for either kind of message),
 * judged at 100 and 1000 open orders. With the Telegram model the latency is what reached the chat; with the
 * recording sink, what reached the sink.
 */
import type { ClassFloor, ScenarioFloors } from './floor-inputs.ts';
import type { Quantile } from './metrics.ts';
import type { TelegramMode } from './profiles.ts';
import type { ScenarioResult } from './scenario-result.ts';
import type { RunSummary } from './summarise.ts';

export const JUDGED_OPEN_ORDERS: readonly number[] = [100, 1000];
const RATIO_MAX = 1.5;
const QUIET_RATIO_MAX = 2;

export interface FloorRow {
  latency: string;
  ours: Quantile | undefined;
  naive: Quantile | undefined;
  floorS: number | undefined;
  /** Hot, quiet, the chat burst: the mean chance the bridge could know the line's chat was active. */
  known: number | undefined;
  /** In the chat: the Telegram side's own floor (an ideal sender at the chat's pace); the floor when it binds. */
  telegramS: number | undefined;
  ratioMax: number;
}

interface Column {
  name: (where: string) => string;
  ratioMax: number;
  value: (run: RunSummary, inChat: boolean) => Quantile | undefined;
  floor: (floors: ScenarioFloors) => ClassFloor | undefined;
}

const COLUMNS: Column[] = [
  {
    name: (where) => `hot → ${where} p95`,
    ratioMax: RATIO_MAX,
    value: (run, inChat) => (inChat ? run.seller.telegram?.hot.p95 : run.latency.hot.p95),
    floor: (floors) => floors.hot,
  },
  {
    name: (where) => `quiet → ${where} p95`,
    ratioMax: QUIET_RATIO_MAX,
    value: (run, inChat) => (inChat ? run.seller.telegram?.quiet.p95 : run.latency.quiet.p95),
    floor: (floors) => floors.quiet,
  },
  {
    name: (where) => `new order → ${where === 'chat' ? 'card' : where} p95`,
    ratioMax: RATIO_MAX,
    value: (run, inChat) => (inChat ? run.seller.telegram?.newOrderCard.p95 : run.latency.newOrders.p95),
    floor: (floors) => floors.newOrder,
  },
  {
    name: (where) => `status change → ${where === 'chat' ? 'card' : where} p95`,
    ratioMax: RATIO_MAX,
    value: (run, inChat) => (inChat ? run.seller.statusChange.telegram?.p95 : run.seller.statusChange.sink.p95),
    floor: (floors) => floors.statusChange,
  },
  {
    name: (where) => `chat burst, all in ${where}`,
    ratioMax: RATIO_MAX,
    value: (run, inChat) => (inChat ? run.latency.chatBurst?.telegram?.allInChat : run.latency.chatBurst?.allAtSink),
    floor: (floors) => floors.chatBurst,
  },
];

/** The scenario's latencies with a sample, each with its floor. */
export function floorRows(result: ScenarioResult, telegram: TelegramMode): FloorRow[] {
  const inChat = telegram !== 'sink';
  const where = inChat ? 'chat' : 'sink';
  return COLUMNS.flatMap((column) => {
    const ours = result.ours ? column.value(result.ours, inChat) : undefined;
    const naive = result.naive ? column.value(result.naive, inChat) : undefined;
    if (ours === undefined && naive === undefined) return [];
    const floor = result.floors ? column.floor(result.floors) : undefined;
    const floorS = floor ? (inChat ? floor.chatS : floor.sinkS) : undefined;
    const telegramS = inChat ? floor?.telegramS : undefined;
    return [{ latency: column.name(where), ours, naive, floorS, known: floor?.knownShare, telegramS, ratioMax: column.ratioMax }];
  });
}

/** value / floor; a censored value (some never arrived) makes the ratio a lower bound. */
export function ratioText(value: Quantile | undefined, floorS: number | undefined): string {
  if (value === undefined || floorS === undefined || floorS <= 0) return '–';
  return `${value.censored ? '>' : ''}${(value.s / floorS).toFixed(2)}×`;
}

/** Met, not met, or undefined: a censored ratio still under the limit says neither. */
export function ratioMet(row: FloorRow): boolean | undefined {
  if (row.ours === undefined || row.floorS === undefined) return undefined;
  const within = row.ours.s <= row.ratioMax * row.floorS;
  if (row.ours.censored) return within ? undefined : false;
  return within;
}
