/** The team's targets, judged on a run's results: met, missed by how much, or not run in this mode. */
import { floorRows, JUDGED_OPEN_ORDERS, ratioMet, ratioText } from './floor-table.ts';
import type { Quantile } from './metrics.ts';
import { POLL_INTERVAL_MS, rateLimitOf, STORE_RATE_LIMIT, type TelegramMode } from './profiles.ts';
import type { ScenarioResult } from './scenario-result.ts';
import type { RunSummary } from './summarise.ts';

export interface TargetVerdict {
  target: string;
  openOrders: number | 'all';
  /** What was measured, as shown. */
  value: string;
  limit: string;
  /** undefined: not run in this mode, or a figure to report rather than a pass/fail. */
  met: boolean | undefined;
  /** For a missed target: how far off. */
  by?: string;
}

const RSS_LIMIT_MB = 120;
const SPEEDUP_MIN = 5;
/** A stocked order: seen on the paid list within two polls, then its Take and Deliver at the paced rate. */
const autoDeliveryMaxS = (limit: number) => (2 * POLL_INTERVAL_MS) / 1000 + (2 * STORE_RATE_LIMIT.windowMs) / 1000 / limit;
const AUTO_DELIVERY_TARGET = 'ours: auto-delivery p95 ≤ 2 poll intervals + 2 paced requests';
const FOCUS = 1000;
const LARGEST = 5000;

export function judgeTargets(results: readonly ScenarioResult[], telegram: TelegramMode): TargetVerdict[] {
  const verdicts: TargetVerdict[] = [];
  for (const result of results) {
    const ours = result.ours;
    const n = result.spec.openOrders;
    if (!ours) continue;
    verdicts.push(...chatBurstVerdicts(ours, n, telegram));
    const status429 = ours.requests.status429.wholeRun;
    verdicts.push(zero('ours: no 429 received', n, status429));
    const lost = ours.correctness.undelivered;
    verdicts.push({
      ...zero('ours: no message lost', n, lost),
      value: `${lost} undelivered (${ours.correctness.droppedAfterRead} dropped after a read, ${ours.correctness.neverRead} never read)`,
    });
    verdicts.push(zero('ours: no duplicate', n, ours.correctness.duplicateMessages + ours.correctness.duplicateOrders));
    verdicts.push(...autoDeliveryVerdicts(ours, n, autoDeliveryMaxS(rateLimitOf(result.spec))));
    if (JUDGED_OPEN_ORDERS.includes(n)) verdicts.push(...floorVerdicts(result, telegram));
  }

  const focus = results.find((result) => result.spec.openOrders === FOCUS);
  const oursHot = focus?.ours?.latency.hot.p95;
  const naiveHot = focus?.naive?.latency.hot.p95;
  if (oursHot && naiveHot) {
    const speedup = naiveHot.s / oursHot.s;
    // A censored naive p95 is a lower bound, so the speed-up is too; a censored ours makes it an upper bound.
    const qualifier = naiveHot.censored && !oursHot.censored ? '≥ ' : oursHot.censored && !naiveHot.censored ? '≤ ' : '';
    const met = speedup >= SPEEDUP_MIN ? (oursHot.censored ? undefined : true) : naiveHot.censored ? undefined : false;
    verdicts.push({
      target: 'hot-chat p95 ≥ 5× lower than naive',
      openOrders: FOCUS,
      value: `${qualifier}${speedup.toFixed(1)}× (naive ${show(naiveHot)} / ours ${show(oursHot)})`,
      limit: `≥ ${SPEEDUP_MIN}×`,
      met,
      ...(met === false ? { by: `${(SPEEDUP_MIN / speedup).toFixed(2)}× short` } : {}),
    });
  } else verdicts.push(notRun('hot-chat p95 ≥ 5× lower than naive', FOCUS));

  const largest = results.find((result) => result.spec.openOrders === LARGEST)?.ours;
  if (largest) {
    const peak = largest.resources.peakRssMB;
    verdicts.push({
      target: 'ours: peak RSS < 120 MB',
      openOrders: LARGEST,
      value: `${peak.toFixed(1)} MB (process before polling: ${largest.resources.baselineRssMB.toFixed(1)} MB)`,
      limit: `< ${RSS_LIMIT_MB} MB`,
      met: peak < RSS_LIMIT_MB,
      ...(peak < RSS_LIMIT_MB ? {} : { by: `${(peak - RSS_LIMIT_MB).toFixed(1)} MB over` }),
    });
  } else verdicts.push(notRun('ours: peak RSS < 120 MB', LARGEST));

  for (const result of results) {
    if (!result.ours) continue;
    const db = result.ours.db;
    verdicts.push({
      target: 'ours: database size (bounded growth)',
      openOrders: result.spec.openOrders,
      value: `${mb(db.bytesAtEnd)} MB at end, ${mb(db.diskBytesAtEnd)} MB on disk with WAL (${db.rows?.chat_messages ?? 0} message rows)`,
      limit: 'rows pruned after 7 store days',
      met: undefined,
      by: `grew ${mb(db.growthBytesPerHour)} MB per store hour in the measured window`,
    });
  }
  return verdicts;
}

function autoDeliveryVerdicts(ours: RunSummary, n: number, maxS: number): TargetVerdict[] {
  const auto = ours.autoDelivery;
  if (auto === undefined) return [];
  const p95 = auto.latency.p95;
  const faults = auto.itemsInTwoOrders + auto.wrongValue + auto.undelivered;
  return [
    p95 === undefined
      ? { target: AUTO_DELIVERY_TARGET, openOrders: n, value: 'no sample', limit: `≤ ${maxS} s`, met: undefined }
      : { ...atMost(AUTO_DELIVERY_TARGET, n, p95, maxS, 's'), value: `${show(p95)} (n=${auto.latency.n})` },
    {
      ...zero('ours: every stocked order auto-delivered once, with its own items', n, faults),
      value: `${auto.undelivered} undelivered, ${auto.itemsInTwoOrders} items in two orders, ${auto.wrongValue} other values (${auto.delivered} delivered)`,
    },
  ];
}

/** Each latency against its floor (floor-table.ts): ours' p95 within the ratio the target allows. */
export function floorVerdicts(result: ScenarioResult, telegram: TelegramMode): TargetVerdict[] {
  return floorRows(result, telegram).flatMap((row) => {
    if (row.ours === undefined || row.floorS === undefined) return [];
    const met = ratioMet(row);
    const ratio = row.ours.s / row.floorS;
    return [
      {
        target: `ours: ${row.latency} ≤ ${row.ratioMax} × its floor`,
        openOrders: result.spec.openOrders,
        value: `${ratioText(row.ours, row.floorS)} (${show(row.ours)} / floor ${row.floorS.toFixed(1)} s)`,
        limit: `≤ ${row.ratioMax}×`,
        met,
        ...(met === false ? { by: `${(ratio / row.ratioMax).toFixed(2)}× over` } : {}),
        ...(met === undefined ? { by: 'some still on their way at the end' } : {}),
      },
    ];
  });
}

function chatBurstVerdicts(ours: RunSummary, n: number, telegram: TelegramMode): TargetVerdict[] {
  if (telegram === 'sink' || ours.latency.chatBurst?.telegram === undefined) return [];
  return [
    zero('ours: no Telegram 429 (whole run)', n, ours.seller.telegram?.status429 ?? 0),
    zero('ours: no Telegram 429 during the chat burst', n, ours.latency.chatBurst.telegram.status429),
  ];
}

function zero(target: string, openOrders: number, count: number): TargetVerdict {
  return { target, openOrders, value: String(count), limit: '0', met: count === 0, ...(count === 0 ? {} : { by: `${count} over` }) };
}

/** A censored value under the limit (something still on its way when the run ended) is no verdict either way. */
function atMost(target: string, openOrders: number, value: Quantile, limit: number, unit: string): TargetVerdict {
  if (value.censored && value.s < limit) {
    return {
      target,
      openOrders,
      value: show(value),
      limit: `≤ ${limit} ${unit}`,
      met: undefined,
      by: 'some still on their way at the end',
    };
  }
  const met = value.s <= limit && !value.censored;
  return {
    target,
    openOrders,
    value: show(value),
    limit: `≤ ${limit} ${unit}`,
    met,
    ...(met ? {} : { by: `${(value.s - limit).toFixed(1)} ${unit} over` }),
  };
}

function notRun(target: string, openOrders: number): TargetVerdict {
  return { target, openOrders, value: 'not run in this mode', limit: '', met: undefined };
}

export function show(value: Quantile | undefined): string {
  if (value === undefined) return '–';
  return `${value.censored ? '>' : ''}${value.s < 10 ? value.s.toFixed(1) : value.s.toFixed(0)} s`;
}

function mb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}
