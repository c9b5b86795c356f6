/**
 * The /stats report and the daily summary's body: today and the last N days (today and the days before it; 7 unless
 * asked), as calendar days of the bot's time zone, each figure read from the database as of `at`.
 */
import type { StatsFigures, StatsPeriod, StatsStore } from '../../core/audit.ts';
import { addDays, localDay, localTimeOn, startOfLocalDay } from '../../shared/local-time.ts';
import { lines, type Html } from '../helpers/html.ts';
import { storeStatsLine, storeTitleNamed } from '../texts/stores.ts';
import { formatDuration, statsBlock, statsFooter, statsLastDays, statsReport, statsToday, type StatsBlock } from '../texts/stats.ts';
import type { Translator } from '../texts/translator.ts';

/** The days /stats and the daily summary look back over unless asked otherwise. */
export const DEFAULT_STATS_DAYS = 7;

export interface StatsPeriods {
  today: StatsPeriod;
  /** The last `days` days, today included. */
  week: StatsPeriod;
  /** Local days: today, and the first of the period. */
  day: string;
  weekFrom: string;
}

/** The periods as of `at`; each ends just after `at`, so what happened at that very millisecond counts. */
export function statsPeriods(at: number, timeZone: string, days = DEFAULT_STATS_DAYS): StatsPeriods {
  const day = localDay(at, timeZone);
  const weekFrom = addDays(day, 1 - days);
  const to = at + 1;
  return {
    today: { from: startOfLocalDay(at, timeZone), to },
    week: { from: localTimeOn(weekFrom, 0, 0, timeZone), to },
    day,
    weekFrom,
  };
}

const block = (tr: Translator, figures: StatsFigures): StatsBlock => ({
  newOrders: figures.newOrders,
  taken: figures.taken,
  delivered: figures.delivered,
  deliveredByBot: figures.deliveredByBot,
  // Delivered on the store website counts as by hand: a person did it.
  deliveredByHand: Math.max(0, figures.delivered - figures.deliveredByBot),
  cancelled: figures.cancelled,
  revenue: figures.revenue,
  medianTake: formatDuration(tr, figures.medianTakeMs),
  medianAnswer: formatDuration(tr, figures.medianAnswerMs),
});

/** In `tr`'s language and zone: the days are counted in the zone the texts name (BOT_TIMEZONE). One day: today alone. */
export function buildStatsReport(tr: Translator, stats: StatsStore, at: number, days = DEFAULT_STATS_DAYS): Html {
  const periods = statsPeriods(at, tr.format.timeZone, days);
  const today = tr.format.day(periods.today.from);
  const todayBlock = statsBlock(tr, { title: statsToday(tr, { day: today }), figures: block(tr, stats.figures(periods.today)) });
  const periodBlock =
    days > 1
      ? statsBlock(tr, {
          title: statsLastDays(tr, { days, from: tr.format.day(periods.week.from), to: today }),
          figures: block(tr, stats.figures(periods.week)),
        })
      : undefined;
  return statsReport({
    today: todayBlock,
    week: periodBlock,
    stores: storeLines(tr, stats, days > 1 ? periods.week : periods.today),
    footer: statsFooter(tr, { at }),
  });
}

/** Several stores: one line per store for the period (the blocks above are their totals). */
function storeLines(tr: Translator, stats: StatsStore, period: StatsPeriod): Html | undefined {
  if (stats.byStore === undefined || !tr.stores.several) return undefined;
  return lines(
    [...stats.byStore].map(([name, store]) => {
      const figures = store.figures(period);
      return storeStatsLine(tr, {
        store: storeTitleNamed(tr, name) ?? name,
        newOrders: figures.newOrders,
        delivered: figures.delivered,
        revenue: figures.revenue,
      });
    }),
  );
}
