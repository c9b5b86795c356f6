/**
 * The /stats report and the daily summary's body: today and the last 7 days (today and the six days before it), as
 * calendar days of the bot's time zone, each figure read from the database as of `at`.
 */
import type { StatsFigures, StatsPeriod, StatsStore } from '../../core/audit.ts';
import { addDays, localDay, localHm, localTimeOn, startOfLocalDay } from '../../shared/local-time.ts';
import type { Html } from '../helpers/html.ts';
import { formatDuration, statsBlock, statsFooter, statsReport, statsToday, statsWeek, type StatsBlock } from '../texts/stats.ts';

export interface StatsPeriods {
  today: StatsPeriod;
  week: StatsPeriod;
  /** Local days: today, and the first of the seven. */
  day: string;
  weekFrom: string;
}

/** The periods as of `at`; each ends just after `at`, so what happened at that very millisecond counts. */
export function statsPeriods(at: number, timeZone: string): StatsPeriods {
  const day = localDay(at, timeZone);
  const weekFrom = addDays(day, -6);
  const to = at + 1;
  return {
    today: { from: startOfLocalDay(at, timeZone), to },
    week: { from: localTimeOn(weekFrom, 0, 0, timeZone), to },
    day,
    weekFrom,
  };
}

const block = (figures: StatsFigures): StatsBlock => ({
  newOrders: figures.newOrders,
  taken: figures.taken,
  delivered: figures.delivered,
  deliveredByBot: figures.deliveredByBot,
  // Delivered on the store website counts as by hand: a person did it.
  deliveredByHand: Math.max(0, figures.delivered - figures.deliveredByBot),
  cancelled: figures.cancelled,
  revenue: figures.revenue,
  medianTake: formatDuration(figures.medianTakeMs),
  medianAnswer: formatDuration(figures.medianAnswerMs),
});

export function buildStatsReport(stats: StatsStore, at: number, timeZone: string): Html {
  const periods = statsPeriods(at, timeZone);
  return statsReport({
    today: statsBlock({ title: statsToday({ day: periods.day }), figures: block(stats.figures(periods.today)) }),
    week: statsBlock({ title: statsWeek({ from: periods.weekFrom, to: periods.day }), figures: block(stats.figures(periods.week)) }),
    footer: statsFooter({ timeZone, time: `${periods.day} ${localHm(at, timeZone)}` }),
  });
}
